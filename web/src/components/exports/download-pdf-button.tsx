import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import { useMutation } from '@tanstack/react-query';
import type { ExportFile } from '@sitewalk/shared/schemas/export';
import { messages } from '@sitewalk/shared/messages';
import { errorMessageOf } from '../error-panel.tsx';
import { startDownload } from '../../lib/download.ts';

/**
 * 'Download PDF' (or 'Download CSV') on a detail screen: the server makes the file and answers a short-lived
 * link, which the browser then downloads. While it is made the button says so; a failure says why under it.
 */
export const DownloadPdfButton = ({
  make,
  what,
  format = 'PDF',
}: {
  make: () => Promise<ExportFile>;
  what: string;
  format?: 'PDF' | 'CSV';
}) => {
  const download = useMutation({
    mutationFn: make,
    onSuccess: (file) => startDownload(file.url, file.fileName),
  });
  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' } }}>
      <Button
        variant="outlined"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-label={`Download ${format} of ${what}`}
        startIcon={
          download.isPending ? (
            <CircularProgress size={16} color="inherit" />
          ) : format === 'PDF' ? (
            <PictureAsPdfOutlinedIcon />
          ) : (
            <TableViewOutlinedIcon />
          )
        }
        sx={{ whiteSpace: 'nowrap' }}
      >
        {download.isPending ? `Preparing ${format}…` : `Download ${format}`}
      </Button>
      {download.isError && (
        <Alert severity="error" onClose={() => download.reset()}>
          {errorMessageOf(download.error) ?? messages.fetch.unexpected}
        </Alert>
      )}
    </Stack>
  );
};
