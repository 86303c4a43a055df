import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import {
  backoffDelay,
  BACKOFF_MAX_MS,
  classify,
  createOutbox,
  deliveredBefore,
  PHOTO_SAME_FAILURES_MAX,
  StorageError,
  uploadFailureReason,
  type Locks,
  type OutboxOptions,
} from './outbox.ts';
import { discardQuestion, failedWriteText, outboxStatusText } from './outbox-texts.ts';
import { openRecorderStore, type LocalRecorderStore } from './recorder-store.ts';
import {
  apiError,
  createFakeApi,
  createFakeClock,
  networkError,
  newSession,
  phoneOptions,
  writesOf,
  type FakeApi,
} from '../testing/outbox-fakes.ts';
import type { Outbox, OutboxStatus, OutboxWrite, RecordingSession } from './types.ts';

const opened: { store: LocalRecorderStore; outbox?: Outbox }[] = [];

afterEach(async () => {
  for (const { store, outbox } of opened.splice(0)) {
    outbox?.stop();
    await store.close();
  }
});

/** A phone: its store over database `name`, and an outbox sending to `api` on `clock`. */

const phone = (
  api: FakeApi,
  clock = createFakeClock(),
  name = `recorder-${randomUUID()}`,
  extra: Partial<OutboxOptions> = {},
) => {
  const store = openRecorderStore({ name });
  const outbox = createOutbox({ store, ...phoneOptions(api, clock), ...extra });
  opened.push({ store, outbox });
  return { store, outbox, clock, name };
};

/** Resolves when the outbox's status matches. */
const until = (outbox: Outbox, matches: (status: OutboxStatus) => boolean) =>
  new Promise<void>((resolve) => {
    if (matches(outbox.status())) return resolve();
    const unsubscribe = outbox.subscribe((status) => {
      if (!matches(status)) return;
      unsubscribe();
      resolve();
    });
  });

const startedSession = async (store: LocalRecorderStore, userId = 1) => {
  const session = newSession(userId);
  const w = writesOf(session);
  await store.record(session, [w.start()]);
  return { session, w };
};

