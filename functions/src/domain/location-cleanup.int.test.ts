import { beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { dataFromEnv, storageFromEnv } from '../composition.ts';
import type { DataService } from '../db/service.ts';
import { objectKey, type Storage } from '../ports/storage.ts';
import { systemClock } from '../ports/clock.ts';
import { indexPhotoHash, photosSharingBands } from '../db/flags.ts';
import { putRosterChunks } from '../db/rosters.ts';
import { resumeStalledCleanups, runCleanupStep, type StepLimits } from './location-cleanup.ts';
import { Role } from '@sitewalk/shared/roles';

let db: DataService;
let storage: Storage;

beforeAll(async () => {
  await isolatedEnvironment();
  db = dataFromEnv();
  storage = storageFromEnv();
});

const COMPANY = 7;
const AREA = 70;
let nextLocation = 1000;
let nextId = 1;
/** A picture hash of a report's photo, its own to the report. */
const hashOf = (walkReportId: number) => `5eed${walkReportId.toString(16).padStart(12, '0')}`;

const upload = async (key: string) => {
  const body = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
  const ticket = await storage.presignUpload({
    key,
    contentType: 'image/jpeg',
    contentLength: body.length,
    expiresIn: 60,
  });
  expect((await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body })).status).toBe(200);
  return key;
};

