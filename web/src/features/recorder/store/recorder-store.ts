import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import type { DoorUnit } from '@sitewalk/shared/schemas/walkReport';
import type {
  FailedWrite,
  LockCheckSession,
  OutboxWrite,
  RecorderCatalog,
  RecorderStore,
  RecordingSession,
} from './types.ts';

/**
 * The recorder's IndexedDB database ('sitewalk-recorder'): the sessions being recorded, the outbox (its
 * auto-increment key is the queue's order), the API's id of each session's record (a walk report's or a lock
 * check's), the writes the API refused for good, the catalog of walks each user may record; and (version 2,
 * issue 31) the lock checks being recorded and the rosters they list.
 */
export const RECORDER_DB_NAME = 'sitewalk-recorder';
const VERSION = 2;

/** How far a multi-step write got, so a retry does not repeat what is known to have landed. */
export interface WriteProgress {
  /** An incident's id, once its create was answered. */
  incidentId?: number;
  /** How many of an incident's photos were uploaded. */
  photosSent?: number;
  /**
   * A photo's upload was asked for in queue order (its `walkReport.photoUpload`: the report holds it now): its file
   * goes in the photo lane from here, never holding back the writes behind it (issue 28).
   */
  claimed?: boolean;
  /** The photo lane's failures of this photo in a row with the same reason, and that reason. */
  sameFailures?: number;
  lastReason?: string;
  /** When the photo lane tries it again (epoch ms). */
  nextAt?: number;
}

/** Which writes a lane sends: the photo lane a claimed photo's file, the main lane everything else. */
export type Lane = 'main' | 'photo';
export const laneOf = (entry: Pick<QueuedWrite, 'write' | 'progress'>): Lane =>
  (entry.write.kind === 'photo' || entry.write.kind === 'lockPhoto' || entry.write.kind === 'incident') &&
  entry.progress?.claimed
    ? 'photo'
    : 'main';

/** What waits to be sent: the writes, and the bytes of the photos among them. */
export interface Backlog {
  items: number;
  bytes: number;
}

/** The bytes a queued write still has to send (its photos not yet up). */
const bytesOf = ({ write, progress }: QueuedWrite) => {
  if (write.kind === 'photo' || write.kind === 'lockPhoto') return write.blob.size;
  if (write.kind === 'incident')
    return write.photos.slice(progress?.photosSent ?? 0).reduce((sum, photo) => sum + photo.blob.size, 0);
  return 0;
};

/** One write in the outbox, as stored: `seq` is its place in the queue. */
export interface QueuedWrite {
  seq: number;
  userId: number;
  write: OutboxWrite;
  progress?: WriteProgress;
}

export interface StoredFailure extends Omit<FailedWrite, 'markerLabel' | 'reported'> {
  /** The write's place in the queue when it failed. */
  seq: number;
  userId: number;
  session: string;
  /** How far it got before it failed (kept for a retry). */
  progress?: WriteProgress;
}

interface RecorderSchema extends DBSchema {
  sessions: { key: string; value: RecordingSession; indexes: { byUser: number } };
  outbox: { key: number; value: QueuedWrite; indexes: { bySession: string; byUser: number } };
  /**
   * A session's record, as its start's answer named it: its id (a walk report's, or a lock check's) and the
   * units drawn for a walk's door checks.
   */
  reportIds: { key: string; value: { session: string; walkReportId: number; doorUnits?: DoorUnit[] } };
  failed: { key: number; value: StoredFailure; indexes: { bySession: string; byUser: number } };
  catalogs: { key: number; value: RecorderCatalog };
  lockChecks: { key: string; value: LockCheckSession; indexes: { byUser: number } };
  rosters: { key: number; value: RosterVersion };
}