describe('the outbox', () => {
  it("keeps the door units of the start's answer, for every later look (a reload reads the same)", async () => {
    const api = createFakeApi();
    const { store, outbox, name } = phone(api);
    const session = newSession(1);
    // Not started yet: no units, and none made up on the phone.
    expect(await outbox.doorUnitsOf(session.key)).toBeNull();
    await store.record(session, [writesOf(session).start()]);
    await outbox.flush();
    const id = api.reports.get(session.key);
    expect(await outbox.doorUnitsOf(session.key)).toEqual([{ markerId: 1, unit: String(id) }]);
    // Another store over the same database: the phone after a reload.
    outbox.stop();
    await store.close();
    const reloaded = openRecorderStore({ name });
    opened.push({ store: reloaded });
    expect(await reloaded.doorUnitsOf(session.key)).toEqual([{ markerId: 1, unit: String(id) }]);
    expect(await reloaded.doorUnitsOf('never-started')).toBeNull();
  });

  it('sends a session’s writes in queue order, and sessions in the order they were queued', async () => {
    const api = createFakeApi();
    const { store, outbox } = phone(api);
    const a = newSession(1);
    const b = newSession(2);
    const wa = writesOf(a);
    const wb = writesOf(b);
    await store.record(a, [wa.start()]);
    await store.record(a, [wa.completedMarker(1), wa.note(1)]);
    await store.record(b, [wb.start(), wb.photo(2)]);
    await store.record(a, [wa.incident(1), wa.finish()]);
    await store.record(b, [wb.note(2)]);
    await outbox.flush();

    // The photo is recorded in queue order (its first upload request); its file goes in the photo lane, as do
    // the incident's photos once it is created, so they may come before or after the writes that follow it.
    const firstPhotoRequest = api.calls.findIndex((c) => c.name === 'walkReport.photoUpload');
    const mainLane = api.calls.filter(
      (c, i) =>
        (c.name !== 'walkReport.photoUpload' || i === firstPhotoRequest) && c.name !== 'incident.photoUpload',
    );
    expect(mainLane.map((c) => c.name)).toEqual([
      'walkReport.start',
      'walkReport.recordCompletedMarker',
      'walkReport.addNote',
      'walkReport.start',
      'walkReport.photoUpload',
      'incident.create',
      'walkReport.finish',
      'walkReport.addNote',
    ]);
    const names = api.calls.map((c) => c.name);
    expect(names.indexOf('incident.photoUpload')).toBeGreaterThan(names.indexOf('incident.create'));
    const idA = api.reports.get(a.key);
    const idB = api.reports.get(b.key);
    expect(mainLane.filter((c) => c.walkReportId !== undefined).map((c) => c.walkReportId)).toEqual([
      idA,
      idA,
      idB,
      idA,
      idB,
    ]);
    expect(api.photos.get(idB ?? 0)?.size).toBe(1);
    expect(api.stored.size).toBe(2); // the walk photo and the incident's
    expect(outbox.status()).toMatchObject({ waiting: 0, sending: false, retryAt: null, failed: [] });
    expect(await outbox.walkReportIdOf(a.key)).toBe(idA);
    // The session on the device learns its report id.
    expect((await store.activeSession(2))?.walkReportId).toBe(idB);
  });

  it('tells the API which photo is a door check’s, so SiteWalk reads the unit on it', async () => {
    const api = createFakeApi();
    const { store, outbox } = phone(api);
    const { session, w } = await startedSession(store);
    const plain = w.photo(1);
    const door = w.photo(2);
    if (door.kind === 'photo') door.photo.door = true;
    await store.record(session, [plain, door]);
    await outbox.flush();
    const requests = api.calls.filter((c) => c.name === 'walkReport.photoUpload');
    const doorOf = (write: OutboxWrite) =>
      new Set(
        requests
          .filter((c) => write.kind === 'photo' && c.clientId === write.photo.clientId)
          .map((c) => c.door),
      );
    expect(doorOf(plain)).toEqual(new Set([false]));
    expect(doorOf(door)).toEqual(new Set([true]));
  });

  it('retries network errors and 503 with a doubling backoff, under the same client id, and the write lands once', async () => {
    const api = createFakeApi();
    const { store, outbox, clock } = phone(api);
    const { session, w } = await startedSession(store);
    await outbox.flush();
    const completedMarker = w.completedMarker(1);
    api.fail('walkReport.recordCompletedMarker', networkError);
    api.fail('walkReport.recordCompletedMarker', () => apiError(503, 'Service Unavailable'), true); // landed, answer lost
    api.fail('walkReport.recordCompletedMarker', () => apiError(502, 'Bad Gateway'), true);
    await store.record(session, [completedMarker, w.note(1)]);
    await outbox.flush();

    // random() = 0.5: three quarters of the doubling delay.
    expect(outbox.status()).toMatchObject({ waiting: 2, sending: false, retryAt: clock.now() + 750 });
    clock.advance(749);
    await outbox.flush(); // a trigger before the timer is fine: it tries again at once
    expect(outbox.status().retryAt).toBe(clock.now() + 1_500);
    clock.advance(1_500);
    await outbox.flush();
    expect(outbox.status().retryAt).toBe(clock.now() + 3_000);
    clock.advance(3_000);
    await outbox.flush();

    expect(outbox.status()).toMatchObject({ waiting: 0, retryAt: null });
    const sent = api.calls.filter((c) => c.name === 'walkReport.recordCompletedMarker');
    expect(sent).toHaveLength(4);
    const clientId = completedMarker.kind === 'checkpoint' ? completedMarker.arrival.clientId : '';
    expect(new Set(sent.map((c) => c.clientId))).toEqual(new Set([clientId]));
    expect(api.completedMarkers.get(api.reports.get(session.key) ?? 0)?.size).toBe(1);
    expect(api.namesCalled().at(-1)).toBe('walkReport.addNote');
  });

  it('does not send the next write while one waits for its retry', async () => {
    const api = createFakeApi();
    const { store, outbox, clock } = phone(api);
    const { session, w } = await startedSession(store);
    api.fail('walkReport.addNote', () => apiError(429, 'Too Many Requests', 20));
    await store.record(session, [w.note(1), w.note(2)]);
    await outbox.flush();
    // A 429's Retry-After is longer than the first backoff: it wins.
    expect(outbox.status().retryAt).toBe(clock.now() + 20_000);
    expect(api.namesCalled()).toEqual(['walkReport.start', 'walkReport.addNote']);
    clock.advance(20_000);
    await outbox.flush();
    expect(api.namesCalled()).toEqual([
      'walkReport.start',
      'walkReport.addNote',
      'walkReport.addNote',
      'walkReport.addNote',
    ]);
  });

  it('does not lose a retry whose timer falls due while the failed run is still ending', async () => {
    const api = createFakeApi();
    const clock = createFakeClock();
    const store = openRecorderStore({ name: `recorder-${randomUUID()}` });
    let outbox: Outbox | null = null;
    // The timer fires while the run that set it still reads the queue's count (a slow, busy phone).
    const slowStore: LocalRecorderStore = {
      ...store,
      backlog: async () => {
        const n = await store.backlog();
        if (outbox?.status().retryAt) clock.advance(BACKOFF_MAX_MS);
        return n;
      },
    };
    outbox = createOutbox({ store: slowStore, ...phoneOptions(api, clock), start: false });
    opened.push({ store, outbox });
    const { session, w } = await startedSession(store);
    api.fail('walkReport.addNote', networkError);
    await store.record(session, [w.note(1)]);
    await outbox.flush();
    expect(api.namesCalled()).toEqual(['walkReport.start', 'walkReport.addNote', 'walkReport.addNote']);
    expect(outbox.status()).toMatchObject({ waiting: 0, retryAt: null });
  });

  it('renews the session once on a 401 and sends the write again', async () => {
    const api = createFakeApi();
    const refresh = vi.fn(async () => true);
    const { store, outbox } = phone(api, undefined, undefined, { refresh });
    const { session, w } = await startedSession(store);
    api.fail('walkReport.addNote', () => apiError(401, 'Unauthorized'));
    await store.record(session, [w.note(1)]);
    await outbox.flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(api.namesCalled()).toEqual(['walkReport.start', 'walkReport.addNote', 'walkReport.addNote']);
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
  });

  it('waits for the next trigger when the session cannot be renewed, with no timer and nothing lost', async () => {
    const api = createFakeApi();
    const refresh = vi.fn(async () => false);
    const { store, outbox, clock, name } = phone(api, undefined, undefined, { refresh });
    const { session, w } = await startedSession(store);
    await outbox.flush();
    api.fail('walkReport.addNote', () => apiError(401, 'Unauthorized'));
    api.fail('walkReport.addNote', () => apiError(401, 'Unauthorized'));
    // Recorded by a store that tells no one, so this outbox has one trigger: its own flush.
    const otherTab = openRecorderStore({ name, broadcast: false });
    opened.push({ store: otherTab });
    await otherTab.record(session, [w.note(1)]);
    await outbox.flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(outbox.status()).toMatchObject({ waiting: 1, retryAt: null, failed: [] });
    expect(clock.pendingCount()).toBe(0);
    // Signed in again: the next trigger sends it.
    refresh.mockResolvedValue(true);
    await outbox.flush();
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
    expect(api.notes.get(api.reports.get(session.key) ?? 0)?.size).toBe(1);
  });

  it('moves a write the API refuses (400) to the failed list, keeps it in IndexedDB, and sends the next', async () => {
    const api = createFakeApi();
    const { store, outbox, name } = phone(api);
    const { session, w } = await startedSession(store);
    const refused = w.completedMarker(99);
    api.fail('walkReport.recordCompletedMarker', () => apiError(400, 'markerId: not a marker of this walk'));
    await store.record(session, [refused, w.note(1)]);
    await outbox.flush();

    expect(outbox.status().waiting).toBe(0);
    expect(outbox.status().failed).toEqual([
      {
        seq: expect.any(Number),
        write: expect.objectContaining({ kind: 'checkpoint' }),
        status: 400,
        message: 'markerId: not a marker of this walk',
        // Marker 99 is not on the walk.
        markerLabel: null,
        reported: true,
      },
    ]);
    expect(api.notes.get(api.reports.get(session.key) ?? 0)?.size).toBe(1);

    // After a reload the failure is still there, with the write whole.
    outbox.stop();
    await store.close();
    const again = phone(api, undefined, name);
    await again.outbox.flush();
    expect(again.outbox.status().failed).toHaveLength(1);
    expect(again.outbox.status().failed[0]?.write).toEqual(refused);
  });

  it('fails a session’s later writes with its start’s reason when the start is refused for good', async () => {
    const api = createFakeApi();
    const { store, outbox } = phone(api);
    const other = newSession();
    const session = newSession();
    const w = writesOf(session);
    api.fail('walkReport.start', () => apiError(404, 'Walk not found'));
    await store.record(session, [w.start(), w.completedMarker(1), w.photo(1), w.finish()]);
    await store.record(other, [writesOf(other).start()]);
    await outbox.flush();

    const { failed, waiting } = outbox.status();
    expect(waiting).toBe(0);
    expect(failed.map((f) => [f.write.kind, f.status, f.message])).toEqual([
      ['start', 404, 'Walk not found'],
      ['checkpoint', 404, 'Walk not found'],
      ['photo', 404, 'Walk not found'],
      ['finish', 404, 'Walk not found'],
    ]);
    // Only the starts were sent; the other session carried on.
    expect(api.namesCalled()).toEqual(['walkReport.start', 'walkReport.start']);
    expect(api.reports.has(other.key)).toBe(true);
  });

  it('resumes after a reload mid-photo (after the ticket, before the PUT): the same key, the photo once', async () => {
    const api = createFakeApi();
    const clock = createFakeClock();
    const name = `recorder-${randomUUID()}`;
    let ticketed!: () => void;
    const ticketReached = new Promise<void>((resolve) => (ticketed = resolve));
    // The first phone's PUT never finishes: the tab is closed while it is on its way.
    const first = phone(api, clock, name, {
      upload: (_ticket, _blob, signal) =>
        new Promise((_resolve, reject) => {
          ticketed();
          signal?.addEventListener('abort', () => reject(new DOMException('closed', 'AbortError')));
        }),
    });
    const { session, w } = await startedSession(first.store);
    const photo = w.photo(2);
    await first.store.record(session, [w.completedMarker(2), photo, w.finish()]);
    void first.outbox.flush();
    await ticketReached;
    // The finish is not held back by the photo on its way: only the photo waits.
    await until(first.outbox, (s) => s.waiting === 1);
    first.outbox.stop();
    await first.store.close();
    const reportId = api.reports.get(session.key) ?? 0;
    expect(api.finished.has(reportId)).toBe(true);
    expect(api.stored.size).toBe(0);

    const second = phone(api, clock, name);
    await second.outbox.flush();

    // Recorded in queue order, then asked again by the photo lane on each phone: always its client id.
    const tickets = api.calls.filter((c) => c.name === 'walkReport.photoUpload');
    expect(tickets.map((c) => c.clientId)).toEqual(
      Array(3).fill(photo.kind === 'photo' ? photo.photo.clientId : ''),
    );
    expect(api.photos.get(reportId)?.size).toBe(1);
    expect([...api.stored.keys()]).toEqual([...(api.photos.get(reportId)?.values() ?? [])]);
    expect(api.finished.has(reportId)).toBe(true);
    expect(second.outbox.status()).toMatchObject({ waiting: 0, failed: [] });
  });

  it('replays an incident safely: a lost answer and a failed PUT create it once, each photo once', async () => {
    const api = createFakeApi();
    const { store, outbox, clock } = phone(api);
    const { session, w } = await startedSession(store);
    const incident = w.incident(2);
    api.fail('incident.create', networkError, true);
    api.fail('PUT', api.storageError(503));
    api.fail('PUT', networkError, true);
    await store.record(session, [incident]);
    await outbox.flush();
    for (let i = 0; i < 4; i++) {
      clock.advance(BACKOFF_MAX_MS);
      await outbox.flush();
    }

    expect(outbox.status().waiting).toBe(0);
    expect(api.incidents.size).toBe(1);
    const incidentId = api.incidents.get(incident.kind === 'incident' ? incident.clientId : '') ?? 0;
    const images = api.incidentImages.get(incidentId);
    expect(images?.size).toBe(2);
    expect(new Set(api.stored.keys())).toEqual(new Set(images?.values()));
    // The create's answer was lost once: two creates, one clientId. Once answered, it is not asked again.
    expect(api.calls.filter((c) => c.name === 'incident.create')).toHaveLength(2);
    expect(api.calls.filter((c) => c.name === 'incident.photoUpload').map((c) => c.clientId)).toEqual(
      incident.kind === 'incident'
        ? [
            // The first photo: refused by the storage (503), then its PUT's answer lost, then sent.
            incident.photos[0]?.clientId,
            incident.photos[0]?.clientId,
            incident.photos[0]?.clientId,
            incident.photos[1]?.clientId,
          ]
        : [],
    );
  });

  it('counts a photo an earlier try delivered as sent: its request answers 409 (uploaded already), its PUT 412', async () => {
    const api = createFakeApi();
    // The second photo's first PUT lands only after the retry was signed again: the retried PUT gets 412.
    let lateLanding: (() => Promise<void>) | null = null;
    let tries = 0;
    const { store, outbox, clock } = phone(api, createFakeClock(), undefined, {
      upload: async (ticket, blob, signal) => {
        if (ticket.uploadUrl.endsWith(lateKey()) && (tries += 1) === 1) {
          lateLanding = () => api.upload(ticket, blob);
          throw networkError();
        }
        await lateLanding?.();
        lateLanding = null;
        await api.upload(ticket, blob, signal);
      },
    });
    const { session, w } = await startedSession(store);
    const [first, second] = [w.photo(1), w.photo(2)];
    await store.record(session, [first, second, w.finish()]);
    const reportId = () => api.reports.get(session.key) ?? 0;
    const lateKey = () => {
      const photos = api.photos.get(reportId());
      return second.kind === 'photo' ? (photos?.get(second.photo.clientId) ?? '-') : '-';
    };
    // The first photo's PUT lands and its answer is lost: asked again, the API answers 409 (it is there).
    api.fail('PUT', networkError, true);
    await outbox.flush();
    for (let i = 0; i < 3; i++) {
      clock.advance(BACKOFF_MAX_MS);
      await outbox.flush();
    }

    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
    expect(api.finished.has(reportId())).toBe(true);
    expect(api.photos.get(reportId())?.size).toBe(2);
    expect(new Set(api.stored.keys())).toEqual(new Set(api.photos.get(reportId())?.values()));
    // Each photo asked three times under its client id (recorded, then two tries of the photo lane); the second
    // photo PUT twice to its one key.
    const clientIds = [first, second].map((p) => (p.kind === 'photo' ? p.photo.clientId : ''));
    const requests = api.calls.filter((c) => c.name === 'walkReport.photoUpload').map((c) => c.clientId);
    expect(clientIds.map((id) => requests.filter((r) => r === id).length)).toEqual([3, 3]);
    expect(api.puts.filter((key) => key === lateKey())).toHaveLength(2);
  });

  it('sends nothing offline, and everything when the window says it is online again', async () => {
    const api = createFakeApi();
    const events = new EventTarget();
    let online = false;
    const { store, outbox } = phone(api, undefined, undefined, { online: () => online, window: events });
    const { session, w } = await startedSession(store);
    await store.record(session, [w.note(1)]);
    await outbox.flush();
    expect(api.calls).toHaveLength(0);
    expect(outbox.status()).toMatchObject({ online: false, waiting: 2 });

    online = true;
    const settled = new Promise<void>((resolve) =>
      outbox.subscribe((s) => {
        if (s.waiting === 0 && !s.sending) resolve();
      }),
    );
    events.dispatchEvent(new Event('online'));
    await settled;
    expect(api.namesCalled()).toEqual(['walkReport.start', 'walkReport.addNote']);
    expect(outbox.status().online).toBe(true);
  });

  it('sends on its own after `record`, and shows `sending` meanwhile', async () => {
    const api = createFakeApi();
    const { store, outbox } = phone(api);
    const seen: boolean[] = [];
    outbox.subscribe((s) => seen.push(s.sending));
    const session = newSession();
    const done = new Promise<void>((resolve) =>
      outbox.subscribe((s) => {
        if (s.waiting === 0 && !s.sending && api.calls.length === 1) resolve();
      }),
    );
    await store.record(session, [writesOf(session).start()]);
    await done;
    expect(seen).toContain(true);
    expect(api.namesCalled()).toEqual(['walkReport.start']);
  });

  it('hears of another tab: what it records is sent here, what it sends is counted here', async () => {
    const api = createFakeApi();
    const here = phone(api);
    const otherTab = openRecorderStore({ name: here.name });
    opened.push({ store: otherTab });
    const session = newSession();
    const w = writesOf(session);
    await otherTab.record(session, [w.start(), w.note(1)]);
    await until(here.outbox, (s) => s.waiting === 0 && !s.sending && api.calls.length === 2);
    expect(api.namesCalled()).toEqual(['walkReport.start', 'walkReport.addNote']);

    // This tab is offline; the other tab records and sends, and this tab's count follows.
    const offline = phone(createFakeApi(), undefined, undefined, { online: () => false });
    const other = phone(api, undefined, offline.name, { start: false });
    const next = newSession();
    await other.store.record(next, [writesOf(next).start()]);
    await until(offline.outbox, (s) => s.waiting === 1);
    await other.outbox.flush();
    await until(offline.outbox, (s) => s.waiting === 0);
    expect(api.reports.has(next.key)).toBe(true);
  });

  it('sends and counts only the signed-in user’s writes; another user’s wait for them', async () => {
    const api = createFakeApi();
    let userId: number | null = 2;
    const { store, outbox } = phone(api, undefined, undefined, { userId: () => userId });
    const mine = newSession(2);
    const theirs = newSession(1);
    api.fail('walkReport.addNote', () => apiError(409, 'A finished walk report cannot be changed'));
    await store.record(theirs, [writesOf(theirs).start()]);
    await store.record(mine, [writesOf(mine).start(), writesOf(mine).note(1)]);
    await outbox.flush();
    expect(api.reports.has(mine.key)).toBe(true);
    expect(api.reports.has(theirs.key)).toBe(false);
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [expect.objectContaining({ status: 409 })] });
    userId = null; // signed out: nothing goes, everything counts
    await outbox.flush();
    expect(api.calls).toHaveLength(2);
    expect(outbox.status()).toMatchObject({ waiting: 1, failed: [expect.objectContaining({ status: 409 })] });
    userId = 1;
    await outbox.flush();
    expect(api.reports.has(theirs.key)).toBe(true);
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
  });

  it('holds a lock while it sends, where the browser has locks', async () => {
    const api = createFakeApi();
    const names: string[] = [];
    const locks: Locks = {
      request: async (name, run) => {
        names.push(name);
        return run();
      },
    };
    const { store, outbox } = phone(api, undefined, undefined, { locks });
    await startedSession(store);
    await outbox.flush();
    expect(names.length).toBeGreaterThan(0);
    // One lock each lane.
    expect(new Set(names)).toEqual(new Set(['sitewalk-recorder-outbox', 'sitewalk-recorder-outbox-photos']));
    expect(api.namesCalled()).toEqual(['walkReport.start']);
  });
});

