import { useState } from 'react';
import { DELETE_REDIRECT_MS, ERROR_RESET_MS } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { useTimedStatus, type TimedStatus } from '../hooks/use-timed-status.ts';
import { ApiError } from '../lib/api-client.ts';
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

/** What a refused delete says: the API's own sentence (a 409 names what to delete first), else a plain one. */
export const deleteRefusal = (what: string) => (error: unknown) =>
  error instanceof ApiError ? error.message : `The ${what} could not be deleted. Please try again.`;

/**
 * An object's delete, for a `DeleteCard`: `confirm` runs `remove`; a refusal is `failure`, in the words of
 * `failureText`; `busy` from the start until the page has moved on.
 */
export const useDelete = ({
  remove,
  onDeleted,
  failureText,
}: {
  remove: () => Promise<unknown>;
  onDeleted: () => void;
  failureText: (error: unknown) => string;
}) => {
  const [failure, setFailure] = useState<string | null>(null);
  const { status, run, busy } = useDeleteStatus({
    onDeleted,
    onError: (error) => setFailure(failureText(error)),
  });
  const confirm = () => {
    setFailure(null);
    void run(remove);
  };
  return { status, busy, failure, confirm };
};