/** The store the screens use, plus what the outbox needs of the queue. */
export interface LocalRecorderStore extends RecorderStore {
  /** The first write of the main lane in the queue (of `userId` when given), or null. */
  head: (userId?: number) => Promise<QueuedWrite | null>;
  /** The photos of the photo lane (of `userId` when given), in queue order. */
  photoLane: (userId?: number) => Promise<QueuedWrite[]>;
  /** How many writes wait in the queue (of `userId` when given). */
  waiting: (userId?: number) => Promise<number>;
  /** The writes waiting, and their photos' bytes (of `userId` when given). */
  backlog: (userId?: number) => Promise<Backlog>;
  /** The write was answered: out of the queue. */
  remove: (seq: number) => Promise<void>;
  /**
   * A session's start was answered with its report id and door units: keep them and take the start out,
   * together.
   */
  completeStart: (seq: number, session: string, walkReportId: number, doorUnits: DoorUnit[]) => Promise<void>;
  saveProgress: (seq: number, progress: WriteProgress) => Promise<void>;
  /** The API refused the write for good: out of the queue and into the failed list, together. */
  fail: (entry: QueuedWrite, status: number, message: string) => Promise<void>;
  /** The writes refused for good (of `userId` when given), in queue order. */
  failures: (userId?: number) => Promise<StoredFailure[]>;
  /** A failed write goes back to its place in the queue, to be tried afresh; false when it is not failed. */
  retry: (seq: number) => Promise<boolean>;
  /**
   * A failed write is given up: out of the failed list and, together, the notice that tells the report (when
   * there is one) into the queue. False when it is not failed.
   */
  discard: (seq: number, notice: OutboxWrite | null) => Promise<boolean>;
  /**
   * The label of a session's marker: from the session while it is kept on the device, then from the walks saved
   * for its user (a finished walk's session is closed); null when neither knows it.
   */
  markerLabelOf: (session: string, markerId: number, userId: number) => Promise<number | null>;
  /** The failure of a session's start, if it failed for good. */
  failedStartOf: (session: string) => Promise<StoredFailure | null>;
  reportIdOf: (session: string) => Promise<number | null>;
  /** The units drawn for a session's door checks, once its start was answered (else null). */
  doorUnitsOf: (session: string) => Promise<DoorUnit[] | null>;
  /**
   * Called after each `record` ('recorded': the outbox sends then), here or in another tab, and when another
   * tab's outbox changed the queue ('changed': the counts are read again).
   */
  subscribe: (listener: (change: StoreChange) => void) => () => void;
  /** Tells the other tabs that this tab's outbox changed the queue. */
  announce: () => void;
  close: () => Promise<void>;
}

export type StoreChange = 'recorded' | 'changed';

export interface RecorderStoreOptions {
  /** The database's name (tests and the bench give each simulated phone its own). */
  name?: string;
  /** Tell the other tabs of changes (a BroadcastChannel named after the database), where there is one. */
  broadcast?: boolean;
}

/** What one recorded action writes: its session (a walk's or a lock check's) and its outbox writes. */
const recordTransaction = (db: IDBPDatabase<RecorderSchema>) =>
  db.transaction(['sessions', 'lockChecks', 'outbox', 'reportIds'], 'readwrite');
type RecordTransaction = ReturnType<typeof recordTransaction>;

const openDatabase = (name: string) =>
  openDB<RecorderSchema>(name, VERSION, {
    // From the version on the phone: what a phone with an older database lacks (its queue kept).
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('sessions', { keyPath: 'key' }).createIndex('byUser', 'userId');
        const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        outbox.createIndex('bySession', 'write.session');
        outbox.createIndex('byUser', 'userId');
        db.createObjectStore('reportIds', { keyPath: 'session' });
        const failed = db.createObjectStore('failed', { keyPath: 'seq' });
        failed.createIndex('bySession', 'session');
        failed.createIndex('byUser', 'userId');
        db.createObjectStore('catalogs', { keyPath: 'userId' });
      }
      if (oldVersion < 2) {
        db.createObjectStore('lockChecks', { keyPath: 'key' }).createIndex('byUser', 'userId');
        db.createObjectStore('rosters', { keyPath: 'locationId' });
      }
    },
  });

/**
 * The recorder's store over IndexedDB. The database opens on first use, so this can be called at any time.
 */