describe('photos in their own lane, and failed writes (issue 28)', () => {
  const clientIdOf = (write: OutboxWrite) => (write.kind === 'photo' ? write.photo.clientId : '');
  /** Runs every timer the outbox set, `times` times over, letting each run end. */
  const drain = async (outbox: Outbox, clock: ReturnType<typeof createFakeClock>, times: number) => {
    for (let i = 0; i < times; i++) {
      clock.advance(BACKOFF_MAX_MS);
      await outbox.flush();
    }
  };

  it('sends the completed markers and the finish while a photo fails every time, then sets the photo aside with its reason', async () => {
    const api = createFakeApi();
    const { store, outbox, clock } = phone(api);
    const { session, w } = await startedSession(store);
    // The storage refuses this page's origin (the CORS case): fetch fails the same way on every try.
    api.failAlways('PUT', () => new TypeError('Failed to fetch'));
    const photo = w.photo(1);
    await store.record(session, [w.completedMarker(1), photo, w.completedMarker(2), w.note(2), w.finish()]);
    await outbox.flush();

    const reportId = api.reports.get(session.key) ?? 0;
    // Everything but the photo's file is there at once.
    expect(api.completedMarkers.get(reportId)?.size).toBe(2);
    expect(api.notes.get(reportId)?.size).toBe(1);
    expect(api.finished.has(reportId)).toBe(true);
    expect(api.photos.get(reportId)?.has(clientIdOf(photo))).toBe(true);
    expect(outbox.status()).toMatchObject({ waiting: 1, bytes: 1234, failed: [] });

    await drain(outbox, clock, PHOTO_SAME_FAILURES_MAX);
    expect(api.puts).toHaveLength(PHOTO_SAME_FAILURES_MAX);
    expect(outbox.status()).toMatchObject({
      waiting: 0,
      bytes: 0,
      retryAt: null,
      failed: [
        expect.objectContaining({
          write: expect.objectContaining({ kind: 'photo' }),
          message: 'the upload did not reach the storage (Failed to fetch)',
          markerLabel: 1,
          reported: true,
        }),
      ],
    });
    // Set aside: not tried again by itself.
    await drain(outbox, clock, 3);
    expect(api.puts).toHaveLength(PHOTO_SAME_FAILURES_MAX);
    expect(clock.pendingCount()).toBe(0);
  });

  it('sends the finish while an incident’s photo fails every time; only the photos are set aside, the incident stands', async () => {
    const api = createFakeApi();
    const { store, outbox, clock } = phone(api);
    const { session, w } = await startedSession(store);
    api.failAlways('PUT', () => new TypeError('Failed to fetch'));
    const incident = w.incident(1);
    if (incident.kind !== 'incident') throw new Error('an incident write');
    await store.record(session, [w.completedMarker(1), incident, w.completedMarker(2), w.finish()]);
    await outbox.flush();

    const reportId = api.reports.get(session.key) ?? 0;
    expect(api.incidents.size).toBe(1);
    expect(api.completedMarkers.get(reportId)?.size).toBe(2);
    expect(api.finished.has(reportId)).toBe(true);
    const photoBytes = incident.photos.reduce((sum, photo) => sum + photo.blob.size, 0);
    expect(outbox.status()).toMatchObject({ waiting: 1, bytes: photoBytes, failed: [] });

    await drain(outbox, clock, PHOTO_SAME_FAILURES_MAX);
    expect(api.puts).toHaveLength(PHOTO_SAME_FAILURES_MAX);
    const [failure] = outbox.status().failed;
    expect(failure).toMatchObject({ write: { kind: 'incident' }, photosOnly: true, reported: true });
    expect(failedWriteText(failure!)).toBe(
      'The photo could not be uploaded: the upload did not reach the storage (Failed to fetch)',
    );
    expect(discardQuestion(failure!)).toBe('Discard the photos of the incident?');
    expect(outbox.status()).toMatchObject({ waiting: 0, bytes: 0, retryAt: null });

    // Retried once the storage takes it: the same incident, both photos, nothing created twice.
    api.recover('PUT');
    await outbox.retry(failure!.seq);
    await outbox.flush();
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
    expect(api.incidents.size).toBe(1);
    expect(api.calls.filter((c) => c.name === 'incident.create')).toHaveLength(1);
    const incidentId = api.incidents.get(incident.clientId) ?? 0;
    expect(api.incidentImages.get(incidentId)?.size).toBe(incident.photos.length);
  });

  it('keeps trying a photo whose failures change, and never lets one photo hold back another', async () => {
    const api = createFakeApi();
    const reasons = [() => new StorageError(503), () => new TypeError('Failed to fetch')];
    let tries = 0;
    const stuckKey = () => api.photos.get(api.reports.get(session.key) ?? 0)?.get(clientIdOf(stuck)) ?? '-';
    const { store, outbox, clock } = phone(api, createFakeClock(), undefined, {
      upload: async (ticket, blob, signal) => {
        // The first photo's PUT fails, each time for another reason than the last; the second lands.
        if (
          ticket.uploadUrl === `https://storage.test/${stuckKey()}` &&
          tries < 2 * PHOTO_SAME_FAILURES_MAX
        ) {
          throw (reasons[tries++ % 2] ?? networkError)();
        }
        await api.upload(ticket, blob, signal);
      },
    });
    const session = newSession();
    const w = writesOf(session);
    const [stuck, fine] = [w.photo(1), w.photo(2)];
    await store.record(session, [w.start(), stuck, fine]);
    await outbox.flush();
    const reportId = api.reports.get(session.key) ?? 0;
    // The second photo is up while the first waits for its retry.
    expect(api.stored.has(api.photos.get(reportId)?.get(clientIdOf(fine)) ?? '-')).toBe(true);
    expect(outbox.status().waiting).toBe(1);

    await drain(outbox, clock, 2 * PHOTO_SAME_FAILURES_MAX + 1);
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
    expect(api.stored.has(stuckKey())).toBe(true);
    expect(tries).toBe(2 * PHOTO_SAME_FAILURES_MAX);
  });

  it('sends at once when the network comes back, whatever the backoff timers say', async () => {
    const api = createFakeApi();
    const events = new EventTarget();
    const { store, outbox, clock } = phone(api, undefined, undefined, { window: events });
    const { session, w } = await startedSession(store);
    await outbox.flush();
    api.fail('PUT', networkError);
    await store.record(session, [w.photo(1)]);
    await outbox.flush();
    api.fail('walkReport.addNote', networkError);
    await store.record(session, [w.note(1)]);
    await outbox.flush();
    // Both lanes wait for their timers.
    expect(outbox.status().retryAt).toBeGreaterThan(clock.now());
    expect(outbox.status().waiting).toBe(2);

    const settled = until(outbox, (s) => s.waiting === 0 && !s.sending);
    events.dispatchEvent(new Event('online'));
    await settled;
    const reportId = api.reports.get(session.key) ?? 0;
    expect(api.notes.get(reportId)?.size).toBe(1);
    expect(api.stored.size).toBe(1);
    expect(outbox.status().retryAt).toBeNull();
    expect(clock.pendingCount()).toBe(0);
  });

  it('retries a write set aside: the photo goes again at once, with its count of failures afresh', async () => {
    const api = createFakeApi();
    const { store, outbox, clock } = phone(api);
    const { session, w } = await startedSession(store);
    api.failAlways('PUT', () => new StorageError(403));
    const photo = w.photo(1);
    await store.record(session, [photo]);
    await outbox.flush();
    // A 403 from the storage is not going to change: set aside at once.
    expect(api.puts).toHaveLength(1);
    const [failed] = outbox.status().failed;
    expect(failed).toMatchObject({ status: 403, message: 'the storage refused it (HTTP 403)' });

    api.recover('PUT');
    await outbox.retry(failed?.seq ?? -1);
    await outbox.flush();
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
    const reportId = api.reports.get(session.key) ?? 0;
    expect(api.stored.has(api.photos.get(reportId)?.get(clientIdOf(photo)) ?? '-')).toBe(true);
    // Retrying what is not failed changes nothing.
    await outbox.retry(failed?.seq ?? -1);
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
    expect(clock.pendingCount()).toBe(0);
  });

  it('retries a refused write in its own place in the queue', async () => {
    const api = createFakeApi();
    const { store, outbox } = phone(api);
    const { session, w } = await startedSession(store);
    api.fail('walkReport.addNote', () => apiError(400, 'Note text is required'));
    await store.record(session, [w.note(1)]);
    await outbox.flush();
    const [failed] = outbox.status().failed;
    expect(failed?.markerLabel).toBe(1);
    await outbox.retry(failed?.seq ?? -1);
    await outbox.flush();
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
    expect(api.notes.get(api.reports.get(session.key) ?? 0)?.size).toBe(1);
  });

  it("names a failed write's completed marker after its walk is closed on the phone, from the walks saved there", async () => {
    const api = createFakeApi();
    const { store, outbox } = phone(api);
    const { session, w } = await startedSession(store);
    await store.saveCatalog({
      userId: 1,
      savedAt: '2026-11-23T08:00:00.000Z',
      locations: [{ id: session.locationId, name: 'North Yard', walks: [session.walk] }],
    });
    await store.closeSession(session.key);
    api.fail('walkReport.addNote', () => apiError(409, 'A finished walk report cannot be changed'));
    await store.record({ ...session, finishedAt: '2026-11-23T09:40:00.000Z' }, [w.note(3)]);
    await store.closeSession(session.key);
    await outbox.flush();
    expect(outbox.status().failed.map((f) => f.markerLabel)).toEqual([3]);
  });

  it('discards a failed write and tells the report once, through the queue, even offline and with answers lost', async () => {
    const api = createFakeApi();
    const events = new EventTarget();
    let online = true;
    const { store, outbox } = phone(api, undefined, undefined, { window: events, online: () => online });
    const { session, w } = await startedSession(store);
    api.failAlways('PUT', () => new StorageError(400));
    const photo = w.photo(3);
    await store.record(session, [photo]);
    await outbox.flush();
    const [failed] = outbox.status().failed;
    expect(failed?.reported).toBe(true);

    // Discarded offline: the notice waits in the queue, counted.
    online = false;
    await outbox.discard(failed?.seq ?? -1);
    expect(outbox.status()).toMatchObject({ waiting: 1, failed: [] });
    expect(api.namesCalled()).not.toContain('walkReport.recordDiscardedWrite');

    // Back online; the first notice lands and its answer is lost: sent again, counted once.
    online = true;
    api.fail('walkReport.recordDiscardedWrite', networkError, true);
    events.dispatchEvent(new Event('online'));
    await until(outbox, (s) => s.waiting === 0 && !s.sending);
    const notices = api.calls.filter((c) => c.name === 'walkReport.recordDiscardedWrite');
    expect(notices.length).toBe(2);
    expect(new Set(notices.map((c) => c.clientId))).toEqual(new Set([clientIdOf(photo)]));
    expect(api.discarded.get(api.reports.get(session.key) ?? 0)?.size).toBe(1);
    // The photo itself is gone from the phone.
    expect(await store.failures()).toEqual([]);
    expect(await store.waiting()).toBe(0);
  });

  it('gives a finish (no client id of its own) a notice id once, and tells nothing for a walk never started', async () => {
    const api = createFakeApi();
    const ids = ['7a0f6d1c-3a54-4a7e-9d31-0c8c1a0c1b11'];
    const { store, outbox } = phone(api, undefined, undefined, { newId: () => ids.shift() ?? 'no-more-ids' });
    const { session, w } = await startedSession(store);
    api.fail('walkReport.finish', () => apiError(409, 'A finished walk report cannot be changed'));
    await store.record(session, [w.finish()]);
    await outbox.flush();
    await outbox.discard(outbox.status().failed[0]?.seq ?? -1);
    await outbox.flush();
    expect(api.discarded.get(api.reports.get(session.key) ?? 0)).toEqual(
      new Set(['7a0f6d1c-3a54-4a7e-9d31-0c8c1a0c1b11']),
    );

    // A start refused for good: its writes fail with it, and discarding them tells no report.
    const other = newSession();
    const wo = writesOf(other);
    api.fail('walkReport.start', () => apiError(404, 'Walk not found'));
    await store.record(other, [wo.start(), wo.note(1)]);
    await outbox.flush();
    const failures = outbox.status().failed;
    expect(failures.map((f) => [f.write.kind, f.reported])).toEqual([
      ['start', false],
      ['note', false],
    ]);
    for (const failure of failures) await outbox.discard(failure.seq);
    await outbox.flush();
    expect(outbox.status().failed).toEqual([]);
    expect(outbox.status().waiting).toBe(0);
    expect(api.calls.filter((c) => c.name === 'walkReport.recordDiscardedWrite')).toHaveLength(1);
  });
});

