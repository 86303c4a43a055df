import { randomUUID } from 'node:crypto';
import { messages } from '@sitewalk/shared/messages';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import { ApiError } from '../../../lib/api-client.ts';
import { StorageError, type ApiCall, type Timers, type Upload } from '../store/outbox.ts';
import type { OutboxWrite, RecordingSession } from '../store/types.ts';
import { aRecordingSession } from './recording-session.ts';

/**
 * Test doubles for the outbox's unit tests: an in-memory API with the recording routes' idempotency (a
 * client id lands once), faults to inject before or after a call lands, and a clock whose timers run only
 * when the test moves it.
 */

export interface CallRecord {
  name: string;
  clientId: string | undefined;
  walkReportId: number | undefined;
  /** What a photo's upload request said of it: the door check's photo, or not. */
  door?: unknown;
}

type Fault = {
  name: string;
  /** Thrown instead of the answer. */
  error: () => unknown;
  /** The call lands first and its answer is lost (the default: it never reaches the API). */
  afterLanding?: boolean;
};

export const apiError = (
  status: number,
  message = `HTTP ${status}`,
  retryAfterSeconds: number | null = null,
) =>
  new ApiError(
    status,
    message,
    { success: false, error: message, message, validationErrors: null },
    retryAfterSeconds,
  );

export const networkError = () => new TypeError('fetch failed');

