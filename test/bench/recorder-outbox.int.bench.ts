import 'fake-indexeddb/auto';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, bench, describe } from 'vitest';
import { routes } from '@sitewalk/shared/contract/index';
import { Role } from '@sitewalk/shared/roles';
import { createApiClient } from '../../web/src/lib/api-client.ts';
import { createOutbox, uploadWith, type Timers } from '../../web/src/features/recorder/store/outbox.ts';
import { openRecorderStore } from '../../web/src/features/recorder/store/recorder-store.ts';
import type { Outbox, OutboxWrite, RecordingSession } from '../../web/src/features/recorder/store/types.ts';
import {
  arrivalOf,
  finishSession,
  recordArrival,
  recordIncident,
  recordNote,
  recordPhoto,
  startSession,
  type Recorded as Action,
} from '../../web/src/features/recorder/logic/session-actions.ts';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import { startTestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedSite } from '../support/site.ts';

/**
 * The recorder's outbox under a bad network: WALKERS (default 100) walks recorded at once, each on its own
 * "phone" (its own IndexedDB, in fake-indexeddb, and its own outbox, the app's code) with its own walker's
 * token, over HTTP on the local host. Every request (API calls and photo PUTs) goes through a fetch that
 * drops the connection at random: some before the request reaches the host, some after the host answered
 * (the answer lost). Then every report and incident is read back through the API, and the run prints the
 * writes lost and duplicated, by kind; it fails unless both are 0. Backoff delays run TIME_SCALE (10) times
 * faster than on a phone; DROP_BEFORE and DROP_AFTER (0.15 each) set the drop rates, BENCH_SEED the draw.
 */
const WALKERS = Number(process.env.WALKERS ?? 100);
const DROP_BEFORE = Number(process.env.DROP_BEFORE ?? 0.15);
const DROP_AFTER = Number(process.env.DROP_AFTER ?? 0.15);
const TIME_SCALE = Number(process.env.TIME_SCALE ?? 10);
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 1_000_000);
const MARKERS = 5;
/** Markers with a note, with a photo; the door marker; where the incident is reported. */
const NOTE_AT = new Set([2, 5]);
const PHOTO_AT = new Set([3]);
const DOOR_AT = 2;
const INCIDENT_AT = 4;
const INCIDENT_PHOTOS = 1;
/** The run fails when no write has been sent for this long (a stuck outbox), however slow the machine. */
const STALL_MS = 90_000;

/** mulberry32: a small seeded generator, so a run's draws can be repeated (the timing cannot). */
const seeded = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};
const random = seeded(SEED);

const traffic = { requests: 0, droppedBefore: 0, droppedAfter: 0, answeredMs: 0, answered: 0 };

/** fetch, with connections dropped at random before the request is sent or after its answer came. */
const droppingFetch: typeof fetch = async (input, init) => {
  traffic.requests += 1;
  const draw = random();
  if (draw < DROP_BEFORE) {
    traffic.droppedBefore += 1;
    throw new TypeError('fetch failed (the connection dropped before the request reached the host)');
  }
  const sent = Date.now();
  const response = await fetch(input, init);
  traffic.answered += 1;
  traffic.answeredMs += Date.now() - sent;
  if (draw < DROP_BEFORE + DROP_AFTER) {
    traffic.droppedAfter += 1;
    await response.arrayBuffer().catch(() => undefined);
    throw new TypeError('fetch failed (the connection dropped before the answer arrived)');
  }
  return response;
};

