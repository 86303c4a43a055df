import { DELETE_REDIRECT_MS, ERROR_RESET_MS } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { useTimedStatus, type TimedStatus } from '../hooks/use-timed-status.ts';
import { StatusText } from './save-status.tsx';

/**
 * A delete: null → 'Deleting...' → 'Deleted!', then `onDeleted` (usually back to the list) after 1.5 s; or
 * 'Error', cleared after 1.5 s.
 */
export const useDeleteStatus = (
  options: { onDeleted?: () => void; onError?: (error: unknown) => void } = {},
) =>
  useTimedStatus({
    doneMs: DELETE_REDIRECT_MS,
    errorMs: ERROR_RESET_MS,
    onDone: options.onDeleted,
    onError: options.onError,
  });

const deleteTexts = {
  working: messages.status.deleting,
  done: messages.status.deleted,
  error: messages.status.error,
};

export const DeleteStatus = ({ status }: { status: TimedStatus }) => (
  <StatusText status={status} texts={deleteTexts} />
);
