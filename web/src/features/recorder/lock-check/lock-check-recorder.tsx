import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { scopeLabel } from '@sitewalk/shared/roster';
import { Spinner } from '../../../components/spinner.tsx';
import { afterPaint } from '../../../lib/after-paint.ts';
import { savingFailedText } from '../components/saving-failed.ts';
import { useRecorderServices } from '../recorder-services.tsx';
import { OutboxIndicator } from '../store/outbox-indicator.tsx';
import type { LockCheckSession, OutboxWrite } from '../store/types.ts';
import { finishLockCheck, type LockRecorded } from './lock-check-actions.ts';
import { LockCheckStep } from './lock-check-step.tsx';
import { useDoorWalks, useSavedRoster } from './use-check-roster.ts';

interface PendingSave {
  session: LockCheckSession;
  writes: OutboxWrite[];
  /** What follows the write (the finish closes the check on the device). */
  thens: (() => Promise<void>)[];
}

/**
 * A lock check from its start (or its resumption after a reload) to its finish: each action is saved on the
 * device with its outbox writes, one after the other, before anything is sent.
 */
export const LockCheckRecorder = ({
  initial,
  onAnother,
}: {
  initial: LockCheckSession;
  onAnother: () => void;
}) => {
  const { store } = useRecorderServices();
  const [session, setSession] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  // The check as last recorded, and the saves in order: each action builds on the one before.
  const current = useRef<LockCheckSession>(initial);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const roster = useSavedRoster(initial.locationId, store);
  const doorWalks = useDoorWalks(initial.userId, initial.locationId, store);

  // What is recorded and not yet being written: the latest check, with every such save's outbox writes.
  const pending = useRef<PendingSave | null>(null);

  /** Writes a pending save, once: whoever takes it first (its turn in the chain, or the page going). */
  const write = useCallback(
    (batch: PendingSave) => {
      if (pending.current !== batch) return Promise.resolve();
      pending.current = null;
      return store
        .recordLockCheck(batch.session, batch.writes)
        .then(async () => {
          for (const then of batch.thens) await then();
        })
        .catch((error: unknown) => setFailure(savingFailedText(error)));
    },
    [store],
  );

  const save = useCallback(
    (recorded: LockRecorded, then?: () => Promise<void>) => {
      current.current = recorded.session;
      setSession(recorded.session);
      const waiting = pending.current;
      if (waiting) {
        // A save not written yet takes this one along: one copy of the check, every write in order.
        waiting.session = recorded.session;
        waiting.writes.push(...recorded.writes);
        if (then) waiting.thens.push(then);
        return;
      }
      const batch: PendingSave = {
        session: recorded.session,
        writes: [...recorded.writes],
        thens: then ? [then] : [],
      };
      pending.current = batch;
      // The tap's pressed button is drawn before the check (a thousand results, and growing) is copied into
      // IndexedDB; one write at a time.
      chain.current = chain.current.then(afterPaint).then(() => write(batch));
    },
    [write],
  );

  // The page going (a reload, the app left, the tab closed): what is pending is written now, not after the
  // write in flight (IndexedDB keeps them in the order they began), so it is not lost with the page.
  useEffect(() => {
    const flush = () => {
      if (pending.current) void write(pending.current);
    };
    addEventListener('pagehide', flush);
    return () => removeEventListener('pagehide', flush);
  }, [write]);
  const record = useCallback(
    (action: (session: LockCheckSession) => LockRecorded | null) => {
      if (current.current.finishedAt !== null) return;
      const recorded = action(current.current);
      if (recorded) save(recorded);
    },
    [save],
  );

  const failureAlert = failure && (
    <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 1.5 }}>
      {failure}
    </Alert>
  );
  if (session.finishedAt !== null)
    return (
      <>
        {failureAlert}
        <LockCheckFinished session={session} onAnother={onAnother} />
      </>
    );
  if (roster.isPending) return <Spinner label="Loading the units" />;
  if (!roster.data)
    return (
      <Alert severity="error">
        The units of {session.locationName} are not on this device any more: open Record a Walk online to load
        them again.
      </Alert>
    );
  return (
    <>
      {failureAlert}
      <LockCheckStep
        session={session}
        roster={roster.data}
        doorWalks={doorWalks.data}
        record={record}
        onFinish={() =>
          save(finishLockCheck(current.current, new Date().toISOString()), () =>
            store.closeLockCheck(current.current.key),
          )
        }
      />
    </>
  );
};

const LockCheckFinished = ({ session, onAnother }: { session: LockCheckSession; onAnother: () => void }) => (
  <Box sx={{ maxWidth: 560, mx: 'auto', display: 'grid', gap: 2 }}>
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <CheckCircleIcon sx={{ color: '#1b5e20' }} fontSize="large" aria-hidden />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Lock check finished
      </Typography>
    </Stack>
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography>
        {scopeLabel(session.scope)} · {session.locationName}
      </Typography>
      <OutboxIndicator />
    </Paper>
    <Button variant="contained" size="large" onClick={onAnother} sx={{ minHeight: 48, justifySelf: 'start' }}>
      Record another
    </Button>
  </Box>
);
