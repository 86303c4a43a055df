/**
 * The recorder's data on the phone (issue 15): the walk being recorded, and the outbox of writes waiting for
 * the network. Everything is written to IndexedDB first, so a reload, a closed tab or a flat battery loses
 * nothing; the outbox sends in order when it can, and the API's client ids make each write land once.
 *
 * This file is the contract between the recorder's screens and its store; `store/index.ts` implements it.
 */
import type { ArrivalMethod } from '@sitewalk/shared/arrival';
import type { ImageContentType } from '@sitewalk/shared/constants';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import type { LockFinding } from '@sitewalk/shared/lock-check';
import type { CheckScope } from '@sitewalk/shared/roster';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import type { DiscardedWriteKind, DoorUnit } from '@sitewalk/shared/schemas/walkReport';

/** An arrival at a marker, as recorded on the phone. */
export interface Arrival {
  clientId: string;
  markerId: number;
  arrivedAt: string;
  lat: number;
  lng: number;
  accuracy: number;
  method: ArrivalMethod;
  /** Metres from the marker when it was recorded. */
  distance: number;
  /** Door markers: the unit asked for and the unit the walker saw. */
  targetUnit?: string;
  picturedUnit?: string;
}

export interface RecordedNote {
  clientId: string;
  markerId: number;
  note: string;
  at: string;
}

export interface RecordedPhoto {
  clientId: string;
  markerId: number;
  takenAt: string;
  lat?: number;
  lng?: number;
  accuracy?: number;
  /** True for the door photo of a door check. */
  door: boolean;
}

export interface RecordedIncident {
  clientId: string;
  typeId: 1 | 2 | 3;
  note: string;
  photoCount: number;
  at: string;
}

/** The walk being recorded on this device: all the screen needs to resume where it was. */
export interface RecordingSession {
  /** The start's client id: the report's name on this device, before and after the API numbers it. */
  key: string;
  userId: number;
  locationId: number;
  locationName: string;
  /** The walk as it was when the walk started (its markers are what this walk is measured against). */
  walk: Walk;
  startedAt: string;
  /** The API's id, once the start has been sent. */
  walkReportId: number | null;
  arrivals: Arrival[];
  notes: RecordedNote[];
  photos: RecordedPhoto[];
  incidents: RecordedIncident[];
  finishedAt: string | null;
}

/** One tap at a unit's door in a lock check (issue 31): what was seen there. */
export interface LockTap {
  clientId: string;
  /** The unit as the roster writes it (or as the walker typed it, for a unit not on the roster). */
  unit: string;
  finding: LockFinding;
  seenAt: string;
}

/** A door photo of a lock check's unit. */
export interface LockPhoto {
  clientId: string;
  unit: string;
  takenAt: string;
}

/**
 * The lock check being recorded on this device (issue 31): all the check screen needs to resume where it was.
 * Its units are the location's roster saved on the device (`loadRoster`) in the scope, and those added.
 */
export interface LockCheckSession {
  /** The start's client id: the check's name on this device, before and after the API numbers it. */
  key: string;
  userId: number;
  locationId: number;
  locationName: string;
  scope: CheckScope;
  /** The roster version the phone lists the units of. */
  rosterVersion: number;
  startedAt: string;
  /** Each unit's last tap, by `unitKey`. */
  results: Record<string, LockTap>;
  /**
   * A tap whose finding needs a door photo (`photoRequired`): it is sent with its photo, so it waits here until
   * the photo is taken (another tap of the unit replaces it).
   */
  awaitingPhoto: LockTap | null;
  /** How many photos each unit has (by `unitKey`). */
  photoCounts: Record<string, number>;
  /** Units found that are not on the roster, as typed. */
  addedUnits: string[];
  finishedAt: string | null;
}

interface Queued {
  /** The session (its `key`) the write belongs to. */
  session: string;
}