/** A deleted location's leftovers, written straight to the table and the bucket, and its cleanup item. */
const leftovers = async (counts: {
  reports: number;
  incidents: number;
  walks: number;
  members: number;
  defaults: number;
  months?: number;
  tasks?: number;
  /** Each with two recipients' inbox entries, a pending mail and its key guard. */
  alerts?: number;
  /** Roster versions of 2 chunks each, and an orphan chunk of the version after the newest. */
  rosters?: number;
  /** Lock checks of 2 results, a photo with its file and a discrepancy each; 2 unit history items each. */
  lockChecks?: number;
}) => {
  const locationId = nextLocation++;
  const at = { locationId, organizationId: AREA, managementCompanyId: COMPANY };
  const files: string[] = [];
  const reportIds: number[] = [];
  const guards: string[] = [];
  for (let r = 0; r < counts.reports; r++) {
    const walkReportId = nextId++;
    reportIds.push(walkReportId);
    const clientId = `start-${walkReportId}`;
    await db.entities.walkReportStart.create({ clientId, walkReportId, userId: 1 }).go();
    await db.entities.walkReport
      .create({
        walkReportId,
        walkId: 1,
        ...at,
        userId: 1,
        clientId,
        startedAt: `2026-11-01T0${r % 10}:00:00.000Z`,
        walkName: 'W',
        markerCount: 3,
      })
      .go();
    for (let c = 0; c < 3; c++) {
      await db.entities.completedMarker
        .create({
          walkReportId,
          clientId: `c${c}`,
          completedMarkerId: nextId++,
          markerId: c,
          arrivedAt: '2026-11-01T00:00:00.000Z',
          receivedAt: '2026-11-01T00:00:00.000Z',
          lat: 1,
          lng: 1,
          accuracy: 1,
          // Written before issue 15 (no method, no distance), and after.
          ...(c > 0 ? { method: c === 1 ? ('hand' as const) : ('position' as const), distance: 12.5 } : {}),
          isDoor: false,
        })
        .go();
    }
    await db.entities.walkNote
      .create({ walkReportId, clientId: 'n', walkNoteId: nextId++, markerId: 0, note: 'x' })
      .go();
    const key = await upload(
      objectKey({ managementCompanyId: COMPANY, kind: 'walk-photo', id: walkReportId }, 'image/jpeg'),
    );
    files.push(key);
    await db.entities.markerImage
      .create({
        walkReportId,
        clientId: 'p',
        markerId: 0,
        imageName: 'p.jpg',
        key,
        takenAt: '2026-11-01T00:00:00.000Z',
        lat: 1,
        lng: 1,
        accuracy: 4,
        hash: hashOf(walkReportId),
      })
      .go();
    // Its picture hash, indexed by band (issue 18).
    await indexPhotoHash(db, {
      managementCompanyId: COMPANY,
      walkReportId,
      clientId: 'p',
      hash: hashOf(walkReportId),
      recordedAt: '2026-11-01T00:00:00.000Z',
    });
  }
  for (let i = 0; i < counts.incidents; i++) {
    const incidentId = nextId++;
    const key = await upload(
      objectKey({ managementCompanyId: COMPANY, kind: 'incident-photo', id: incidentId }, 'image/jpeg'),
    );
    files.push(key);
    // A key handed out whose file was never uploaded is no error.
    const neverUploaded = objectKey(
      { managementCompanyId: COMPANY, kind: 'incident-photo', id: incidentId },
      'image/png',
    );
    // Every other incident was created with a client id (the walk recorder's), under a guard.
    const clientId = i % 2 ? `incident-${incidentId}` : undefined;
    if (clientId) {
      guards.push(clientId);
      await db.entities.incidentCreate.create({ clientId, incidentId, userId: 1 }).go();
    }
    await db.entities.incident
      .create({ incidentId, ...at, priority: 1, createdBy: 1, photoKeys: [key, neverUploaded], clientId })
      .go();
  }
  for (let w = 0; w < counts.walks; w++) {
    await db.entities.walk
      .create({
        walkId: nextId++,
        ...at,
        name: 'W',
        markers: [],
        ...(w % 2 ? { deletedAt: '2026-11-01T00:00:00.000Z' } : {}),
      })
      .go();
  }
  for (let m = 0; m < counts.members; m++) {
    await db.entities.userLocation.create({ userId: nextId++, ...at }).go();
  }
  for (let d = 0; d < counts.defaults; d++) {
    await db.entities.user
      .create({
        userId: nextId++,
        firstName: 'D',
        lastName: 'D',
        roleId: Role.Employee,
        defaultLocationId: locationId,
      })
      .go();
  }
  for (let m = 0; m < (counts.months ?? 0); m++) {
    const month = `2026-${String(m + 1).padStart(2, '0')}`;
    await db.entities.locationMonth
      .update({ locationId, month })
      .add({ reportStarts: [m], open1: ['e'] })
      .go();
  }
  for (let i = 0; i < (counts.tasks ?? 0); i++) {
    const now = '2026-11-01T00:00:00.000Z';
    await db.entities.task
      .create({
        taskId: nextId++,
        ...at,
        title: 'T',
        createdBy: 1,
        dueAt: now,
        priority: 3,
        createdAt: now,
        updatedAt: now,
        dueCheckAt: now,
      })
      .go();
  }
  for (let i = 0; i < (counts.alerts ?? 0); i++) {
    const alertId = nextId++;
    const key = `window#${locationId}#morning#2026-11-0${i + 1}#missed`;
    const createdAt = '2026-11-01T00:00:00.000Z';
    await db.entities.alertKey.create({ key, alertId, locationId }).go();
    await db.entities.alert
      .create({ alertId, key, kind: 'missed', ...at, message: 'm', recipientIds: [1, 2], createdAt })
      .go();
    for (const userId of [1, 2]) {
      await db.entities.alertInbox.create({ userId, alertId, kind: 'missed', locationId }).go();
    }
    await db.entities.alertMail.create({ alertId, userId: 1, createdAt }).go();
  }
  for (let version = 1; version <= (counts.rosters ?? 0); version++) {
    const header = { locationId, version, importId: `import-${version}` };
    await db.entities.rosterVersion
      .create({
        ...header,
        managementCompanyId: COMPANY,
        importedAt: '2026-11-01T00:00:00.000Z',
        importedBy: 1,
        importedByFirstName: 'R',
        importedByLastName: 'R',
        unitCount: 2,
        chunkCount: 2,
      })
      .go();
    await putRosterChunks(
      db,
      [0, 1].map((chunk) => ({ ...header, chunk, units: '[]' })),
    );
  }
  if (counts.rosters) {
    const orphan = { locationId, version: counts.rosters + 1, importId: 'died', chunk: 0, units: '[]' };
    await putRosterChunks(db, [orphan]);
  }
  for (let c = 0; c < (counts.lockChecks ?? 0); c++) {
    const lockCheckId = nextId++;
    const startedAt = `2026-11-0${c + 1}T09:00:00.000Z`;
    await db.entities.lockCheck
      .create({
        lockCheckId,
        ...at,
        userId: 1,
        startedByFirstName: 'W',
        startedByLastName: 'W',
        clientId: `check-${lockCheckId}`,
        startedAt,
        scope: '{"kind":"all"}',
        rosterVersion: 1,
        rosterImportId: 'import-1',
        unitCount: 2,
      })
      .go();
    for (const unitKey of ['A-1', 'A-2']) {
      const tap = {
        unit: unitKey,
        unitKey,
        finding: 'doorOpen' as const,
        seenAt: startedAt,
        clientId: `${lockCheckId}-${unitKey}`,
      };
      await db.entities.lockResult
        .create({ lockCheckId, ...tap, onRoster: true, discrepancies: ['doorOpen'] })
        .go();
      await db.entities.unitFinding
        .create({
          locationId,
          lockCheckId,
          ...tap,
          userId: 1,
          seenByFirstName: 'W',
          seenByLastName: 'W',
          discrepancies: [],
        })
        .go();
    }
    const key = await upload(
      objectKey({ managementCompanyId: COMPANY, kind: 'lock-photo', id: lockCheckId }, 'image/jpeg'),
    );
    files.push(key);
    await db.entities.lockPhoto
      .create({ lockCheckId, clientId: 'photo', unit: 'A-1', unitKey: 'A-1', imageName: 'p.jpg', key })
      .go();
    await db.entities.lockDiscrepancy
      .create({
        lockCheckId,
        unitKey: 'A-1',
        kind: 'doorOpen',
        unit: 'A-1',
        severity: 1,
        finding: 'doorOpen',
      })
      .go();
  }
  await db.entities.schedule
    .create({ ...at, timeZone: 'UTC', windows: [], nextCheckAt: '9999-12-31T00:00:00.000Z' })
    .go();
  await db.entities.locationTally.update({ locationId }).add({ walkReportCount: counts.reports }).go();
  await db.entities.locationCleanup.create(at).go();
  return { locationId, files, reportIds, guards };
};

