import { Alert } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useCurrentUser } from '../../../lib/auth.tsx';
import { startRequestOf, type StartRequest } from '../home/start-request.ts';
import { useRecorderCatalog } from '../api/get-catalog.ts';
import { finishSession, startSession, type Recorded } from '../logic/session-actions.ts';
import { useRecorderServices } from '../recorder-services.tsx';
import { startLockCheck } from '../lock-check/lock-check-actions.ts';
import { LockCheckRecorder } from '../lock-check/lock-check-recorder.tsx';
import type { LockCheckSession, RecordingSession } from '../store/types.ts';
import { ChooseStep } from './choose-step.tsx';
import { savingFailedText } from './saving-failed.ts';
import { FinishedStep } from './finished-step.tsx';
import { RecordingStep } from './recording-step.tsx';

/**
 * The recorder: choose a walk (or a lock check), record it, finish it. A walk or lock check in progress on this
 * device (a reload, a closed tab, a flat battery) opens straight where it was. A Start on the home (router state) starts its
 * walk at once when none is in progress; the state is cleared at once, so a reload or a later 'Record another'
 * never starts it again.
 */
export const Recorder = () => {
  const user = useCurrentUser();
  const { store } = useRecorderServices();
  const routerLocation = useLocation();
  const navigate = useNavigate();
  const [request] = useState(() => startRequestOf(routerLocation.state));
  useEffect(() => {
    if (request)
      void navigate(`${routerLocation.pathname}${routerLocation.search}`, { replace: true, state: null });
    // Once, on the state the recorder opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // What is in progress on this device: a walk, or a lock check.
  const active = useQuery({
    queryKey: ['recorder', 'active', user.id],
    queryFn: async () => ({
      walk: await store.activeSession(user.id),
      lockCheck: await store.activeLockCheck(user.id),
    }),
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  if (active.isPending) return <Spinner label="Loading the recorder" />;
  if (active.isError) return <ErrorPanel error={active.error} />;
  return (
    <RecorderSteps initial={active.data.walk} initialLockCheck={active.data.lockCheck} request={request} />
  );
};

type Step =
  | { name: 'recording'; session: RecordingSession }
  | { name: 'finished'; session: RecordingSession }
  | { name: 'lockCheck'; session: LockCheckSession }
  | null;

const initialStep = (walk: RecordingSession | null, lockCheck: LockCheckSession | null): Step =>
  walk ? { name: 'recording', session: walk } : lockCheck ? { name: 'lockCheck', session: lockCheck } : null;

const RecorderSteps = ({
  initial,
  initialLockCheck,
  request,
}: {
  initial: RecordingSession | null;
  initialLockCheck: LockCheckSession | null;
  request: StartRequest | null;
}) => {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { store, outbox } = useRecorderServices();
  const [step, setStep] = useState<Step>(() => initialStep(initial, initialLockCheck));
  const [failure, setFailure] = useState<string | null>(null);
  // The session as last recorded, and the writes in order: each action builds on the one before.
  const current = useRef<RecordingSession | null>(initial);
  const chain = useRef<Promise<void>>(Promise.resolve());
  // The home's Start, used once: 'Record another' later shows the choice.
  const [pendingRequest, setPendingRequest] = useState(initial || initialLockCheck ? null : request);

  const record = useCallback(
    (action: (session: RecordingSession) => Recorded | null) => {
      const from = current.current;
      if (!from) return;
      const recorded = action(from);
      if (!recorded) return;
      current.current = recorded.session;
      setStep((previous) =>
        previous && previous.name !== 'lockCheck' ? { ...previous, session: recorded.session } : previous,
      );
      chain.current = chain.current
        .then(() => store.record(recorded.session, recorded.writes))
        .catch((error: unknown) => setFailure(savingFailedText(error)));
    },
    [store],
  );

  const failureAlert = failure && (
    <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 1.5 }}>
      {failure}
    </Alert>
  );

  const onAnother = () => {
    void queryClient.invalidateQueries({ queryKey: ['recorder', 'catalog', user.id] });
    setStep(null);
  };
  if (step?.name === 'lockCheck')
    return <LockCheckRecorder key={step.session.key} initial={step.session} onAnother={onAnother} />;
  if (step?.name === 'recording')
    return (
      <>
        {failureAlert}
        <RecordingStep
          session={step.session}
          record={record}
          onFinish={() => {
            const from = current.current;
            if (!from) return;
            const recorded = finishSession(from, new Date().toISOString());
            current.current = null;
            setStep({ name: 'finished', session: recorded.session });
            chain.current = chain.current
              .then(() => store.record(recorded.session, recorded.writes))
              .then(() => store.closeSession(recorded.session.key))
              .catch((error: unknown) => setFailure(savingFailedText(error)));
          }}
        />
      </>
    );
  if (step?.name === 'finished')
    return (
      <>
        {failureAlert}
        <FinishedStep session={step.session} outbox={outbox} onAnother={onAnother} />
      </>
    );
  return (
    <>
      {failureAlert}
      <Choose
        request={pendingRequest}
        onStart={(location, walk) => {
          setPendingRequest(null);
          const recorded = startSession({ userId: user.id, location, walk, now: new Date().toISOString() });
          current.current = recorded.session;
          setStep({ name: 'recording', session: recorded.session });
          chain.current = chain.current
            .then(() => store.record(recorded.session, recorded.writes))
            .catch((error: unknown) => setFailure(savingFailedText(error)));
        }}
        onStartLockCheck={(location, roster, scope) => {
          setPendingRequest(null);
          const recorded = startLockCheck({
            userId: user.id,
            location,
            roster,
            scope,
            now: new Date().toISOString(),
          });
          chain.current = chain.current
            .then(() => store.recordLockCheck(recorded.session, recorded.writes))
            .then(() => setStep({ name: 'lockCheck', session: recorded.session }))
            .catch((error: unknown) => setFailure(savingFailedText(error)));
        }}
      />
    </>
  );
};

const Choose = ({
  request,
  onStart,
  onStartLockCheck,
}: {
  request: StartRequest | null;
  onStart: Parameters<typeof ChooseStep>[0]['onStart'];
  onStartLockCheck: Parameters<typeof ChooseStep>[0]['onStartLockCheck'];
}) => {
  const user = useCurrentUser();
  const { store } = useRecorderServices();
  const catalog = useRecorderCatalog(user.id, store);
  const requested = catalog.data?.catalog.locations
    .find(({ id }) => id === request?.locationId)
    ?.walks.find(({ id }) => id === request?.walkId);
  const location = catalog.data?.catalog.locations.find(({ id }) => id === request?.locationId);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !location || !requested) return;
    started.current = true;
    onStart({ id: location.id, name: location.name }, requested);
  }, [location, requested, onStart]);
  // A requested walk found starts in the effect above, which leaves this step.
  if (catalog.isPending || requested) return <Spinner label="Loading your walks" />;
  if (catalog.isError) return <ErrorPanel error={catalog.error} />;
  return (
    <>
      {request && !requested && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          That walk is not on your list of walks to record any more: choose one below.
        </Alert>
      )}
      <ChooseStep
        catalog={catalog.data.catalog}
        offline={catalog.data.offline}
        preferredLocationId={user.defaultLocationId}
        onStart={onStart}
        onStartLockCheck={onStartLockCheck}
      />
    </>
  );
};
