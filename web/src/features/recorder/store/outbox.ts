import type { Routes } from '@sitewalk/shared/contract/index';
import { messages } from '@sitewalk/shared/messages';
import type { UploadTicket } from '@sitewalk/shared/schemas/common';
import { ApiError, type createApiClient } from '../../../lib/api-client.ts';
import type { LocalRecorderStore, QueuedWrite, StoreChange, StoredFailure } from './recorder-store.ts';
import type { FailedWrite, Outbox, OutboxStatus, OutboxWrite } from './types.ts';

/** The typed API client (`api` of lib/api.ts, or `createApiClient` with its own fetch and token). */
export type ApiCall = ReturnType<typeof createApiClient<Routes>>;

/** PUTs a photo to a presigned URL; throws `StorageError` when the storage refuses it. */
export type Upload = (
  ticket: Pick<UploadTicket, 'uploadUrl' | 'headers'>,
  blob: Blob,
  signal?: AbortSignal,
) => Promise<void>;

/** The storage answered a PUT with an error status. */
export class StorageError extends Error {
  override name = 'StorageError';
  constructor(readonly status: number) {
    super(`The photo could not be uploaded (${status})`);
  }
}

/**
 * A photo that an earlier try of the same upload has delivered: the storage refuses a PUT onto an object that is
 * there (412: upload URLs are write-once, `If-None-Match: *`), and the API hands out no URL for it any more (409).
 * The photo is there, so the upload is done.
 */
export const deliveredBefore = (error: unknown): boolean =>
  (error instanceof StorageError && error.status === 412) ||
  (error instanceof ApiError &&
    error.status === 409 &&
    error.body?.message === messages.upload.alreadyUploaded);

/** Headers a browser sets itself and refuses from scripts (a ticket may list content-length for S3). */
const BROWSER_SET_HEADERS = new Set(['content-length', 'host', 'connection']);
const UPLOAD_TIMEOUT_MS = 120_000;
const CALL_TIMEOUT_MS = 30_000;