export const openRecorderStore = (options: RecorderStoreOptions = {}): LocalRecorderStore => {
  const name = options.name ?? RECORDER_DB_NAME;
  let opened: Promise<IDBPDatabase<RecorderSchema>> | null = null;
  const db = () => (opened ??= openDatabase(name));
  const listeners = new Set<(change: StoreChange) => void>();
  const notify = (change: StoreChange) => listeners.forEach((listener) => listener(change));
  let channel =
    options.broadcast !== false && typeof BroadcastChannel !== 'undefined'
      ? new BroadcastChannel(name)
      : null;
  const tell = (change: StoreChange) => {
    try {
      channel?.postMessage(change);
    } catch {
      // closed: no one to tell
    }
  };
  if (channel) {
    channel.onmessage = (event: { data: unknown }) => {
      if (event.data === 'recorded' || event.data === 'changed') notify(event.data);
    };
    // In Node (tests, the bench) an open channel would keep the process alive.
    (channel as { unref?: () => void }).unref?.();
  }

  /** The queued writes (of `userId` when given). */
  const queued = async (userId?: number) =>
    userId === undefined
      ? (await db()).getAll('outbox')
      : (await db()).getAllFromIndex('outbox', 'byUser', userId);

  /**
   * One recorded action: a session (a walk's, or a lock check's) as it now is and the writes it adds, in one
   * IndexedDB transaction, so the screen and the outbox never disagree.
   */
  const recordIn = async (
    session: Pick<RecordingSession, 'key' | 'userId'>,
    writes: OutboxWrite[],
    put: (tx: RecordTransaction) => Promise<unknown>,
  ) => {
    const stranger = writes.find((write) => write.session !== session.key);
    if (stranger)
      throw new Error(`A write of session ${stranger.session} cannot be recorded on ${session.key}`);
    const tx = recordTransaction(await db());
    // The transaction's own end, observed at once so an abort never goes unhandled.
    const done = tx.done.then(
      () => null,
      (error: unknown) => error,
    );
    try {
      const requests: Promise<unknown>[] = [];
      // Each request is observed as it is made: an abort rejects them all.
      const track = (request: Promise<unknown>) => {
        requests.push(request);
        request.catch(() => undefined);
      };
      track(put(tx));
      for (const write of writes) {
        track(tx.objectStore('outbox').add({ userId: session.userId, write } as QueuedWrite));
      }
      await Promise.all(requests);
    } catch (error) {
      // A write that cannot be stored (say, not cloneable) takes the session's change with it.
      try {
        tx.abort();
      } catch {
        // already ended
      }
      await done;
      throw error;
    }
    const failure = await done;
    if (failure) throw failure;
    notify('recorded');
    tell('recorded');
  };

  const reportIdOf = async (session: string) =>
    (await (await db()).get('reportIds', session))?.walkReportId ?? null;

  return {
    activeSession: async (userId) => {
      const sessions = await (await db()).getAllFromIndex('sessions', 'byUser', userId);
      const active = sessions
        .filter((s) => s.finishedAt === null)
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
      if (!active) return null;
      return { ...active, walkReportId: active.walkReportId ?? (await reportIdOf(active.key)) };
    },

    record: (session, writes) =>
      recordIn(session, writes, async (tx) => {
        const known = await tx.objectStore('reportIds').get(session.key);
        return tx.objectStore('sessions').put({
          ...session,
          walkReportId: session.walkReportId ?? known?.walkReportId ?? null,
        });
      }),

    closeSession: async (key) => {
      await (await db()).delete('sessions', key);
    },

    saveCatalog: async (catalog) => {
      await (await db()).put('catalogs', catalog);
    },

    loadCatalog: async (userId) => (await (await db()).get('catalogs', userId)) ?? null,

    activeLockCheck: async (userId) => {
      const checks = await (await db()).getAllFromIndex('lockChecks', 'byUser', userId);
      return (
        checks
          .filter((check) => check.finishedAt === null)
          .sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0] ?? null
      );
    },

    recordLockCheck: (session, writes) =>
      recordIn(session, writes, (tx) => tx.objectStore('lockChecks').put(session)),

    closeLockCheck: async (key) => {
      await (await db()).delete('lockChecks', key);
    },

    saveRoster: async (roster) => {
      await (await db()).put('rosters', roster);
    },

    loadRoster: async (locationId) => (await (await db()).get('rosters', locationId)) ?? null,

    head: async (userId) => {
      const tx = (await db()).transaction('outbox');
      for await (const cursor of tx.store) {
        const entry = cursor.value;
        if ((userId === undefined || entry.userId === userId) && laneOf(entry) === 'main') return entry;
      }
      return null;
    },

    photoLane: async (userId) =>
      (await queued(userId)).filter((entry) => laneOf(entry) === 'photo').sort((a, b) => a.seq - b.seq),

    waiting: async (userId) =>
      userId === undefined
        ? (await db()).count('outbox')
        : (await db()).countFromIndex('outbox', 'byUser', userId),

    backlog: async (userId) => {
      const entries = await queued(userId);
      return { items: entries.length, bytes: entries.reduce((sum, entry) => sum + bytesOf(entry), 0) };
    },

    remove: async (seq) => {
      await (await db()).delete('outbox', seq);
    },

    completeStart: async (seq, session, walkReportId, doorUnits) => {
      const tx = (await db()).transaction(['outbox', 'reportIds', 'sessions'], 'readwrite');
      const stored = await tx.objectStore('sessions').get(session);
      await Promise.all([
        tx.objectStore('reportIds').put({ session, walkReportId, doorUnits }),
        tx.objectStore('outbox').delete(seq),
        stored ? tx.objectStore('sessions').put({ ...stored, walkReportId }) : undefined,
        tx.done,
      ]);
    },

    saveProgress: async (seq, progress) => {
      const tx = (await db()).transaction('outbox', 'readwrite');
      const entry = await tx.store.get(seq);
      if (entry) await tx.store.put({ ...entry, progress });
      await tx.done;
    },

    fail: async (entry, status, message) => {
      const tx = (await db()).transaction(['outbox', 'failed'], 'readwrite');
      await Promise.all([
        tx.objectStore('failed').put({
          seq: entry.seq,
          userId: entry.userId,
          session: entry.write.session,
          write: entry.write,
          status,
          message,
          // What had landed (an incident's id, a photo's claim), for a retry.
          ...(entry.progress ? { progress: entry.progress } : {}),
        }),
        tx.objectStore('outbox').delete(entry.seq),
        tx.done,
      ]);
    },

    failures: async (userId) =>
      userId === undefined
        ? (await db()).getAll('failed')
        : (await db()).getAllFromIndex('failed', 'byUser', userId),

    retry: async (seq) => {
      const tx = (await db()).transaction(['outbox', 'failed'], 'readwrite');
      const failure = await tx.objectStore('failed').get(seq);
      if (!failure) {
        await tx.done;
        return false;
      }
      const { userId, write } = failure;
      const stored = failure as StoredFailure & { progress?: WriteProgress };
      // Afresh: the photo lane's count of failures starts again, what is known to have landed stays known.
      const { sameFailures: _count, lastReason: _reason, nextAt: _next, ...progress } = stored.progress ?? {};
      await Promise.all([
        // Its own place: an explicit key below the generator's leaves the generator as it is.
        tx.objectStore('outbox').put({ seq, userId, write, progress }),
        tx.objectStore('failed').delete(seq),
        tx.done,
      ]);
      return true;
    },

    discard: async (seq, notice) => {
      const tx = (await db()).transaction(['outbox', 'failed'], 'readwrite');
      const failure = await tx.objectStore('failed').get(seq);
      if (!failure) {
        await tx.done;
        return false;
      }
      await Promise.all([
        tx.objectStore('failed').delete(seq),
        notice
          ? tx.objectStore('outbox').add({ userId: failure.userId, write: notice } as QueuedWrite)
          : undefined,
        tx.done,
      ]);
      return true;
    },

    markerLabelOf: async (session, markerId, userId) => {
      const stored = await (await db()).get('sessions', session);
      const inSession = stored?.walk.markers.find((m) => m.id === markerId);
      if (inSession) return inSession.label;
      const catalog = await (await db()).get('catalogs', userId);
      const walks = catalog?.locations.flatMap((location) => location.walks) ?? [];
      return walks.flatMap((walk) => walk.markers).find((m) => m.id === markerId)?.label ?? null;
    },

    failedStartOf: async (session) => {
      const failed = await (await db()).getAllFromIndex('failed', 'bySession', session);
      return failed.find((f) => f.write.kind === 'start') ?? null;
    },

    reportIdOf,

    doorUnitsOf: async (session) => {
      const known = await (await db()).get('reportIds', session);
      return known ? (known.doorUnits ?? []) : null;
    },

    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    announce: () => tell('changed'),

    close: async () => {
      channel?.close();
      channel = null;
      if (opened) (await opened).close();
      opened = null;
    },
  };
};