/** What is left of a location, by kind. */
const left = async (locationId: number) => {
  const count = async (query: Promise<{ data: unknown[] }>) => (await query).data.length;
  return {
    reports: await count(db.entities.walkReport.query.byLocation({ locationId }).go({ pages: 'all' })),
    incidents: await count(db.entities.incident.query.byLocation({ locationId }).go({ pages: 'all' })),
    walks: await count(db.entities.walk.query.byLocation({ locationId }).go({ pages: 'all' })),
    members: await count(db.entities.userLocation.query.byLocation({ locationId }).go({ pages: 'all' })),
    defaults: await count(
      db.entities.user.query.byDefaultLocation({ defaultLocationId: locationId }).go({ pages: 'all' }),
    ),
    months: await count(db.entities.locationMonth.query.primary({ locationId }).go({ pages: 'all' })),
    tasks: await count(db.entities.task.query.byLocation({ locationId }).go({ pages: 'all' })),
    inbox: await count(db.entities.alertInbox.query.byLocation({ locationId }).go({ pages: 'all' })),
    alerts: await count(db.entities.alert.query.byLocation({ locationId }).go({ pages: 'all' })),
    rosters: await count(db.entities.rosterVersion.query.primary({ locationId }).go({ pages: 'all' })),
    rosterChunks: (
      await Promise.all(
        // Every version's chunks, and those of the import that died after the newest.
        Array.from({ length: 5 }, (_, v) =>
          count(db.entities.rosterChunk.query.primary({ locationId, version: v + 1 }).go({ pages: 'all' })),
        ),
      )
    ).reduce((sum, n) => sum + n, 0),
    lockChecks: await count(db.entities.lockCheck.query.byLocation({ locationId }).go({ pages: 'all' })),
    unitFindings: await count(db.entities.unitFinding.query.byLocation({ locationId }).go({ pages: 'all' })),
  };
};

