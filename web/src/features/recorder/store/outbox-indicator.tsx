import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { Box, Stack, Typography } from '@mui/material';
import { FailedWrites } from './failed-writes.tsx';
import { getOutbox } from './index.ts';
import { outboxStatusText, retryText } from './outbox-texts.ts';
import { useOutboxStatus } from './use-outbox-status.ts';

/**
 * What the outbox holds, in words: '3 items waiting to send · 4.2 MB', 'Sending…', 'All sent', or offline
 * 'Offline — 3 items waiting to send'; and the writes that failed, each with its reason, Retry and Discard.
 */
export const OutboxIndicator = () => {
  const outbox = getOutbox();
  const status = useOutboxStatus(outbox);
  const Icon = !status.online
    ? CloudOffOutlined
    : status.waiting === 0
      ? CloudDoneOutlined
      : CloudUploadOutlined;
  const showRetry = status.online && !status.sending && status.waiting > 0 && status.retryAt !== null;
  return (
    <Stack spacing={1}>
      <Box
        role="status"
        aria-live="polite"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, minWidth: 0 }}
      >
        <Icon fontSize="small" aria-hidden color={status.online ? 'primary' : 'action'} />
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
          {outboxStatusText(status)}
        </Typography>
        {showRetry && status.retryAt !== null && (
          <Typography component="span" variant="body2" color="text.secondary">
            {retryText(status.retryAt)}
          </Typography>
        )}
      </Box>
      <FailedWrites failed={status.failed} outbox={outbox} />
    </Stack>
  );
};
