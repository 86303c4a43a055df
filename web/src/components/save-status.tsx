import { Typography } from '@mui/material';
import { ERROR_RESET_MS, SAVE_REDIRECT_MS } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { useTimedStatus, type TimedStatus } from '../hooks/use-timed-status.ts';

/**
 * A form's save: null → 'Saving...' → 'Saved!', then `onSaved` (usually a navigation) after 1 s; or
 * 'Error', cleared after 1.5 s. `run(() => mutateAsync(values))` drives it.
 */
export const useSaveStatus = (options: { onSaved?: () => void; onError?: (error: unknown) => void } = {}) =>
  useTimedStatus({
    doneMs: SAVE_REDIRECT_MS,
    errorMs: ERROR_RESET_MS,
    onDone: options.onSaved,
    onError: options.onError,
  });

const saveTexts = {
  working: messages.status.saving,
  done: messages.status.saved,
  error: messages.status.error,
};

/** The status text: green while saving and when saved, red for Error; nothing when idle. */
export const StatusText = ({
  status,
  texts,
}: {
  status: TimedStatus;
  texts: Record<NonNullable<TimedStatus>, string>;
}) => (
  <Typography
    role="status"
    aria-live="polite"
    component="span"
    sx={{ fontWeight: 600, color: status === 'error' ? 'error.main' : 'success.main', minHeight: '1.5em' }}
  >
    {status ? texts[status] : ''}
  </Typography>
);

export const SaveStatus = ({ status }: { status: TimedStatus }) => (
  <StatusText status={status} texts={saveTexts} />
);
