import { useCallback, useEffect, useRef, useState } from 'react';

export type TimedStatus = null | 'working' | 'done' | 'error';

export interface TimedStatusOptions {
  /** How long 'done' shows before `onDone` runs (the spec's save or delete redirect). */
  doneMs: number;
  /** How long 'error' shows before the status clears. */
  errorMs: number;
  /** What follows a success (usually a navigation), after `doneMs`. */
  onDone?: () => void;
  /** A failure, for the caller's own message (field errors, say). */
  onError?: (error: unknown) => void;
}

/**
 * The status of one save or delete: null → working → done, then `onDone` after `doneMs`; or error, cleared
 * after `errorMs`. `run` resolves to the work's result, or undefined when it failed.
 */
export const useTimedStatus = ({ doneMs, errorMs, onDone, onError }: TimedStatusOptions) => {
  const [status, setStatus] = useState<TimedStatus>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The latest callbacks, for timers started by an earlier render.
  const callbacks = useRef({ onDone, onError });
  useEffect(() => {
    callbacks.current = { onDone, onError };
  }, [onDone, onError]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    async <T>(work: () => Promise<T>): Promise<T | undefined> => {
      clearTimeout(timer.current);
      setStatus('working');
      try {
        const result = await work();
        setStatus('done');
        timer.current = setTimeout(() => {
          setStatus(null);
          callbacks.current.onDone?.();
        }, doneMs);
        return result;
      } catch (error) {
        setStatus('error');
        callbacks.current.onError?.(error);
        timer.current = setTimeout(() => setStatus(null), errorMs);
        return undefined;
      }
    },
    [doneMs, errorMs],
  );

  return { status, run, busy: status === 'working' || status === 'done' };
};