describe('the store', () => {
  it('records a session and its writes in one transaction: a write that cannot be stored changes nothing', async () => {
    const store = openRecorderStore({ name: `recorder-${randomUUID()}` });
    opened.push({ store });
    const session = newSession();
    const w = writesOf(session);
    await store.record(session, [w.start()]);
    const arrived: RecordingSession = {
      ...session,
      arrivals: [{ ...(w.completedMarker(1) as { arrival: RecordingSession['arrivals'][number] }).arrival }],
    };
    // A function cannot be cloned into IndexedDB.
    const broken = {
      ...w.note(1),
      note: { clientId: randomUUID(), markerId: 1, note: 'x', at: '', bad: () => 1 },
    } as unknown as OutboxWrite;
    await expect(store.record(arrived, [w.completedMarker(1), broken])).rejects.toThrow();
    expect((await store.activeSession(1))?.arrivals).toEqual([]);
    expect(await store.waiting()).toBe(1);

    // And a write of another session is refused before anything is written.
    const stranger = writesOf(newSession()).note(1);
    await expect(store.record(arrived, [stranger])).rejects.toThrow(/cannot be recorded/);
    expect((await store.activeSession(1))?.arrivals).toEqual([]);

    await store.record(arrived, [w.completedMarker(1)]);
    expect((await store.activeSession(1))?.arrivals).toHaveLength(1);
    expect(await store.waiting()).toBe(2);
  });

  it('keeps photos as Blobs', async () => {
    const store = openRecorderStore({ name: `recorder-${randomUUID()}` });
    opened.push({ store });
    const session = newSession();
    const w = writesOf(session);
    await store.record(session, [w.photo(1)]);
    const head = await store.head();
    expect(head?.write.kind).toBe('photo');
    const blob = head?.write.kind === 'photo' ? head.write.blob : null;
    expect(blob).toBeInstanceOf(Blob);
    expect(blob?.size).toBe(1234);
    expect(blob?.type).toBe('image/jpeg');
  });

  it('keeps sessions and catalogs per user; a finished or closed session is not active', async () => {
    const store = openRecorderStore({ name: `recorder-${randomUUID()}` });
    opened.push({ store });
    const mine = newSession(1);
    const theirs = newSession(2);
    await store.record(mine, [writesOf(mine).start()]);
    await store.record(theirs, [writesOf(theirs).start()]);
    expect((await store.activeSession(1))?.key).toBe(mine.key);
    expect((await store.activeSession(2))?.key).toBe(theirs.key);
    expect(await store.activeSession(3)).toBeNull();

    await store.record({ ...mine, finishedAt: '2026-11-23T09:40:00.000Z' }, [writesOf(mine).finish()]);
    expect(await store.activeSession(1)).toBeNull();
    await store.closeSession(theirs.key);
    expect(await store.activeSession(2)).toBeNull();
    // Closing forgets the session, not its writes.
    expect(await store.waiting()).toBe(3);

    const catalog = {
      userId: 1,
      savedAt: '2026-11-23T08:00:00.000Z',
      locations: [{ id: 3, name: 'North Yard', walks: [mine.walk] }],
    };
    await store.saveCatalog(catalog);
    expect(await store.loadCatalog(1)).toEqual(catalog);
    expect(await store.loadCatalog(2)).toBeNull();
  });
});

