import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { Alert, AlertTitle, Box, Stack, Typography } from '@mui/material';
import { failedTitle, failedWriteText, outboxStatusText, retryText } from './outbox-texts.ts';
import { useOutboxStatus } from './use-outbox-status.ts';

/**
 * What the outbox holds, in words: '3 items waiting to send', 'Sending…', 'All sent', or offline
 * 'Offline — 3 items waiting to send'; and the writes the API refused, each with its message.
 */
export const OutboxIndicator = () => {
  const status = useOutboxStatus();
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
        sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
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
      {status.failed.length > 0 && (
        <Alert severity="error">
          <AlertTitle>{failedTitle(status.failed.length)}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {status.failed.map((failure, index) => (
              <li key={`${failure.write.session}-${index}`}>{failedWriteText(failure)}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
};
