import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useMutation } from '@tanstack/react-query';
import type { ExportFile } from '@sitewalk/shared/schemas/export';
import { messages } from '@sitewalk/shared/messages';
import { errorMessageOf } from '../error-panel.tsx';
import { startDownload } from '../../lib/download.ts';

/**
 * 'Download PDF' on a detail screen: the server draws the PDF and answers a short-lived link, which the
 * browser then downloads. While it is made the button says so; a failure says why under it.
 */
export const DownloadPdfButton = ({ make, what }: { make: () => Promise<ExportFile>; what: string }) => {
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
        aria-label={`Download PDF of ${what}`}
        startIcon={
          download.isPending ? <CircularProgress size={16} color="inherit" /> : <PictureAsPdfOutlinedIcon />
        }
        sx={{ whiteSpace: 'nowrap' }}
      >
        {download.isPending ? 'Preparing PDF…' : 'Download PDF'}
      </Button>
      {download.isError && (
        <Alert severity="error" onClose={() => download.reset()}>
          {errorMessageOf(download.error) ?? messages.fetch.unexpected}
        </Alert>
      )}
    </Stack>
  );
};