describe('retry rules', () => {
  it('count as delivered only a 412 from the storage and the API’s 409 “uploaded already”', () => {
    expect(deliveredBefore(new StorageError(412))).toBe(true);
    expect(deliveredBefore(apiError(409, messages.upload.alreadyUploaded))).toBe(true);
    // A finished report, another conflict, a 412 from the API, a refused or failed PUT: not delivered.
    expect(deliveredBefore(apiError(409, 'A finished walk report cannot be changed'))).toBe(false);
    expect(deliveredBefore(apiError(409))).toBe(false);
    expect(deliveredBefore(apiError(412, messages.upload.alreadyUploaded))).toBe(false);
    for (const status of [0, 400, 403, 409, 503])
      expect(deliveredBefore(new StorageError(status))).toBe(false);
    expect(deliveredBefore(networkError())).toBe(false);
  });

  it('says why a photo could not be uploaded, naming the step, with no URL', () => {
    const fetchFailed = new TypeError('Failed to fetch');
    expect(uploadFailureReason(fetchFailed, 'put')).toBe(
      'the upload did not reach the storage (Failed to fetch)',
    );
    expect(uploadFailureReason(fetchFailed, 'ticket')).toBe(
      'the server could not be reached (Failed to fetch)',
    );
    expect(uploadFailureReason(new StorageError(403))).toBe('the storage refused it (HTTP 403)');
    expect(uploadFailureReason(apiError(503), 'ticket')).toBe('the server did not take it (HTTP 503)');
    expect(uploadFailureReason(apiError(400, 'contentLength: too large'), 'ticket')).toBe(
      'contentLength: too large',
    );
    expect(uploadFailureReason(new DOMException('signal timed out', 'TimeoutError'))).toBe(
      'the upload took too long and was stopped',
    );
    expect(uploadFailureReason('nonsense')).toBe('an unknown error');
  });

  it('backs off from about a second, doubling, to at most a minute, with jitter', () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1_000);
    expect(backoffDelay(2, () => 1)).toBe(2_000);
    expect(backoffDelay(7, () => 1)).toBe(60_000);
    expect(backoffDelay(30, () => 0)).toBe(30_000);
  });

  it('retries network errors, 5xx, 408 and 429; renews on 401; gives up on any other 4xx', () => {
    expect(classify(networkError()).kind).toBe('retry');
    for (const status of [500, 502, 503, 504, 408, 429])
      expect(classify(apiError(status)).kind).toBe('retry');
    expect(classify(apiError(401)).kind).toBe('unauthorized');
    for (const status of [400, 403, 404, 409, 413, 422])
      expect(classify(apiError(status, 'No'))).toEqual({ kind: 'failed', status, message: 'No' });
    expect(classify(new StorageError(503)).kind).toBe('retry');
    expect(classify(new StorageError(0)).kind).toBe('retry');
    expect(classify(new StorageError(403))).toMatchObject({ kind: 'failed', status: 403 });
  });
});

