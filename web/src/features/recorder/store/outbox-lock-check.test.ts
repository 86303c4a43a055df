import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { LockFinding } from '@sitewalk/shared/lock-check';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import {
  addLockPhoto,
  finishLockCheck,
  startLockCheck,
  tapFinding,
} from '../lock-check/lock-check-actions.ts';
import { createOutbox, type OutboxOptions } from './outbox.ts';
import { discardConsequence, failedWriteName } from './outbox-texts.ts';
import { openRecorderStore, type LocalRecorderStore } from './recorder-store.ts';
import {
  apiError,
  createFakeApi,
  createFakeClock,
  networkError,
  phoneOptions,
  type FakeApi,
} from '../testing/outbox-fakes.ts';
import type { LockCheckSession, Outbox, OutboxWrite } from './types.ts';

/** The outbox's lock-check writes (issue 31): in order, once each, across a lost answer, offline and a reload. */

const opened: { store: LocalRecorderStore; outbox?: Outbox }[] = [];
afterEach(async () => {
  for (const { store, outbox } of opened.splice(0)) {
    outbox?.stop();
    await store.close();
  }
});

const phone = (api: FakeApi, name = `recorder-${randomUUID()}`, extra: Partial<OutboxOptions> = {}) => {
  const clock = createFakeClock();
  const store = openRecorderStore({ name });
  const outbox = createOutbox({ store, ...phoneOptions(api, clock), ...extra });
  opened.push({ store, outbox });
  return { store, outbox, clock, name };
};

const roster: RosterVersion = {
  version: 3,
  locationId: 5,
  importedAt: '2026-11-20T10:00:00.000Z',
  importedBy: { firstName: 'Mia', lastName: 'Manager' },
  unitCount: 3,
  fileName: null,
  units: [
    { number: 'A-1', status: 'rented', delinquent: false, overlocked: false, size: null },
    { number: 'A-2', status: 'vacant', delinquent: false, overlocked: false, size: null },
    { number: 'A-3', status: 'rented', delinquent: true, overlocked: false, size: null },
  ],
};
const unit = (number: string) => ({
  number,
  roster: roster.units.find((candidate) => candidate.number === number) ?? null,
});
const at = '2026-11-23T09:00:00.000Z';
const photo = {
  blob: new Blob([new Uint8Array(800)], { type: 'image/jpeg' }),
  contentType: 'image/jpeg' as const,
};

/** Records on the phone as the check screen does: each action saved with its writes. */
const recorder = (store: LocalRecorderStore, userId = 1) => {
  let session: LockCheckSession | null = null;
  const save = async (recorded: { session: LockCheckSession; writes: OutboxWrite[] }) => {
    session = recorded.session;
    await store.recordLockCheck(recorded.session, recorded.writes);
  };
  const current = () => {
    if (!session) throw new Error('not started');
    return session;
  };
  return {
    start: () =>
      save(
        startLockCheck({
          userId,
          location: { id: 5, name: 'North Yard' },
          roster,
          scope: { kind: 'all' },
          now: at,
        }),
      ),
    tap: (number: string, finding: LockFinding) => save(tapFinding(current(), unit(number), finding, at)),
    photo: (number: string) => save(addLockPhoto(current(), number, photo, at)),
    finish: () => save(finishLockCheck(current(), at)),
    current,
  };
};