const stepOf = async (locationId: number) =>
  (await db.entities.locationCleanup.get({ locationId }).go()).data?.step;

const limits: StepLimits = {
  memberships: 2,
  defaults: 1,
  reports: 3,
  incidents: 2,
  walks: 3,
  months: 2,
  tasks: 2,
  alerts: 2,
  rosters: 2,
  lockChecks: 2,
};

describe('a location cleanup', () => {
  it('removes one bounded page of one kind per step until nothing is left, then itself', async () => {
    // Prepare
    const counts = {
      reports: 7,
      incidents: 3,
      walks: 4,
      members: 3,
      defaults: 2,
      months: 3,
      tasks: 3,
      alerts: 3,
      rosters: 3,
      lockChecks: 3,
    };
    const { locationId, files, reportIds, guards } = await leftovers(counts);
    expect(guards.length).toBeGreaterThan(0);
    const before = await left(locationId);
    expect(before).toEqual({ ...counts, inbox: 6, rosterChunks: 7, unitFindings: 6 });

    // Act: step by step, as the stream would drive it.
    const trail: Awaited<ReturnType<typeof left>>[] = [before];
    for (let at = 0; ; at++) {
      expect(at).toBeLessThan(50);
      const outcome = await runCleanupStep({ db, storage }, locationId, at, limits);
      trail.push(await left(locationId));
      if (outcome === 'done') break;
      expect(outcome).toBe('continued');
      expect(await stepOf(locationId)).toBe(at + 1);
    }

    // Assess: each step removed at most one page, of one kind only.
    const limitOf = {
      reports: limits.reports,
      incidents: limits.incidents,
      walks: limits.walks,
      members: limits.memberships,
      defaults: limits.defaults,
      months: limits.months,
      tasks: limits.tasks,
      inbox: limits.alerts,
      alerts: limits.alerts,
      rosters: limits.rosters,
      lockChecks: limits.lockChecks,
      unitFindings: limits.lockChecks * 100,
    };
    for (let i = 1; i < trail.length; i++) {
      const [previous, now] = [trail[i - 1], trail[i]];
      const changed = (Object.keys(limitOf) as (keyof typeof limitOf)[]).filter(
        (kind) => previous?.[kind] !== now?.[kind],
      );
      expect(changed.length).toBeLessThanOrEqual(1);
      for (const kind of changed)
        expect((previous?.[kind] ?? 0) - (now?.[kind] ?? 0)).toBeLessThanOrEqual(limitOf[kind]);
    }
    // 2 + 2 + 3 + 2 + 2 + 2 + 2 (tasks) + 3 (inbox) + 2 (alerts) + 2 (rosters) + 2 (lock checks) + 1 (unit
    // history) pages, and a last step that finds nothing.
    expect(trail).toHaveLength(1 + 26);
    expect(trail.at(-1)).toEqual({
      reports: 0,
      incidents: 0,
      walks: 0,
      members: 0,
      defaults: 0,
      months: 0,
      tasks: 0,
      inbox: 0,
      alerts: 0,
      rosters: 0,
      rosterChunks: 0,
      lockChecks: 0,
      unitFindings: 0,
    });
    expect(
      (await db.entities.alertMail.query.pending({}).go({ pages: 'all' })).data.filter(
        (m) => m.userId === 1 && m.createdAt === '2026-11-01T00:00:00.000Z',
      ),
    ).toEqual([]);
    expect(
      (await db.entities.alertKey.get({ key: `window#${locationId}#morning#2026-11-01#missed` }).go()).data,
    ).toBeNull();
    expect((await db.entities.schedule.get({ locationId }).go()).data).toBeNull();
    for (const walkReportId of reportIds) {
      const { data } = await db.collections.report({ walkReportId }).go();
      expect([...data.walkReport, ...data.completedMarker, ...data.walkNote, ...data.markerImage]).toEqual(
        [],
      );
      expect(
        (await db.entities.walkReportStart.get({ clientId: `start-${walkReportId}` }).go()).data,
      ).toBeNull();
      expect(
        (await photosSharingBands(db, COMPANY, hashOf(walkReportId))).filter(
          (p) => p.walkReportId === walkReportId,
        ),
      ).toEqual([]);
    }
    for (const clientId of guards) {
      expect((await db.entities.incidentCreate.get({ clientId }).go()).data).toBeNull();
    }
    for (const key of files) expect(await storage.exists(key)).toBe(false);
    expect((await db.entities.locationTally.get({ locationId }).go()).data).toBeNull();
    expect((await db.entities.locationCleanup.get({ locationId }).go()).data).toBeNull();
  });

  it('resumes after a step that failed half-way, losing nothing', async () => {
    // Prepare: the bucket fails on the second batch of files within a step.
    const { locationId, files } = await leftovers({
      reports: 5,
      incidents: 0,
      walks: 0,
      members: 0,
      defaults: 0,
    });
    let calls = 0;
    const failing: Storage = {
      ...storage,
      deleteKeys: async (keys) => {
        calls += 1;
        if (calls === 2) throw new Error('S3 is unavailable');
        return storage.deleteKeys(keys);
      },
    };

    // Act: the step fails; its record is delivered again (same step value) and succeeds.
    await expect(
      runCleanupStep({ db, storage: failing }, locationId, 0, { ...limits, reports: 5 }),
    ).rejects.toThrow('S3 is unavailable');
    const afterFailure = await left(locationId);
    expect(await stepOf(locationId)).toBe(0);
    expect(afterFailure.reports).toBeGreaterThan(0);
    expect(await runCleanupStep({ db, storage }, locationId, 0, { ...limits, reports: 5 })).toBe('continued');
    expect(await runCleanupStep({ db, storage }, locationId, 1, limits)).toBe('done');

    // Assess
    expect((await left(locationId)).reports).toBe(0);
    for (const key of files) expect(await storage.exists(key)).toBe(false);
  });

  it('ignores a record seen twice, so one chain of steps runs', async () => {
    const { locationId } = await leftovers({ reports: 1, incidents: 0, walks: 0, members: 0, defaults: 0 });
    expect(await runCleanupStep({ db, storage }, locationId, 0, limits)).toBe('continued');
    // The same record again: the cleanup has moved on.
    expect(await runCleanupStep({ db, storage }, locationId, 0, limits)).toBe('stale');
    expect(await stepOf(locationId)).toBe(1);
    expect(await runCleanupStep({ db, storage }, locationId, 1, limits)).toBe('done');
    expect(await runCleanupStep({ db, storage }, locationId, 2, limits)).toBe('stale');
  });

  it('starts again a cleanup that stalled, and leaves a moving one alone', async () => {
    const { locationId } = await leftovers({ reports: 1, incidents: 0, walks: 0, members: 0, defaults: 0 });
    expect(await resumeStalledCleanups({ db }, 60_000)).not.toContain(locationId);
    expect(await stepOf(locationId)).toBe(0);
    expect(await resumeStalledCleanups({ db }, 60_000, systemClock.now().getTime() + 61_000)).toContain(
      locationId,
    );
    // Advancing the step is the write whose stream record runs the next step.
    expect(await stepOf(locationId)).toBe(1);
    expect(await runCleanupStep({ db, storage }, locationId, 1, limits)).toBe('continued');
  });
});