describe('the indicator’s words', () => {
  it.each([
    [{ waiting: 0, sending: false, online: true }, 'All sent'],
    [{ waiting: 1, sending: false, online: true }, '1 item waiting to send'],
    [{ waiting: 3, sending: false, online: true }, '3 items waiting to send'],
    [{ waiting: 3, sending: true, online: true }, 'Sending… 3 items waiting to send'],
    [{ waiting: 0, sending: true, online: true }, 'Sending…'],
    [{ waiting: 3, bytes: 4_200_000, sending: false, online: true }, '3 items waiting to send · 4.2 MB'],
    [
      { waiting: 2, bytes: 12_345_678, sending: true, online: true },
      'Sending… 2 items waiting to send · 12.3 MB',
    ],
    [
      { waiting: 1, bytes: 99_999, sending: false, online: false },
      'Offline — 1 item waiting to send · < 0.1 MB',
    ],
    [{ waiting: 3, sending: false, online: false }, 'Offline — 3 items waiting to send'],
    [{ waiting: 1, sending: false, online: false }, 'Offline — 1 item waiting to send'],
    [{ waiting: 0, sending: false, online: false }, 'Offline — all sent'],
  ])('%o → %s', (status, text) => {
    expect(outboxStatusText(status)).toBe(text);
  });
});