/** One write waiting to be sent. The outbox sends a session's writes in the order they were queued. */
export type OutboxWrite = Queued &
  (
    | { kind: 'start'; walkId: number; startedAt: string }
    // A completed marker; 'checkpoint' is the kind stored on phones and sent as a discarded write's kind.
    | { kind: 'checkpoint'; arrival: Arrival; isDoor: boolean }
    | { kind: 'note'; note: RecordedNote }
    | { kind: 'photo'; photo: RecordedPhoto; blob: Blob; contentType: ImageContentType }
    | {
        kind: 'incident';
        clientId: string;
        locationId: number;
        typeId: 1 | 2 | 3;
        note: string;
        photos: { clientId: string; blob: Blob; contentType: ImageContentType }[];
      }
    | { kind: 'finish'; finishedAt: string }
    // A lock check (issue 31): its start, each tap, each door photo, its finish.
    | { kind: 'lockCheckStart'; locationId: number; scope: CheckScope; startedAt: string }
    | { kind: 'lockResult'; result: LockTap }
    | { kind: 'lockPhoto'; photo: LockPhoto; blob: Blob; contentType: ImageContentType }
    | { kind: 'lockCheckFinish'; finishedAt: string }
    /** Tells the report that the walker discarded one of its writes (issue 28), once under that write's id. */
    | { kind: 'discarded'; clientId: string; discardedKind: DiscardedWriteKind }
  );

/**
 * A write the API refused for good (a 4xx other than 401/408/429), or a photo that failed the same way again and
 * again: kept and shown until the walker retries or discards it, never silently dropped.
 */
export interface FailedWrite {
  /** Its place in the queue: what `retry` and `discard` name it by. */
  seq: number;
  write: OutboxWrite;
  status: number;
  message: string;
  /** The label of the write's marker, while its session is on the device. */
  markerLabel: number | null;
  /** Whether discarding it tells the walk report (not when the walk never reached the server). */
  reported: boolean;
  /** An incident the server has, whose photos could not all be uploaded: only they are lost if discarded. */
  photosOnly?: boolean;
}

/** What the outbox indicator shows. */
export interface OutboxStatus {
  /** Writes not yet sent (a photo counts once). */
  waiting: number;
  /** The bytes of the photos among them. */
  bytes: number;
  /** Whether a write is on its way now. */
  sending: boolean;
  /** Whether the browser believes it is online. */
  online: boolean;
  /** When the next attempt is due after a failure (epoch ms), or null. */
  retryAt: number | null;
  failed: FailedWrite[];
}

/** The locations and walks the signed-in user may record, kept so a walk can start with no network. */
export interface RecorderCatalog {
  userId: number;
  savedAt: string;
  locations: { id: number; name: string; walks: Walk[] }[];
}

export interface RecorderStore {
  /** The user's walk in progress (started, not yet finished on this device), or null. */
  activeSession: (userId: number) => Promise<RecordingSession | null>;
  /**
   * One recorded action: the session as it now is and the writes it adds, in one IndexedDB transaction, so
   * the screen and the outbox never disagree.
   */
  record: (session: RecordingSession, writes: OutboxWrite[]) => Promise<void>;
  /** Forget a finished session on this device (its writes stay queued until sent). */
  closeSession: (key: string) => Promise<void>;
  saveCatalog: (catalog: RecorderCatalog) => Promise<void>;
  loadCatalog: (userId: number) => Promise<RecorderCatalog | null>;
  /** The user's lock check in progress on this device, or null. */
  activeLockCheck: (userId: number) => Promise<LockCheckSession | null>;
  /** One action of a lock check: the check as it now is and the writes it adds, in one transaction. */
  recordLockCheck: (session: LockCheckSession, writes: OutboxWrite[]) => Promise<void>;
  /** Forget a finished lock check on this device (its writes stay queued until sent). */
  closeLockCheck: (key: string) => Promise<void>;
  /** A location's roster, kept so a lock check can start and be listed with no network. */
  saveRoster: (roster: RosterVersion) => Promise<void>;
  loadRoster: (locationId: number) => Promise<RosterVersion | null>;
}

export interface Outbox {
  /** Send what is waiting now (also runs by itself: when queued, when online again, and on a backoff timer). */
  flush: () => Promise<void>;
  status: () => OutboxStatus;
  subscribe: (listener: (status: OutboxStatus) => void) => () => void;
  /** The API's id of a session's report, once known (for links to the walk report). */
  walkReportIdOf: (sessionKey: string) => Promise<number | null>;
  /** The API's id of a lock check (its session's key), once its start was answered. */
  lockCheckIdOf: (sessionKey: string) => Promise<number | null>;
  /**
   * The units the API drew for the session's door checks when its start was answered (issue 27), or null while
   * the start has not been answered. Empty for a start answered before the API drew units.
   */
  doorUnitsOf: (sessionKey: string) => Promise<DoorUnit[] | null>;
  /** Try a failed write again now (a photo, with its count of failures afresh). */
  retry: (seq: number) => Promise<void>;
  /** Give up a failed write; the walk report is told, through the queue, that one of its writes was discarded. */
  discard: (seq: number) => Promise<void>;
  stop: () => void;
}