/** An `Upload` over `fetch`: a PUT of the blob with the ticket's headers, and no Authorization. */
export const uploadWith =
  (doFetch: typeof fetch = (...args) => fetch(...args)): Upload =>
  async (ticket, blob, signal) => {
    const headers = Object.fromEntries(
      Object.entries(ticket.headers).filter(([name]) => !BROWSER_SET_HEADERS.has(name.toLowerCase())),
    );
    const timeout = AbortSignal.timeout(UPLOAD_TIMEOUT_MS);
    const response = await doFetch(ticket.uploadUrl, {
      method: 'PUT',
      headers,
      body: blob,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    // Nothing of the answer is needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new StorageError(response.status);
  };

export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** What the outbox needs of `navigator.locks` (typed here so that Node code, such as the bench, can use it). */
export interface Locks {
  request: <T>(name: string, callback: () => Promise<T>) => Promise<T>;
}

/** The browser's globals, where there are any (none in Node). */
const browser = globalThis as unknown as {
  window?: Listenable;
  document?: Listenable & { visibilityState: string };
  navigator?: { onLine?: boolean; locks?: Locks };
};

export interface OutboxOptions {
  store: LocalRecorderStore;
  call: ApiCall;
  upload?: Upload;
  /** Renews the session after a 401; true when it worked. */
  refresh?: () => Promise<boolean>;
  /** Whose writes to send (the signed-in user's); null sends nothing. Without it, every write is sent. */
  userId?: () => number | null;
  now?: () => number;
  random?: () => number;
  timers?: Timers;
  /** Whether the device is online (navigator.onLine by default). Offline, nothing is sent. */
  online?: () => boolean;
  /** Where 'online'/'offline' fire (the window by default; null for none). */
  window?: Listenable | null;
  /** Where 'visibilitychange' fires, and whether the page is visible (the document by default). */
  document?: (Listenable & { visibilityState: string }) | null;
  /** Keeps two tabs from sending at once (navigator.locks by default, where present; null for none). */
  locks?: Locks | null;
  /** Other things that should start a send (the app's: a new access token, the signed-in user known). */
  triggers?: (flush: () => void) => () => void;
  /** Send at once (default true). */
  start?: boolean;
  /** A new client id (for the notice of a discarded write that had none of its own). */
  newId?: () => string;
}

const isRetryableStatus = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500;

/** The first retry comes after about a second, then twice as long each time, up to a minute. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
const LOCK_NAME = 'sitewalk-recorder-outbox';
const PHOTO_LOCK_NAME = 'sitewalk-recorder-outbox-photos';
/**
 * A photo that fails this many times in a row with the same reason stops being tried by itself (issue 28): it
 * goes to the failed list with its reason, for the walker to retry or discard. At the backoff's pace that is
 * about half a minute of the same failure; a weak network's failures rarely come so many in a row, and not
 * with the same reason (the API's request and the storage's PUT fail in different words).
 */
export const PHOTO_SAME_FAILURES_MAX = 6;

/** Which step of a photo's upload failed: asking the API for its URL, or the PUT to the storage. */
export type UploadStep = 'ticket' | 'put';

/**
 * Why an upload failed, in words that follow 'The photo could not be uploaded: '. No URL (it is signed), and no
 * more of an error than its kind and status.
 */
export const uploadFailureReason = (error: unknown, step: UploadStep = 'put'): string => {
  if (error instanceof StorageError) return `the storage refused it (HTTP ${error.status})`;
  if (error instanceof ApiError) {
    if (error.status === 0) return 'the server could not be reached';
    return isRetryableStatus(error.status)
      ? `the server did not take it (HTTP ${error.status})`
      : error.message;
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return step === 'put' ? 'the upload took too long and was stopped' : 'the server took too long to answer';
  // fetch's own error (Chromium 'Failed to fetch', Firefox 'NetworkError…'): no connection, or refused by the
  // browser (a storage that does not allow this page's origin fails so on every try).
  if (error instanceof TypeError)
    return step === 'put'
      ? `the upload did not reach the storage (${error.message})`
      : `the server could not be reached (${error.message})`;
  return error instanceof Error ? error.message : 'an unknown error';
};

/** An error of one step of a photo's upload. */
class UploadStepError extends Error {
  constructor(
    readonly step: UploadStep,
    override readonly cause: unknown,
  ) {
    super(`The photo's ${step} failed`);
  }
}

/** The client id of a write, when it has one. */
const clientIdOf = (write: OutboxWrite): string | null => {
  switch (write.kind) {
    case 'checkpoint':
      return write.arrival.clientId;
    case 'note':
      return write.note.clientId;
    case 'photo':
      return write.photo.clientId;
    case 'incident':
    case 'discarded':
      return write.clientId;
    case 'start':
    case 'lockCheckStart':
      return write.session;
    case 'lockResult':
      return write.result.clientId;
    case 'lockPhoto':
      return write.photo.clientId;
    case 'finish':
    case 'lockCheckFinish':
      return null;
  }
};

/** A lock check's writes (issue 31): their record is a lock check, not a walk report. */
const LOCK_CHECK_KINDS: ReadonlySet<OutboxWrite['kind']> = new Set([
  'lockCheckStart',
  'lockResult',
  'lockPhoto',
  'lockCheckFinish',
]);
export const isLockCheckWrite = (
  write: OutboxWrite,
): write is Extract<
  OutboxWrite,
  { kind: 'lockCheckStart' | 'lockResult' | 'lockPhoto' | 'lockCheckFinish' }
> => LOCK_CHECK_KINDS.has(write.kind);

const markerIdOf = (write: OutboxWrite): number | null => {
  switch (write.kind) {
    case 'checkpoint':
      return write.arrival.markerId;
    case 'note':
      return write.note.markerId;
    case 'photo':
      return write.photo.markerId;
    default:
      return null;
  }
};

/** The delay before retry `attempt` (1, 2, …): the doubling delay, the upper half of it at random. */
export const backoffDelay = (attempt: number, random: () => number) => {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base / 2 + (random() * base) / 2);
};

type RunEnd = 'drained' | 'retry' | 'wait';

type Outcome =
  | { kind: 'sent' }
  | { kind: 'retry'; afterMs: number | null }
  | { kind: 'unauthorized' }
  | { kind: 'failed'; status: number; message: string };

/** What an error means for the write: try again later, renew the session, or give it up. */
export const classify = (error: unknown): Exclude<Outcome, { kind: 'sent' }> => {
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'unauthorized' };
    if (isRetryableStatus(error.status)) {
      return {
        kind: 'retry',
        afterMs: error.retryAfterSeconds === null ? null : error.retryAfterSeconds * 1000,
      };
    }
    return { kind: 'failed', status: error.status, message: error.message };
  }
  if (error instanceof StorageError) {
    if (isRetryableStatus(error.status)) return { kind: 'retry', afterMs: null };
    return { kind: 'failed', status: error.status, message: error.message };
  }
  // A network error, a timeout, an answer the contract does not allow: the write may or may not have
  // landed, and its client id makes sending it again safe.
  return { kind: 'retry', afterMs: null };
};