export const createFakeApi = () => {
  let nextId = 100;
  const reports = new Map<string, number>();
  const finished = new Map<number, string>();
  const completedMarkers = new Map<number, Map<string, unknown>>();
  const notes = new Map<number, Map<string, string>>();
  const photos = new Map<number, Map<string, string>>();
  const incidents = new Map<string, number>();
  const incidentImages = new Map<number, Map<string, string>>();
  /** Bytes stored by PUT, by key. */
  const stored = new Map<string, number>();
  const calls: CallRecord[] = [];
  const puts: string[] = [];
  const faults: Fault[] = [];
  /** Client ids of the writes each report was told were discarded. */
  const discarded = new Map<number, Set<string>>();
  /** Lock checks (issue 31): each start's id by client id, the results landed in order, photos, finishes. */
  const lockChecks = new Map<string, number>();
  const lockResults = new Map<number, { clientId: string; unit: string; finding: string }[]>();
  const lockPhotos = new Map<number, Map<string, string>>();
  const lockFinished = new Map<number, string>();
  /** Calls (by name, 'PUT' for an upload) that fail every time so until told otherwise. */
  const always = new Map<string, () => unknown>();

  const entryOf = <V>(map: Map<number, Map<string, V>>, id: number) => {
    let entry = map.get(id);
    if (!entry) map.set(id, (entry = new Map()));
    return entry;
  };
  const ticket = (key: string) => ({
    uploadUrl: `https://storage.test/${key}`,
    key,
    headers: { 'content-type': 'image/jpeg', 'x-amz-meta-key': key },
    expiresIn: 900,
  });

  /** As the API: a key is signed again only while its file has not landed. */
  const pendingTicket = (key: string) => {
    if (stored.has(key)) throw apiError(409, messages.upload.alreadyUploaded);
    return ticket(key);
  };

  const land = (name: string, input: { params?: Record<string, number>; body?: Record<string, unknown> }) => {
    const body = input.body ?? {};
    const reportId = input.params?.walkReportId;
    const lockCheckId = input.params?.lockCheckId ?? 0;
    const openCheck = () => {
      if (lockFinished.has(lockCheckId)) throw apiError(409, 'A finished lock check cannot be changed');
    };
    const clientId = body.clientId as string;
    const open = (id: number) => {
      if (finished.has(id)) throw apiError(409, 'A finished walk report cannot be changed');
    };
    switch (name) {
      case 'walkReport.start': {
        let id = reports.get(clientId);
        if (id === undefined) reports.set(clientId, (id = nextId++));
        // The API draws a door check's unit as the report starts: here, one for marker 1 named after the report.
        return { id, doorUnits: [{ markerId: 1, unit: String(id) }] };
      }
      case 'walkReport.recordCompletedMarker': {
        const id = reportId ?? 0;
        const entry = entryOf(completedMarkers, id);
        if (!entry.has(clientId)) {
          open(id);
          entry.set(clientId, body);
        }
        return { id: 1 };
      }
      case 'walkReport.addNote': {
        const id = reportId ?? 0;
        const entry = entryOf(notes, id);
        if (!entry.has(clientId)) {
          open(id);
          entry.set(clientId, body.note as string);
        }
        return { id: 1 };
      }
      case 'walkReport.photoUpload': {
        const id = reportId ?? 0;
        const entry = entryOf(photos, id);
        // As the API: a recorded photo is signed again after the finish (its file goes in its own lane).
        if (!entry.has(clientId)) {
          open(id);
          entry.set(clientId, `walk/${id}/${randomUUID()}.jpg`);
        }
        return pendingTicket(entry.get(clientId) ?? '');
      }
      case 'walkReport.recordDiscardedWrite': {
        const id = reportId ?? 0;
        let entry = discarded.get(id);
        if (!entry) discarded.set(id, (entry = new Set()));
        entry.add(clientId);
        return { walkReportId: id, discardedCount: entry.size };
      }
      case 'walkReport.finish': {
        const id = reportId ?? 0;
        const at = finished.get(id);
        if (at !== undefined && at !== body.finishedAt)
          throw apiError(409, 'A finished walk report cannot be changed');
        finished.set(id, body.finishedAt as string);
        return { id };
      }
      case 'incident.create': {
        let id = incidents.get(clientId);
        if (id === undefined) incidents.set(clientId, (id = nextId++));
        return { id };
      }
      case 'incident.photoUpload': {
        const entry = entryOf(incidentImages, input.params?.id ?? 0);
        if (!entry.has(clientId)) entry.set(clientId, `incident/${randomUUID()}.jpg`);
        return pendingTicket(entry.get(clientId) ?? '');
      }
      case 'lockCheck.start': {
        let id = lockChecks.get(clientId);
        if (id === undefined) lockChecks.set(clientId, (id = nextId++));
        return { id };
      }
      case 'lockCheck.recordResult': {
        let results = lockResults.get(lockCheckId);
        if (!results) lockResults.set(lockCheckId, (results = []));
        if (!results.some((result) => result.clientId === clientId)) {
          openCheck();
          results.push({ clientId, unit: body.unit as string, finding: body.finding as string });
        }
        return { unit: body.unit };
      }
      case 'lockCheck.photoUpload': {
        const entry = entryOf(lockPhotos, lockCheckId);
        if (!entry.has(clientId)) {
          openCheck();
          entry.set(clientId, `lock-check/${lockCheckId}/${String(body.unit)}/${randomUUID()}.jpg`);
        }
        return { ...pendingTicket(entry.get(clientId) ?? ''), imageName: 'door.jpg' };
      }
      case 'lockCheck.finish': {
        const at = lockFinished.get(lockCheckId);
        if (at !== undefined && at !== body.finishedAt)
          throw apiError(409, 'A finished lock check cannot be changed');
        lockFinished.set(lockCheckId, body.finishedAt as string);
        return { id: lockCheckId };
      }
      default:
        throw new Error(`The fake API has no ${name}`);
    }
  };

  const call = (async (
    name: string,
    input: { params?: Record<string, number>; body?: Record<string, unknown> },
  ) => {
    calls.push({
      name,
      clientId: input.body?.clientId as string | undefined,
      walkReportId: input.params?.walkReportId ?? input.params?.lockCheckId,
      ...(name === 'walkReport.photoUpload' ? { door: input.body?.door } : {}),
    });
    // Answers come back on a later task, as from a network.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const constant = always.get(name);
    if (constant) throw constant();
    const index = faults.findIndex((f) => f.name === name);
    const fault = index >= 0 ? faults.splice(index, 1)[0] : undefined;
    if (fault && !fault.afterLanding) throw fault.error();
    const answer = land(name, input);
    if (fault) throw fault.error();
    return answer;
  }) as unknown as ApiCall;

  /**
   * The PUT: fails with an injected fault named 'PUT', else stores the blob's size under the ticket's key, once
   * (write-once, as S3 with `If-None-Match: *`: 412 when the key holds a file already).
   */
  const upload: Upload = async (ticketOf, blob) => {
    const key = ticketOf.headers['x-amz-meta-key'] ?? '';
    puts.push(key);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const constant = always.get('PUT');
    if (constant) throw constant();
    const index = faults.findIndex((f) => f.name === 'PUT');
    const fault = index >= 0 ? faults.splice(index, 1)[0] : undefined;
    if (fault && !fault.afterLanding) throw fault.error();
    if (stored.has(key)) throw new StorageError(412);
    stored.set(key, blob.size);
    if (fault) throw fault.error();
  };

  return {
    call,
    upload,
    calls,
    puts,
    stored,
    reports,
    finished,
    completedMarkers,
    notes,
    photos,
    incidents,
    incidentImages,
    discarded,
    lockChecks,
    lockResults,
    lockPhotos,
    lockFinished,
    /** Every call of `name` ('PUT' for an upload) fails so, until `recover(name)`. */
    failAlways: (name: string, error: () => unknown) => void always.set(name, error),
    recover: (name: string) => void always.delete(name),
    /** The next call of `name` ('PUT' for an upload) fails so. */
    fail: (name: string, error: () => unknown, afterLanding = false) => {
      faults.push({ name, error, afterLanding });
    },
    storageError: (status: number) => () => new StorageError(status),
    namesCalled: () => calls.map((c) => c.name),
  };
};