/** Real timers, TIME_SCALE times faster. */
const scaledTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms / TIME_SCALE),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` over `items`, `limit` at a time. */
const bounded = async <T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>) => {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index] as T, index);
      }
    }),
  );
  return results;
};

const t = await startTestHost();
const site = await seedSite(t.host.url);
const call = callAs(t.host.url);

const created = await call(site.superUser, 'POST', '/api/walk', {
  name: 'Outbox bench',
  locationId: site.locationId,
  markers: Array.from({ length: MARKERS }, (_, i) => ({
    label: i + 1,
    lat: 36.8 + i / 10_000,
    lng: -119.7,
    isDoor: i + 1 === DOOR_AT,
    // One unit, so the API's draw (issue 27) is the 103 the walker records.
    unitNumberRange: i + 1 === DOOR_AT ? '103' : '',
  })),
});
if (created.status !== 200 && created.status !== 201) {
  throw new Error(`The bench walk could not be made: ${created.status} ${JSON.stringify(created.body)}`);
}
const walk = created.body as unknown as Walk;

const walkers: Person[] = await bounded(Array.from({ length: WALKERS }), 8, () =>
  person(t.host.url, Role.Employee, {
    managementCompanyId: site.companyId,
    locations: [
      {
        locationId: site.locationId,
        organizationId: site.organizationId,
        managementCompanyId: site.companyId,
      },
    ],
  }),
);

afterAll(async () => {
  await t.host.close();
});

/** What one walker recorded: the writes as queued, to compare with what the API holds. */
interface Recorded {
  walker: Person;
  session: RecordingSession;
  outbox: Outbox;
  writes: OutboxWrite[];
  close: () => Promise<void>;
}

const jpeg = (bytes: number) => {
  const data = randomBytes(bytes);
  data[0] = 0xff;
  data[1] = 0xd8;
  return new Blob([data], { type: 'image/jpeg' });
};

/** One walk, recorded as the screen records it: each action a `record` while the outbox sends. */
const recordWalk = async (walker: Person, index: number): Promise<Recorded> => {
  const store = openRecorderStore({ name: `bench-recorder-${SEED}-${index}-${randomUUID()}` });
  const api = createApiClient({
    routes,
    baseUrl: t.host.url,
    getToken: () => walker.token,
    fetch: droppingFetch,
  });
  const outbox = createOutbox({
    store,
    call: api,
    upload: uploadWith(droppingFetch),
    timers: scaledTimers,
    online: () => true,
    window: null,
    document: null,
    locks: null,
  });
  // The walker's actions through the screen's own builders (logic/session-actions.ts), as the recorder does.
  const writes: OutboxWrite[] = [];
  let session: RecordingSession | null = null;
  const record = async ({ session: next, writes: added }: Action) => {
    session = next;
    writes.push(...added);
    await store.record(next, added);
    // A walker's pace: the outbox sends meanwhile.
    await sleep(Math.floor(random() * 40));
  };
  const current = () => {
    if (!session) throw new Error('The walk has not started');
    return session;
  };

  await record(
    startSession({
      userId: walker.id,
      location: { id: site.locationId, name: 'Bench location' },
      walk,
      now: new Date().toISOString(),
    }),
  );
  for (const marker of walk.markers) {
    const now = new Date().toISOString();
    const fix = { lat: marker.lat, lng: marker.lng + 0.00005, accuracy: 6, at: now };
    const method = marker.label % 2 === 0 ? ('hand' as const) : ('position' as const);
    const units = marker.isDoor ? { targetUnit: '103', picturedUnit: '103' } : {};
    await record(recordArrival(current(), arrivalOf({ marker, fix, method, now, ...units }), marker.isDoor));
    if (NOTE_AT.has(marker.label)) {
      await record(recordNote(current(), marker.id, `Note ${randomUUID()}`, now));
    }
    if (PHOTO_AT.has(marker.label)) {
      const photo = { markerId: marker.id, blob: jpeg(2_000), contentType: 'image/jpeg' as const, now };
      await record(recordPhoto(current(), { ...photo, fix: { ...fix, accuracy: 5 }, door: false }));
    }
    if (marker.label === INCIDENT_AT) {
      const photos = Array.from({ length: INCIDENT_PHOTOS }, () => ({
        blob: jpeg(1_500),
        contentType: 'image/jpeg' as const,
      }));
      await record(recordIncident(current(), { typeId: 2, note: `Incident ${randomUUID()}`, photos, now }));
    }
  }
  await record(finishSession(current(), new Date().toISOString()));
  session = current();
  return { walker, session, outbox, writes, close: () => store.close() };
};

/** Until every outbox is empty and idle; it fails when nothing has been sent for STALL_MS. */
const drained = async (recorded: Recorded[]) => {
  let last = Number.POSITIVE_INFINITY;
  let progressAt = Date.now();
  let reportedAt = Date.now();
  for (;;) {
    const statuses = recorded.map(({ outbox }) => outbox.status());
    const waiting = statuses.reduce((n, s) => n + s.waiting, 0);
    if (waiting === 0 && statuses.every((s) => !s.sending)) return;
    if (waiting < last) {
      last = waiting;
      progressAt = Date.now();
    }
    if (Date.now() - progressAt > STALL_MS) {
      throw new Error(`${waiting} writes still waiting, none sent for ${STALL_MS / 1000} s`);
    }
    if (Date.now() - reportedAt > 15_000) {
      reportedAt = Date.now();
      const busy = statuses.filter((s) => s.waiting > 0);
      console.log(
        `[recorder-outbox] ${waiting} writes waiting in ${busy.length} outboxes, ${busy.filter((s) => s.retryAt !== null).length} in backoff; ` +
          `${traffic.requests} requests so far, ${Math.round(traffic.answeredMs / Math.max(1, traffic.answered))} ms each on average`,
      );
    }
    await sleep(200);
  }
};

type Kind =
  'reports' | 'completed markers' | 'notes' | 'photos' | 'finishes' | 'incidents' | 'incident photos';
const tally = () =>
  Object.fromEntries(
    (
      [
        'reports',
        'completed markers',
        'notes',
        'photos',
        'finishes',
        'incidents',
        'incident photos',
      ] as Kind[]
    ).map((kind) => [kind, { expected: 0, lost: 0, duplicated: 0, altered: 0 }]),
  ) as Record<Kind, { expected: number; lost: number; duplicated: number; altered: number }>;

const stored = async (url: string | null | undefined) => !!url && (await fetch(url)).status === 200;

/** Reads every report and incident back through the API (without drops) and counts what differs. */
const compare = async (recorded: Recorded[]) => {
  const counts = tally();
  const failed = recorded.flatMap(({ outbox }) => outbox.status().failed);
  const reportIds = await Promise.all(
    recorded.map(({ outbox, session }) => outbox.walkReportIdOf(session.key)),
  );

  // Reports: one per walk; any other report of a walker's is a duplicated start.
  const listed = await call(
    site.superUser,
    'GET',
    `/api/walk/some/by-location/${site.locationId}?limit=1000`,
  );
  const rows = (listed.body as unknown as { walkReports: { id: number; user: unknown }[] }).walkReports;
  const listedIds = new Set(rows.map((r) => r.id));
  counts.reports.expected = recorded.length;
  counts.reports.lost = reportIds.filter((id) => id === null || !listedIds.has(id)).length;
  counts.reports.duplicated = rows.filter(
    (r) => r.id !== site.walkReportId && !reportIds.includes(r.id),
  ).length;

  // Incidents of the location, every page.
  const incidents: {
    id: number;
    walkReportId: number | null;
    notes: { note: string }[];
    images: { key: string; presignedUrl: string }[];
  }[] = [];
  let cursor: string | null = null;
  do {
    const page = await call(
      site.superUser,
      'GET',
      `/api/incident/by-location/${site.locationId}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    const body = page.body as unknown as { incidents: typeof incidents; nextCursor: string | null };
    incidents.push(...body.incidents);
    cursor = body.nextCursor;
  } while (cursor);

  await bounded(recorded, 8, async ({ walker, session, writes }, index) => {
    const reportId = reportIds[index];
    const expected = {
      completedMarkers: writes.flatMap((w) => (w.kind === 'checkpoint' ? [w.arrival] : [])),
      notes: writes.flatMap((w) => (w.kind === 'note' ? [w.note.note] : [])),
      photos: writes.flatMap((w) => (w.kind === 'photo' ? [w.photo] : [])),
      incidents: writes.flatMap((w) => (w.kind === 'incident' ? [w] : [])),
    };
    counts['completed markers'].expected += expected.completedMarkers.length;
    counts.notes.expected += expected.notes.length;
    counts.photos.expected += expected.photos.length;
    counts.finishes.expected += 1;
    counts.incidents.expected += expected.incidents.length;
    counts['incident photos'].expected += expected.incidents.reduce((n, i) => n + i.photos.length, 0);
    if (reportId === null || reportId === undefined) {
      counts['completed markers'].lost += expected.completedMarkers.length;
      counts.notes.lost += expected.notes.length;
      counts.photos.lost += expected.photos.length;
      counts.finishes.lost += 1;
      counts.incidents.lost += expected.incidents.length;
      return;
    }
    const answer = await call(walker, 'GET', `/api/walk/walk-report/${reportId}`);
    const report = answer.body as unknown as {
      finishedAt: string | null;
      CompletedMarker: {
        markerId: number;
        method: string;
        isDoor: boolean;
        targetUnit: string | null;
        picturedUnit: string | null;
      }[];
      walkNote: { note: string }[];
      markerImage: { markerId: number; imageUrl: string | null; takenAt?: string | null }[];
    };

    // Completed markers: one per marker reached, each once.
    for (const arrival of expected.completedMarkers) {
      const found = report.CompletedMarker.filter((c) => c.markerId === arrival.markerId);
      if (found.length === 0) counts['completed markers'].lost += 1;
      counts['completed markers'].duplicated += Math.max(0, found.length - 1);
      // What was recorded arrived as recorded: the method, the door's units.
      const first = found[0];
      if (
        first &&
        (first.method !== arrival.method ||
          (first.targetUnit ?? undefined) !== arrival.targetUnit ||
          (first.picturedUnit ?? undefined) !== arrival.picturedUnit)
      ) {
        counts['completed markers'].altered += 1;
      }
    }
    counts['completed markers'].duplicated += report.CompletedMarker.filter(
      (c) => !expected.completedMarkers.some((a) => a.markerId === c.markerId),
    ).length;

    for (const note of expected.notes) {
      const found = report.walkNote.filter((n) => n.note === note).length;
      if (found === 0) counts.notes.lost += 1;
      counts.notes.duplicated += Math.max(0, found - 1);
    }
    counts.notes.duplicated += report.walkNote.filter((n) => !expected.notes.includes(n.note)).length;

    // Photos: one image per photo, and its object in the storage (a view URL only for a stored object).
    for (const photo of expected.photos) {
      const found = report.markerImage.filter((i) => i.markerId === photo.markerId);
      if (!found.some((i) => i.imageUrl !== null)) counts.photos.lost += 1;
      counts.photos.duplicated += Math.max(0, found.length - 1);
      const taken = found[0]?.takenAt;
      if (found[0] && (!taken || Date.parse(taken) !== Date.parse(photo.takenAt))) counts.photos.altered += 1;
    }

    if (
      report.finishedAt === null ||
      Date.parse(report.finishedAt) !== Date.parse(session.finishedAt ?? '')
    ) {
      counts.finishes.lost += 1;
    }

    // Incidents: each once, linked to the report, each photo once and stored.
    const mine = incidents.filter((i) => i.walkReportId === reportId);
    for (const incident of expected.incidents) {
      const found = mine.filter((i) => i.notes.some((n) => n.note === incident.note));
      if (found.length === 0) {
        counts.incidents.lost += 1;
        counts['incident photos'].lost += incident.photos.length;
        continue;
      }
      counts.incidents.duplicated += found.length - 1;
      const images = found[0]?.images ?? [];
      const present = (await Promise.all(images.map((image) => stored(image.presignedUrl)))).filter(Boolean);
      counts['incident photos'].lost += Math.max(0, incident.photos.length - present.length);
      counts['incident photos'].duplicated += Math.max(0, images.length - incident.photos.length);
    }
    counts.incidents.duplicated += mine.filter(
      (i) => !expected.incidents.some((e) => i.notes.some((n) => n.note === e.note)),
    ).length;
  });
  return { counts, failed };
};