const statusOf = (error: unknown) =>
  error instanceof ApiError || error instanceof StorageError ? error.status : 0;

const browserWindow = () => browser.window ?? null;
const browserDocument = () => browser.document ?? null;
const browserLocks = () => browser.navigator?.locks ?? null;
const browserOnline = () => browser.navigator?.onLine !== false;
const defaultTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * One lane of the outbox: runs its sender one run at a time (under its Web Lock, so two tabs never send the
 * same lane at once), again when triggered during a run, and on its timer after a failure.
 */
interface Lane {
  flush: () => Promise<void>;
  /** Sends again at `at` (epoch ms), unless triggered sooner. */
  retryAt: (at: number) => void;
  clearTimer: () => void;
  /** The network came back: the next run is due at once, whatever the timer says. */
  wake: () => void;
  stop: () => void;
}

const createLane = (options: {
  run: () => Promise<RunEnd>;
  lockName: string;
  locks: Locks | null;
  timers: Timers;
  now: () => number;
  stopped: () => boolean;
  onRetryAt: (at: number | null) => void;
}): Lane => {
  const { run, lockName, locks, timers, now, stopped } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let due = false;
  let timer: unknown = null;

  const clearTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    options.onRetryAt(null);
  };

  const flush = (): Promise<void> => {
    if (stopped()) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    const exclusive = () => (locks ? locks.request(lockName, run) : run());
    running = (async () => {
      // A trigger during a run is not lost: it runs again, unless the run ended in a backoff (the timer
      // sends then). A timer that fell due during the run always runs again.
      let end: RunEnd;
      do {
        again = false;
        due = false;
        end = await exclusive();
      } while (!stopped() && (due || (again && end !== 'retry')));
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    flush,
    clearTimer,
    retryAt: (at) => {
      if (timer !== null) timers.clear(timer);
      timer = timers.set(
        () => {
          timer = null;
          // Due even if a run is still ending: it runs once more then.
          due = true;
          void flush();
        },
        Math.max(0, at - now()),
      );
      options.onRetryAt(at);
    },
    wake: () => {
      due = true;
    },
    stop: clearTimer,
  };
};

/**
 * The outbox's sender, in two lanes (issue 28). The main lane sends one write at a time, in queue order: a write
 * leaves the queue only once its answer has arrived, so a reload at any moment sends it again, under the same
 * client ids; a session's writes need its report id, which its start's answer gives. A photo takes its place
 * in that order only to be recorded (its upload URL asked for); its file then goes in the photo lane, which
 * sends each photo on its own backoff, so a photo that cannot be uploaded holds back neither the walk's
 * completed markers and finish nor the other photos. A photo that fails the same way again and again is set aside
 * with its reason, for the walker to retry or discard.
 */
/** An outbox with nothing to send and nothing failed. */
export const idleOutboxStatus = (online: boolean): OutboxStatus => ({
  waiting: 0,
  bytes: 0,
  sending: false,
  online,
  retryAt: null,
  failed: [],
});

export const createOutbox = (options: OutboxOptions): Outbox => {
  const { store, call } = options;
  const upload = options.upload ?? uploadWith();
  const refresh = options.refresh ?? (async () => false);
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timers = options.timers ?? defaultTimers;
  const isOnline = options.online ?? browserOnline;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const win = options.window === undefined ? browserWindow() : options.window;
  const doc = options.document === undefined ? browserDocument() : options.document;
  const locks = options.locks === undefined ? browserLocks() : options.locks;

  let status: OutboxStatus = idleOutboxStatus(isOnline());
  const listeners = new Set<(status: OutboxStatus) => void>();
  const update = (change: Partial<OutboxStatus>) => {
    const next = { ...status, ...change };
    const changed = (Object.keys(change) as (keyof OutboxStatus)[]).some((key) => next[key] !== status[key]);
    if (!changed) return;
    status = next;
    listeners.forEach((listener) => listener(status));
  };

  let stopped = false;
  const abort = new AbortController();
  const signal = abort.signal;
  const timeoutMs = CALL_TIMEOUT_MS;

  /** Each lane's state for the status: sending now, and when it tries again. */
  const sending = { main: false, photo: false };
  const retries: { main: number | null; photo: number | null } = { main: null, photo: null };
  const setSending = (lane: 'main' | 'photo', value: boolean) => {
    sending[lane] = value;
    update({ sending: sending.main || sending.photo });
  };
  const setRetryAt = (lane: 'main' | 'photo', at: number | null) => {
    retries[lane] = at;
    const times = [retries.main, retries.photo].filter((t): t is number => t !== null);
    update({ retryAt: times.length ? Math.min(...times) : null });
  };

  /**
   * Whether discarding a failure tells its report: not for a start or a notice, nor on a walk the API never
   * numbered (its start refused: there is no report to tell), nor a lock check's (no walk report).
   */
  const reportable = async (failure: Pick<StoredFailure, 'write'>) =>
    failure.write.kind !== 'start' &&
    failure.write.kind !== 'discarded' &&
    !isLockCheckWrite(failure.write) &&
    (await store.reportIdOf(failure.write.session)) !== null;

  /** The failed list changes only when its writes do, so the indicator re-renders only then. */
  let failedSeqs = '';
  const reload = async () => {
    // On a shared phone, what the signed-in user recorded (and, signed out, everything).
    const userId = options.userId?.() ?? undefined;
    const [backlog, failures] = await Promise.all([store.backlog(userId), store.failures(userId)]);
    const seqs = failures.map((f) => f.seq).join(',');
    if (seqs !== failedSeqs) {
      failedSeqs = seqs;
      const failed: FailedWrite[] = await Promise.all(
        failures.map(async (failure) => {
          const markerId = markerIdOf(failure.write);
          return {
            seq: failure.seq,
            write: failure.write,
            status: failure.status,
            message: failure.message,
            markerLabel:
              markerId === null ? null : await store.markerLabelOf(failure.session, markerId, failure.userId),
            reported: await reportable(failure),
            ...(failure.write.kind === 'incident' && failure.progress?.claimed ? { photosOnly: true } : {}),
          };
        }),
      );
      update({ waiting: backlog.items, bytes: backlog.bytes, failed });
    } else {
      update({ waiting: backlog.items, bytes: backlog.bytes });
    }
  };

  const reportIdFor = async (entry: QueuedWrite): Promise<number | Outcome> => {
    const id = await store.reportIdOf(entry.write.session);
    if (id !== null) return id;
    const failedStart = await store.failedStartOf(entry.write.session);
    if (failedStart) return { kind: 'failed', status: failedStart.status, message: failedStart.message };
    return {
      kind: 'failed',
      status: 0,
      message: isLockCheckWrite(entry.write)
        ? 'This lock check was never started'
        : 'This walk was never started',
    };
  };

  /** A lock check's door photo's upload URL: asking records the photo on the unit (the same key again). */
  const lockPhotoTicket = (write: Extract<OutboxWrite, { kind: 'lockPhoto' }>, lockCheckId: number) => () =>
    call('lockCheck.photoUpload', {
      params: { lockCheckId },
      body: {
        clientId: write.photo.clientId,
        unit: write.photo.unit,
        contentType: write.contentType,
        contentLength: write.blob.size,
        takenAt: write.photo.takenAt,
      },
      signal,
      timeoutMs,
    });

  /** A walk photo's upload URL: asking records the photo on the report (the same key again for its client id). */
  const photoTicket = (write: Extract<OutboxWrite, { kind: 'photo' }>, walkReportId: number) => () => {
    const { photo } = write;
    return call('walkReport.photoUpload', {
      params: { walkReportId },
      body: {
        clientId: photo.clientId,
        markerId: photo.markerId,
        contentType: write.contentType,
        contentLength: write.blob.size,
        takenAt: photo.takenAt,
        lat: photo.lat,
        lng: photo.lng,
        accuracy: photo.accuracy,
        // A door check's photo: SiteWalk reads the unit number on it once it arrives.
        door: photo.door,
      },
      signal,
      timeoutMs,
    });
  };

  /**
   * In queue order a photo is only recorded (its upload URL asked for, and let go); its file goes in the photo
   * lane. Null when an earlier try delivered it already (nothing left to send).
   */
  const claimPhoto = async (entry: QueuedWrite, ticket: () => Promise<unknown>): Promise<Outcome | null> => {
    try {
      await ticket();
    } catch (error) {
      if (!deliveredBefore(error)) throw error;
      return null;
    }
    await store.saveProgress(entry.seq, { ...entry.progress, claimed: true });
    void photoLane.flush();
    return { kind: 'sent' };
  };

  /** Sends one write of the main lane, every step of it; each step is safe to repeat. */
  const send = async (entry: QueuedWrite): Promise<Outcome> => {
    const { write } = entry;
    if (write.kind === 'start') {
      const report = await call('walkReport.start', {
        body: { walkId: write.walkId, clientId: write.session, startedAt: write.startedAt },
        signal,
        timeoutMs,
      });
      await store.completeStart(entry.seq, write.session, report.id, report.doorUnits);
      return { kind: 'sent' };
    }
    if (write.kind === 'lockCheckStart') {
      const check = await call('lockCheck.start', {
        body: {
          clientId: write.session,
          locationId: write.locationId,
          scope: write.scope,
          startedAt: write.startedAt,
        },
        signal,
        timeoutMs,
      });
      await store.completeStart(entry.seq, write.session, check.id, []);
      return { kind: 'sent' };
    }
    const walkReportId = await reportIdFor(entry);
    if (typeof walkReportId !== 'number') return walkReportId;
    const params = { walkReportId };
    // A lock check's record is numbered as a walk report's is (its start's answer).
    const lockCheckId = walkReportId;
    switch (write.kind) {
      case 'lockResult':
        await call('lockCheck.recordResult', {
          params: { lockCheckId },
          body: {
            clientId: write.result.clientId,
            unit: write.result.unit,
            finding: write.result.finding,
            seenAt: write.result.seenAt,
          },
          signal,
          timeoutMs,
        });
        break;
      case 'lockPhoto': {
        // As a walk photo, after its unit's result.
        const claimed = await claimPhoto(entry, lockPhotoTicket(write, lockCheckId));
        if (claimed) return claimed;
        break;
      }
      case 'lockCheckFinish':
        await call('lockCheck.finish', {
          params: { lockCheckId },
          body: { finishedAt: write.finishedAt },
          signal,
          timeoutMs,
        });
        break;
      case 'checkpoint': {
        const { arrival } = write;
        await call('walkReport.recordCompletedMarker', {
          params,
          body: {
            clientId: arrival.clientId,
            markerId: arrival.markerId,
            arrivedAt: arrival.arrivedAt,
            lat: arrival.lat,
            lng: arrival.lng,
            accuracy: arrival.accuracy,
            method: arrival.method,
            isDoor: write.isDoor,
            targetUnit: arrival.targetUnit,
            picturedUnit: arrival.picturedUnit,
            // This try's time by the phone's clock: the API judges the clock by it (shared/src/flags.ts).
            sentAt: new Date(now()).toISOString(),
          },
          signal,
          timeoutMs,
        });
        break;
      }
      case 'note':
        await call('walkReport.addNote', {
          params,
          body: { clientId: write.note.clientId, markerId: write.note.markerId, note: write.note.note },
          signal,
          timeoutMs,
        });
        break;
      case 'photo': {
        const claimed = await claimPhoto(entry, photoTicket(write, walkReportId));
        if (claimed) return claimed;
        break;
      }
      case 'incident': {
        let incidentId = entry.progress?.incidentId;
        const photosSent = entry.progress?.photosSent ?? 0;
        if (incidentId === undefined) {
          const incident = await call('incident.create', {
            body: {
              clientId: write.clientId,
              locationId: write.locationId,
              typeId: write.typeId,
              notes: write.note.trim() ? [write.note.trim()] : [],
              walkReportId,
            },
            signal,
            timeoutMs,
          });
          incidentId = incident.id;
          await store.saveProgress(entry.seq, { incidentId, photosSent });
        }
        if (photosSent < write.photos.length) {
          // The incident is recorded; its photos go in the photo lane, as a walk photo's file does.
          await store.saveProgress(entry.seq, { incidentId, photosSent, claimed: true });
          void photoLane.flush();
          return { kind: 'sent' };
        }
        break;
      }
      case 'finish':
        await call('walkReport.finish', {
          params,
          body: { finishedAt: write.finishedAt },
          signal,
          timeoutMs,
        });
        break;
      case 'discarded':
        await call('walkReport.recordDiscardedWrite', {
          params,
          body: { clientId: write.clientId, kind: write.discardedKind },
          signal,
          timeoutMs,
        });
        break;
    }
    await store.remove(entry.seq);
    return { kind: 'sent' };
  };

  let attempt = 0;
  const scheduleRetry = (afterMs: number | null) => {
    attempt += 1;
    const delay = Math.max(backoffDelay(attempt, random), afterMs ?? 0);
    mainLane.retryAt(now() + delay);
  };

  /**
   * Sends the main lane until it is empty ('drained'), a write is to be retried after a delay ('retry'), or it
   * must wait for the network or the session ('wait').
   */
  const runMain = async (): Promise<RunEnd> => {
    mainLane.clearTimer();
    update({ online: isOnline() });
    let refreshed = false;
    let changedQueue = false;
    try {
      while (!stopped) {
        await reload();
        if (!isOnline()) return 'wait';
        const userId = options.userId?.();
        if (userId === null) return 'wait';
        const entry = await store.head(userId);
        if (!entry) return 'drained';
        if (stopped) return 'wait';
        setSending('main', true);
        let outcome: Outcome;
        try {
          outcome = await send(entry);
        } catch (error) {
          outcome = classify(error);
        }
        if (stopped) return 'wait';
        if (outcome.kind === 'sent' || outcome.kind === 'failed') changedQueue = true;
        if (outcome.kind === 'sent') {
          attempt = 0;
          refreshed = false;
        } else if (outcome.kind === 'failed') {
          await store.fail(entry, outcome.status, outcome.message);
          attempt = 0;
        } else if (outcome.kind === 'unauthorized') {
          // One renewal, then the same write again; if the session cannot be renewed, wait for a trigger.
          if (refreshed || !(await refresh().catch(() => false))) return 'wait';
          refreshed = true;
        } else {
          scheduleRetry(outcome.afterMs);
          return 'retry';
        }
      }
      return 'wait';
    } catch {
      // The database failed us (a closed connection, a full disk): try again later.
      if (!stopped) scheduleRetry(null);
      return 'retry';
    } finally {
      setSending('main', false);
      if (changedQueue) store.announce();
      if (!stopped) await reload().catch(() => undefined);
    }
  };

  /**
   * Uploads one photo of the photo lane: a fresh upload URL, then the PUT (a photo an earlier try delivered is
   * done). A step's error is thrown as an UploadStepError, so its reason names the step.
   */
  const sendPhoto = async (entry: QueuedWrite): Promise<Outcome> => {
    const { write } = entry;
    const step = async <T>(name: UploadStep, run: () => Promise<T>): Promise<T | null> => {
      try {
        return await run();
      } catch (error) {
        if (deliveredBefore(error)) return null;
        throw new UploadStepError(name, error);
      }
    };
    if (write.kind === 'photo') {
      const walkReportId = await reportIdFor(entry);
      if (typeof walkReportId !== 'number') return walkReportId;
      const ticket = await step('ticket', photoTicket(write, walkReportId));
      if (ticket) await step('put', () => upload(ticket, write.blob, signal));
    } else if (write.kind === 'lockPhoto') {
      const lockCheckId = await reportIdFor(entry);
      if (typeof lockCheckId !== 'number') return lockCheckId;
      const ticket = await step('ticket', lockPhotoTicket(write, lockCheckId));
      if (ticket) await step('put', () => upload(ticket, write.blob, signal));
    } else if (write.kind === 'incident') {
      // An incident the main lane created: its photos one after the other, each counted once it is there.
      const progress = entry.progress ?? {};
      const { incidentId } = progress;
      if (incidentId === undefined)
        return { kind: 'failed', status: 0, message: 'The incident was not created' };
      let photosSent = progress.photosSent ?? 0;
      for (const photo of write.photos.slice(photosSent)) {
        const ticket = await step('ticket', () =>
          call('incident.photoUpload', {
            params: { id: incidentId },
            body: {
              clientId: photo.clientId,
              contentType: photo.contentType,
              contentLength: photo.blob.size,
            },
            signal,
            timeoutMs,
          }),
        );
        if (ticket) await step('put', () => upload(ticket, photo.blob, signal));
        photosSent += 1;
        entry.progress = { ...progress, photosSent };
        await store.saveProgress(entry.seq, entry.progress);
      }
    }
    await store.remove(entry.seq);
    return { kind: 'sent' };
  };

  /** The network came back: the photo lane tries every photo at once, whatever its backoff says. */
  let photosEager = false;

  /**
   * Sends the photo lane: every photo whose time has come, each on its own; a photo that fails waits its own
   * backoff (the others go on), and after PHOTO_SAME_FAILURES_MAX failures in a row for the same reason it is
   * set aside as failed.
   */
  const runPhotos = async (): Promise<RunEnd> => {
    photoLane.clearTimer();
    let refreshed = false;
    let changedQueue = false;
    try {
      while (!stopped) {
        if (!isOnline()) return 'wait';
        const userId = options.userId?.();
        if (userId === null) return 'wait';
        const photos = await store.photoLane(userId);
        if (photos.length === 0) return 'drained';
        const eager = photosEager;
        photosEager = false;
        const ready = photos.filter((p) => eager || (p.progress?.nextAt ?? 0) <= now());
        if (ready.length === 0) {
          photoLane.retryAt(Math.min(...photos.map((p) => p.progress?.nextAt ?? 0)));
          return 'retry';
        }
        for (const entry of ready) {
          if (stopped || !isOnline()) return 'wait';
          setSending('photo', true);
          let outcome: Outcome;
          let reason = '';
          let status = 0;
          try {
            outcome = await sendPhoto(entry);
          } catch (error) {
            const cause = error instanceof UploadStepError ? error.cause : error;
            outcome = classify(cause);
            reason = uploadFailureReason(cause, error instanceof UploadStepError ? error.step : 'put');
            status = statusOf(cause);
          }
          if (stopped) return 'wait';
          if (outcome.kind === 'sent') {
            changedQueue = true;
            refreshed = false;
          } else if (outcome.kind === 'failed') {
            changedQueue = true;
            await store.fail(entry, outcome.status, reason || outcome.message);
          } else if (outcome.kind === 'unauthorized') {
            if (refreshed || !(await refresh().catch(() => false))) return 'wait';
            refreshed = true;
          } else {
            const progress = entry.progress ?? {};
            const same = progress.lastReason === reason ? (progress.sameFailures ?? 0) + 1 : 1;
            if (same >= PHOTO_SAME_FAILURES_MAX) {
              changedQueue = true;
              await store.fail(entry, status, reason);
            } else {
              const delay = Math.max(backoffDelay(same, random), outcome.afterMs ?? 0);
              await store.saveProgress(entry.seq, {
                ...progress,
                sameFailures: same,
                lastReason: reason,
                nextAt: now() + delay,
              });
            }
          }
          await reload();
        }
      }
      return 'wait';
    } catch {
      if (!stopped) photoLane.retryAt(now() + backoffDelay(1, random));
      return 'retry';
    } finally {
      setSending('photo', false);
      if (changedQueue) store.announce();
      if (!stopped) await reload().catch(() => undefined);
    }
  };

  const laneOptions = {
    locks,
    timers,
    now,
    stopped: () => stopped,
  };
  const mainLane = createLane({
    ...laneOptions,
    run: runMain,
    lockName: LOCK_NAME,
    onRetryAt: (at) => setRetryAt('main', at),
  });
  const photoLane = createLane({
    ...laneOptions,
    run: runPhotos,
    lockName: PHOTO_LOCK_NAME,
    onRetryAt: (at) => setRetryAt('photo', at),
  });

  /** Both lanes at once; then the photo lane once more, for the photos the main lane recorded meanwhile. */
  const flush = async () => {
    await Promise.all([mainLane.flush(), photoLane.flush()]);
    await photoLane.flush();
  };

  const onOnline = () => {
    update({ online: isOnline() });
    // At once, not at the next backoff time: the failures were the network's.
    attempt = 0;
    photosEager = true;
    mainLane.wake();
    photoLane.wake();
    void flush();
  };
  const onOffline = () => update({ online: isOnline() });
  const onVisibility = () => {
    if (doc?.visibilityState === 'visible') void flush();
  };
  const triggered = () => void flush();
  const onStoreChange = (change: StoreChange) => {
    if (change === 'recorded') void flush();
    // Another tab sent or refused writes: the counts change here too.
    else void reload().catch(() => undefined);
  };

  win?.addEventListener('online', onOnline);
  win?.addEventListener('offline', onOffline);
  doc?.addEventListener('visibilitychange', onVisibility);
  const unsubscribeStore = store.subscribe(onStoreChange);
  const unsubscribeTriggers = options.triggers?.(triggered);
  if (options.start !== false) void flush();

  /** After the walker's retry or discard: the counts at once, the other tabs told, and a send. */
  const changedByWalker = async () => {
    store.announce();
    await reload();
    void flush();
  };

  return {
    flush,
    status: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    walkReportIdOf: (sessionKey) => store.reportIdOf(sessionKey),
    lockCheckIdOf: (sessionKey) => store.reportIdOf(sessionKey),
    doorUnitsOf: (sessionKey) => store.doorUnitsOf(sessionKey),
    retry: async (seq) => {
      if (await store.retry(seq)) await changedByWalker();
    },
    discard: async (seq) => {
      const failure = (await store.failures()).find((f) => f.seq === seq);
      if (!failure) return;
      const { write } = failure;
      const notice: OutboxWrite | null =
        write.kind !== 'start' &&
        write.kind !== 'discarded' &&
        !isLockCheckWrite(write) &&
        (await reportable(failure))
          ? {
              session: write.session,
              kind: 'discarded',
              // Keyed by the write's own id, so the report counts it once however often the notice goes.
              clientId: clientIdOf(write) ?? newId(),
              discardedKind: write.kind,
            }
          : null;
      if (await store.discard(seq, notice)) await changedByWalker();
    },
    stop: () => {
      stopped = true;
      abort.abort();
      mainLane.stop();
      photoLane.stop();
      win?.removeEventListener('online', onOnline);
      win?.removeEventListener('offline', onOffline);
      doc?.removeEventListener('visibilitychange', onVisibility);
      unsubscribeStore();
      unsubscribeTriggers?.();
      listeners.clear();
    },
  };
};