describe('the outbox sends a lock check', () => {
  it('in order: its start, each result and photo as tapped (a photo after its unit’s result), its finish', async () => {
    const api = createFakeApi();
    const { store, outbox } = phone(api);
    const check = recorder(store);
    await check.start();
    await check.tap('A-1', 'tenantLock');
    // Vacant with a tenant lock: a discrepancy, so it waits for its photo and is queued with it.
    await check.tap('A-2', 'tenantLock');
    await check.tap('A-3', 'overlock');
    await check.photo('A-2');
    await check.tap('A-2', 'companyLock'); // a tap again replaces the unit's result
    await check.finish();
    await outbox.flush();

    const id = api.lockChecks.get(check.current().key);
    expect(id).toBeDefined();
    expect(api.lockResults.get(id ?? 0)?.map(({ unit, finding }) => `${unit} ${finding}`)).toEqual([
      'A-1 tenantLock',
      'A-3 overlock',
      'A-2 tenantLock',
      'A-2 companyLock',
    ]);
    // The photo's upload is asked for in the main lane and again in the photo lane: the others, in order.
    expect(api.namesCalled().filter((name) => name !== 'lockCheck.photoUpload')).toEqual([
      'lockCheck.start',
      'lockCheck.recordResult',
      'lockCheck.recordResult',
      'lockCheck.recordResult',
      'lockCheck.recordResult',
      'lockCheck.finish',
    ]);
    const names = api.namesCalled();
    expect(names.indexOf('lockCheck.photoUpload')).toBeGreaterThan(names.lastIndexOf('lockCheck.start'));
    expect(api.lockPhotos.get(id ?? 0)?.size).toBe(1);
    expect([...api.stored.keys()][0]).toContain('/A-2/');
    expect(api.lockFinished.get(id ?? 0)).toBe(at);
    expect(outbox.status()).toMatchObject({ waiting: 0, failed: [] });
    expect(await outbox.lockCheckIdOf(check.current().key)).toBe(id);
  });

  it('lands each result once when an answer is lost and the write is sent again under its client id', async () => {
    const api = createFakeApi();
    const { store, outbox, clock } = phone(api);
    const check = recorder(store);
    await check.start();
    api.fail('lockCheck.start', () => apiError(503), true);
    api.fail('lockCheck.recordResult', networkError, true);
    await check.tap('A-1', 'tenantLock');
    await check.tap('A-3', 'overlock');
    await outbox.flush();
    for (let i = 0; i < 5 && outbox.status().waiting > 0; i++) {
      clock.advance(60_000);
      await outbox.flush();
    }
    expect(outbox.status().waiting).toBe(0);
    expect(api.lockChecks.size).toBe(1);
    const id = api.lockChecks.get(check.current().key) ?? 0;
    expect(api.lockResults.get(id)?.map((r) => r.unit)).toEqual(['A-1', 'A-3']);
    expect(api.calls.filter((c) => c.name === 'lockCheck.recordResult')).toHaveLength(3);
  });

  it('keeps everything offline and across a reload, then sends it all once, in order', async () => {
    const api = createFakeApi();
    const offline = phone(api, undefined, { online: () => false });
    const check = recorder(offline.store);
    await check.start();
    // Findings the roster expects (no photo needed): each is a result at once.
    const taps: [string, LockFinding][] = [
      ['A-1', 'tenantLock'],
      ['A-3', 'overlock'],
      ['A-2', 'noLock'],
    ];
    for (const [number, finding] of taps) await check.tap(number, finding);
    await offline.outbox.flush();
    expect(api.calls).toEqual([]);
    // The tab closes; the check is on the device, where it was.
    offline.outbox.stop();
    await offline.store.close();
    const back = phone(api, offline.name);
    const resumed = await back.store.activeLockCheck(1);
    expect(resumed?.key).toBe(check.current().key);
    expect(Object.values(resumed?.results ?? {}).map((r) => [r.unit, r.finding])).toEqual(taps);
    await back.outbox.flush();
    const id = api.lockChecks.get(check.current().key) ?? 0;
    expect(api.lockResults.get(id)?.map((r) => [r.unit, r.finding])).toEqual(taps);
    expect(back.outbox.status().waiting).toBe(0);
  });

  it('a finished check on the device is no longer active; a refused write is named and kept, with no walk report to tell', async () => {
    const api = createFakeApi();
    const { store, outbox } = phone(api);
    const check = recorder(store);
    await check.start();
    api.fail('lockCheck.recordResult', () => apiError(400, 'unit: No unit number'));
    await check.tap('A-1', 'tenantLock');
    await check.finish();
    await store.closeLockCheck(check.current().key);
    expect(await store.activeLockCheck(1)).toBeNull();
    await outbox.flush();
    const [failure] = outbox.status().failed;
    expect(failure).toMatchObject({ status: 400, reported: false, markerLabel: null });
    expect(failure && failedWriteName(failure)).toBe('the result of unit A-1');
    expect(failure && discardConsequence(failure)).toBe('It will not be sent.');
    await outbox.discard(failure?.seq ?? 0);
    await outbox.flush();
    // Discarded without a notice: a lock check has no walk report to tell.
    expect(api.namesCalled()).not.toContain('walkReport.recordDiscardedWrite');
    expect(api.lockFinished.size).toBe(1);
  });
});

describe('the device’s database', () => {
  it('opens a version-1 database (a phone from before lock checks) with its queue kept', async () => {
    const name = `recorder-${randomUUID()}`;
    const old = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('sessions', { keyPath: 'key' }).createIndex('byUser', 'userId');
        const queue = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        queue.createIndex('bySession', 'write.session');
        queue.createIndex('byUser', 'userId');
        db.createObjectStore('reportIds', { keyPath: 'session' });
        const failed = db.createObjectStore('failed', { keyPath: 'seq' });
        failed.createIndex('bySession', 'session');
        failed.createIndex('byUser', 'userId');
        db.createObjectStore('catalogs', { keyPath: 'userId' });
      },
    });
    await old.add('outbox', {
      userId: 1,
      write: { session: 's', kind: 'finish', finishedAt: at },
    });
    old.close();
    const store = openRecorderStore({ name });
    opened.push({ store });
    expect(await store.waiting()).toBe(1);
    await store.saveRoster(roster);
    expect((await store.loadRoster(5))?.units).toHaveLength(3);
    expect(await store.activeLockCheck(1)).toBeNull();
  });
});