describe(`the recorder's outbox, ${WALKERS} walks with connections dropped (BENCH_SEED=${SEED})`, () => {
  bench(
    `${WALKERS} walks of ${MARKERS} markers, ${Math.round(DROP_BEFORE * 100)}% dropped before and ${Math.round(DROP_AFTER * 100)}% after the host`,
    async () => {
      const started = Date.now();
      const recorded = await Promise.all(walkers.map(recordWalk));
      const recordedMs = Date.now() - started;
      await Promise.all(recorded.map(({ outbox }) => outbox.flush()));
      await drained(recorded);
      const sentMs = Date.now() - started;
      const { counts, failed } = await compare(recorded);
      for (const { outbox, close } of recorded) {
        outbox.stop();
        await close();
      }

      const writes = recorded.reduce((n, r) => n + r.writes.length, 0);
      console.log(
        `[recorder-outbox] ${writes} writes from ${recorded.length} walks, recorded in ${recordedMs} ms, all sent after ${sentMs} ms; ` +
          `${traffic.requests} requests (${Math.round(traffic.answeredMs / Math.max(1, traffic.answered))} ms each on average), ` +
          `${traffic.droppedBefore} dropped before the host, ${traffic.droppedAfter} after it`,
      );
      console.table(counts);
      const lost = Object.values(counts).reduce((n, c) => n + c.lost, 0);
      const duplicated = Object.values(counts).reduce((n, c) => n + c.duplicated, 0);
      const altered = Object.values(counts).reduce((n, c) => n + c.altered, 0);
      console.log(
        `[recorder-outbox] lost: ${lost}, duplicated: ${duplicated}, altered: ${altered}, refused: ${failed.length}`,
      );
      if (failed.length) {
        console.log(failed.slice(0, 10).map((f) => `${f.write.kind} ${f.status} ${f.message}`));
      }
      if (lost !== 0 || duplicated !== 0 || altered !== 0 || failed.length !== 0) {
        throw new Error(
          `The outbox lost ${lost}, duplicated ${duplicated} and altered ${altered} writes; the API refused ${failed.length} (BENCH_SEED=${SEED})`,
        );
      }
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