export type FakeApi = ReturnType<typeof createFakeApi>;

/** A clock for the outbox: `advance` moves time and runs the timers that fall due. */
export const createFakeClock = (start = Date.UTC(2026, 10, 23, 9)) => {
  let time = start;
  let nextHandle = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    set: (run, ms) => {
      const handle = nextHandle++;
      pending.set(handle, { at: time + ms, run });
      return handle;
    },
    clear: (handle) => {
      pending.delete(handle as number);
    },
  };
  return {
    now: () => time,
    timers,
    /** The due time of the earliest timer, or null. */
    nextAt: () => Math.min(...[...pending.values()].map((p) => p.at)) || null,
    pendingCount: () => pending.size,
    advance: (ms: number) => {
      time += ms;
      for (const [handle, timer] of [...pending.entries()].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= time) {
          pending.delete(handle);
          timer.run();
        }
      }
    },
  };
};

/** A test phone's outbox options: the fake API and clock, always online, no browser around it. */
export const phoneOptions = (api: FakeApi, clock: ReturnType<typeof createFakeClock>) => ({
  call: api.call,
  upload: api.upload,
  now: clock.now,
  random: () => 0.5,
  timers: clock.timers,
  online: () => true,
  window: null,
  document: null,
  locks: null,
});

export const testWalk = (markerCount = 3): Walk => ({
  id: 7,
  name: 'Perimeter',
  description: '',
  locationId: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  deletedAt: null,
  markers: Array.from({ length: markerCount }, (_, i) => ({
    id: i + 1,
    walkId: 7,
    label: i + 1,
    lat: 36.8 + i / 10_000,
    lng: -119.7,
    notes: '',
    unitNumberRange: '',
    hasUnitRange: false,
    isDoor: false,
    order: i,
  })),
});

export const newSession = (userId = 1, walk = testWalk()): RecordingSession =>
  aRecordingSession({
    key: randomUUID(),
    userId,
    locationId: walk.locationId,
    locationName: 'North Yard',
    walk,
  });

/** Writes of one session, with fresh client ids. */
export const writesOf = (session: RecordingSession) => ({
  start: (): OutboxWrite => ({
    session: session.key,
    kind: 'start',
    walkId: session.walk.id,
    startedAt: session.startedAt,
  }),
  completedMarker: (markerId: number): OutboxWrite => ({
    session: session.key,
    kind: 'checkpoint',
    isDoor: false,
    arrival: {
      clientId: randomUUID(),
      markerId,
      arrivedAt: '2026-11-23T09:05:00.000Z',
      lat: 36.8,
      lng: -119.7,
      accuracy: 8,
      method: 'position',
      distance: 3,
    },
  }),
  note: (markerId: number, note = 'Gate open'): OutboxWrite => ({
    session: session.key,
    kind: 'note',
    note: { clientId: randomUUID(), markerId, note, at: '2026-11-23T09:06:00.000Z' },
  }),
  photo: (markerId: number): OutboxWrite => ({
    session: session.key,
    kind: 'photo',
    contentType: 'image/jpeg',
    blob: new Blob([new Uint8Array(1234)], { type: 'image/jpeg' }),
    photo: {
      clientId: randomUUID(),
      markerId,
      takenAt: '2026-11-23T09:07:00.000Z',
      lat: 36.8,
      lng: -119.7,
      accuracy: 6,
      door: false,
    },
  }),
  incident: (photoCount = 2): OutboxWrite => ({
    session: session.key,
    kind: 'incident',
    clientId: randomUUID(),
    locationId: session.locationId,
    typeId: 2,
    note: 'Broken fence',
    photos: Array.from({ length: photoCount }, () => ({
      clientId: randomUUID(),
      contentType: 'image/jpeg' as const,
      blob: new Blob([new Uint8Array(500)], { type: 'image/jpeg' }),
    })),
  }),
  finish: (): OutboxWrite => ({
    session: session.key,
    kind: 'finish',
    finishedAt: '2026-11-23T09:40:00.000Z',
  }),
});
