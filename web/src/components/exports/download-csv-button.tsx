import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { EXPORT_RANGE_DAYS_MAX } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { exportRangeBody, type ExportRange } from '@sitewalk/shared/schemas/export';
import { errorMessageOf } from '../error-panel.tsx';
import { startDownload } from '../../lib/download.ts';
import { exportCsv, type CsvKind } from '../../api/exports.ts';

const KIND_NAMES: Record<CsvKind, string> = { 'walk-reports': 'Walk reports', incidents: 'Incidents' };

/** A day as `YYYY-MM-DD` in UTC (the export's days are UTC days). */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const lastThirtyDays = () => {
  const to = new Date();
  return { from: utcDay(new Date(to.getTime() - 29 * 86_400_000)), to: utcDay(to) };
};

export interface DownloadCsvButtonProps {
  /** What to export; left out, the dialog lets the user choose. */
  kind?: CsvKind;
  /** One location; left out, every location of the user's scope. */
  locationId?: number;
  /** Where, as the dialog says it: the location's name, or 'all my locations'. */
  scopeName: string;
}

/**
 * 'Download CSV': a dialog asks for the days (the last 30 by default, at most a year), the server writes the
 * file and answers a short-lived link, which the browser downloads. The dialog stays open with the reason if
 * the server refuses.
 */
export const DownloadCsvButton = ({ kind, locationId, scopeName }: DownloadCsvButtonProps) => {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<CsvKind>(kind ?? 'walk-reports');
  const [range, setRange] = useState(lastThirtyDays);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const titleId = useId();
  const download = useMutation({
    mutationFn: (body: ExportRange) => exportCsv(chosen, body),
    onSuccess: (file) => {
      startDownload(file.url, file.fileName);
      setOpen(false);
    },
  });

  const submit = () => {
    const parsed = exportRangeBody.safeParse({
      ...range,
      ...(locationId === undefined ? {} : { locationId }),
    });
    if (!parsed.success) {
      const errors: Partial<Record<'from' | 'to', string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    download.mutate(parsed.data);
  };

  const what = KIND_NAMES[chosen];
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        onClick={() => {
          download.reset();
          setOpen(true);
        }}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Download CSV
      </Button>
      <Dialog
        open={open}
        onClose={() => !download.isPending && setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>Download CSV</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography color="text.secondary">
              {kind ? `${what} at ${scopeName}` : `Of ${scopeName}`}, one row each, for the days below.
            </Typography>
            {!kind && (
              <RadioGroup
                aria-label="What to download"
                value={chosen}
                onChange={(event) => setChosen(event.target.value as CsvKind)}
              >
                <FormControlLabel value="walk-reports" control={<Radio />} label="Walk reports" />
                <FormControlLabel value="incidents" control={<Radio />} label="Incidents" />
              </RadioGroup>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="From"
                type="date"
                value={range.from}
                onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
                error={Boolean(fieldErrors.from)}
                helperText={fieldErrors.from}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                label="To"
                type="date"
                value={range.to}
                onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
                error={Boolean(fieldErrors.to)}
                helperText={fieldErrors.to}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Days and times are in UTC; at most {EXPORT_RANGE_DAYS_MAX} days. Opens in Excel, Numbers or
              Google Sheets.
            </Typography>
            {download.isError && (
              <Alert severity="error">{errorMessageOf(download.error) ?? messages.fetch.unexpected}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={download.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={submit}
            disabled={download.isPending}
            startIcon={
              download.isPending ? (
                <CircularProgress size={16} color="inherit" />
              ) : (
                <FileDownloadOutlinedIcon />
              )
            }
          >
            {download.isPending ? 'Preparing CSV…' : 'Download'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
