import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { LOCK_CHECK_EVERY_DAYS_DEFAULT, LOCK_CHECK_EVERY_DAYS_MAX } from '@sitewalk/shared/constants';
import { apiAs, type Api } from '../support/api.ts';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';

/**
 * How often a location's units are checked in full, and the `noLockCheck` alert when a location with a roster
 * goes that many days without a full check (issue 31). The evaluator runs in-process with a given time.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
/**
 * The evaluator's noLockCheck check alone, run in-process at a given time (the whole evaluator, run days ahead,
 * would advance every schedule of the shared test host past the windows other files are testing).
 */
let checkLockChecksAt: (now: Date) => Promise<number>;
let a: Tenant;
let manager: Person;
let assistant: Person;
let employee: Person;
let managerB: Person;
/** Locations of tenant A, each with its own story: no roster, checked weekly (the default), every 3 days. */
let noRoster: number;
let weekly: number;
let everyThree: number;
let checkedInFull: number;

const DAY = 86_400_000;
const at = (iso: string, plusMs: number) => new Date(new Date(iso).getTime() + plusMs);

beforeAll(async () => {
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  const { dataFromEnv } = await import('@sitewalk/functions/composition');
  const { createAlerts } = await import('@sitewalk/functions/domain/alerts');
  const { noLockCheckCheck } = await import('@sitewalk/functions/domain/lock-check-cadence');
  const db = dataFromEnv();
  const alerts = createAlerts({ db, appUrl: t.host.url });
  const check = noLockCheckCheck({ db });
  checkLockChecksAt = (now) => check(now, alerts.raiser());
  const admin = await person(t.host.url, Role.Admin);
  a = await seedTenant(t.host.url, { by: admin, label: 'Cadence' });
  const b = await seedTenant(t.host.url, { by: admin, label: 'Other cadence' });
  noRoster = await a.addLocation('No roster yet');
  weekly = await a.addLocation('Checked weekly');
  everyThree = await a.addLocation('Checked every 3 days');
  checkedInFull = await a.addLocation('Checked in full');
  const all = [a.locationId, noRoster, weekly, everyThree, checkedInFull];
  manager = await a.person(Role.Manager, all);
  assistant = await a.person(Role.AssistantManager, all);
  employee = await a.person(Role.Employee, all);
  managerB = await b.person(Role.Manager);
});
afterAll(() => t.host.close());

const cadenceOf = (who: Person, locationId: number) =>
  api(who, 'lockCheck.cadence', { params: { locationId } });
const importRoster = (locationId: number) =>
  api(manager, 'roster.import', {
    params: { locationId },
    body: {
      basedOnVersion: null,
      units: [{ number: '101', status: 'rented', delinquent: false, overlocked: false, size: null }],
    },
  });
const noLockCheckAlerts = async (who: Person, locationId: number) =>
  (await api(who, 'alert.some', { query: { limit: 50, kind: 'noLockCheck', locationId } })).alerts;

describe('a location without a roster', () => {
  it('has the default days, no last check and nothing due', async () => {
    expect(await cadenceOf(employee, a.locationId)).toEqual({
      locationId: a.locationId,
      everyDays: LOCK_CHECK_EVERY_DAYS_DEFAULT,
      lastFullCheckAt: null,
      dueAt: null,
    });
  });

  it('is never alerted, even with days set long ago', async () => {
    const locationId = noRoster;
    await api(manager, 'lockCheck.setCadence', { params: { locationId }, body: { everyDays: 1 } });
    await checkLockChecksAt(new Date(Date.now() + 3 * DAY));
    expect(await noLockCheckAlerts(manager, locationId)).toEqual([]);
    expect((await cadenceOf(manager, locationId)).dueAt).toBeNull();
  });
});

describe('a location with a roster and no full check', () => {
  let locationId: number;
  let importedAt: string;
  beforeAll(async () => {
    locationId = weekly;
    await importRoster(locationId);
    ({ importedAt } = await api(manager, 'roster.get', { params: { locationId }, query: {} }));
  });

  it('is due the default number of days after its first roster', async () => {
    expect((await cadenceOf(employee, locationId)).dueAt).toBe(
      at(importedAt, LOCK_CHECK_EVERY_DAYS_DEFAULT * DAY).toISOString(),
    );
  });

  it("raises 'noLockCheck' once when the days pass, to the location's leads, and again when as many more pass", async () => {
    const due = at(importedAt, LOCK_CHECK_EVERY_DAYS_DEFAULT * DAY);
    await checkLockChecksAt(new Date(due.getTime() - 60_000));
    expect(await noLockCheckAlerts(manager, locationId)).toEqual([]);

    await Promise.all([
      checkLockChecksAt(new Date(due.getTime() + 60_000)),
      checkLockChecksAt(new Date(due.getTime() + 60_000)),
    ]);
    for (const who of [manager, assistant]) {
      const alerts = await noLockCheckAlerts(who, locationId);
      expect(alerts.map((alert) => alert.message)).toEqual([
        'No full lock check at Checked weekly in 7 days',
      ]);
      expect(alerts[0]).toMatchObject({ kind: 'noLockCheck', locationId, window: null, taskId: null });
    }
    expect(await noLockCheckAlerts(employee, locationId)).toEqual([]);

    await checkLockChecksAt(new Date(due.getTime() + 2 * DAY));
    expect(await noLockCheckAlerts(manager, locationId)).toHaveLength(1);
    await checkLockChecksAt(new Date(due.getTime() + LOCK_CHECK_EVERY_DAYS_DEFAULT * DAY + 60_000));
    expect(await noLockCheckAlerts(manager, locationId)).toHaveLength(2);
  });
});

describe('setting the days', () => {
  let locationId: number;
  beforeAll(async () => {
    locationId = everyThree;
    await importRoster(locationId);
  });

  it('a Manager sets them, and the next full check is due that many days after the count started', async () => {
    const { importedAt } = await api(manager, 'roster.get', { params: { locationId }, query: {} });
    const set = await api(manager, 'lockCheck.setCadence', {
      params: { locationId },
      body: { everyDays: 3 },
    });
    expect(set).toEqual({
      locationId,
      everyDays: 3,
      lastFullCheckAt: null,
      dueAt: at(importedAt, 3 * DAY).toISOString(),
    });
    expect(await cadenceOf(employee, locationId)).toEqual(set);
    await checkLockChecksAt(at(importedAt, 3 * DAY + 60_000));
    expect((await noLockCheckAlerts(manager, locationId)).map((alert) => alert.message)).toEqual([
      'No full lock check at Checked every 3 days in 3 days',
    ]);
  });

  it.each([
    ['none', {}],
    ['zero', { everyDays: 0 }],
    ['too many', { everyDays: LOCK_CHECK_EVERY_DAYS_MAX + 1 }],
    ['a fraction', { everyDays: 2.5 }],
    ['text', { everyDays: '7' }],
  ])('refuses %s days with 400', async (_, body) => {
    const response = await call(manager, 'PUT', `/api/lock-check/cadence/${locationId}`, body);
    expect(response.status).toBe(400);
    expect((await cadenceOf(manager, locationId)).everyDays).toBe(3);
  });

  it('refuses an Employee and an Assistant Manager (403), and hides the location from another company (404)', async () => {
    for (const who of [employee, assistant]) {
      const response = await call(who, 'PUT', `/api/lock-check/cadence/${locationId}`, { everyDays: 1 });
      expect(response.status).toBe(403);
    }
    const other = await call(managerB, 'PUT', `/api/lock-check/cadence/${locationId}`, { everyDays: 1 });
    expect(other.status).toBe(404);
    expect((await call(managerB, 'GET', `/api/lock-check/cadence/${locationId}`)).status).toBe(404);
    expect((await cadenceOf(manager, locationId)).everyDays).toBe(3);
  });
});

describe('a finished lock check', () => {
  const units = ['A-1', 'A-2', 'B-1'].map((number) => ({
    number,
    status: 'rented' as const,
    delinquent: false,
    overlocked: false,
    size: null,
  }));
  /**
   * A check of `scope` by the Employee: A-1's lock cut (and the units of `seen` as it says), every other unit in
   * scope as it should be.
   */
  const check = async (
    scope: { kind: 'all' } | { kind: 'prefix'; prefix: string },
    finishedAt: Date,
    seen: Record<string, 'noLock'> = {},
  ) => {
    const started = await api(employee, 'lockCheck.start', {
      body: {
        clientId: crypto.randomUUID(),
        locationId: checkedInFull,
        scope,
        startedAt: new Date(finishedAt.getTime() - 600_000).toISOString(),
      },
    });
    for (const number of scope.kind === 'all' ? ['A-1', 'A-2', 'B-1'] : ['B-1']) {
      await api(employee, 'lockCheck.recordResult', {
        params: { lockCheckId: started.id },
        body: {
          clientId: crypto.randomUUID(),
          unit: number,
          finding: number === 'A-1' ? 'lockCut' : (seen[number] ?? 'tenantLock'),
          seenAt: new Date(finishedAt.getTime() - 60_000).toISOString(),
        },
      });
    }
    await api(employee, 'lockCheck.finish', {
      params: { lockCheckId: started.id },
      body: { finishedAt: finishedAt.toISOString() },
    });
    return started.id;
  };
  const cardOf = async () =>
    (await api(manager, 'incident.portfolioPage', { query: { limit: 100 } })).locations.find(
      (location) => location.id === checkedInFull,
    );

  beforeAll(async () => {
    await api(manager, 'roster.import', {
      params: { locationId: checkedInFull },
      body: { basedOnVersion: null, units },
    });
  });

  it("restarts the count when it is full, not when it covers a part; the dashboard card shows the last check's open discrepancies", async () => {
    expect((await cardOf())?.lastLockCheck).toBeNull();
    const fullAt = new Date(Date.now() - 2 * DAY);
    const full = await check({ kind: 'all' }, fullAt);
    expect(await cadenceOf(manager, checkedInFull)).toMatchObject({
      lastFullCheckAt: fullAt.toISOString(),
      dueAt: at(fullAt.toISOString(), LOCK_CHECK_EVERY_DAYS_DEFAULT * DAY).toISOString(),
    });
    expect((await cardOf())?.lastLockCheck).toEqual({
      id: full,
      finishedAt: fullAt.toISOString(),
      openDiscrepancies: 1,
    });

    // Resolving it leaves none open; resolving again changes nothing.
    const resolve = () =>
      call(manager, 'POST', `/api/lock-check/${full}/resolve`, {
        unit: 'a-1',
        kind: 'lockCut',
        note: 'New lock',
      });
    expect((await resolve()).status).toBe(200);
    expect((await resolve()).status).toBe(409);
    expect((await cardOf())?.lastLockCheck?.openDiscrepancies).toBe(0);

    // A check of building B only: the card's last check, the count of days unmoved.
    const partAt = new Date(Date.now() - DAY);
    const part = await check({ kind: 'prefix', prefix: 'B' }, partAt);
    expect((await cadenceOf(manager, checkedInFull)).lastFullCheckAt).toBe(fullAt.toISOString());
    expect((await cardOf())?.lastLockCheck).toEqual({
      id: part,
      finishedAt: partAt.toISOString(),
      openDiscrepancies: 0,
    });
  });

  it('is counted once when its finish is sent again', async () => {
    const before = await cardOf();
    const finishedAt = new Date(Date.now() - 3_600_000);
    const id = await check({ kind: 'all' }, finishedAt);
    expect((await cardOf())?.lastLockCheck).toEqual({
      id,
      finishedAt: finishedAt.toISOString(),
      openDiscrepancies: 1,
    });
    await call(manager, 'POST', `/api/lock-check/${id}/resolve`, {
      unit: 'A-1',
      kind: 'lockCut',
      note: 'Fixed',
    });
    await api(employee, 'lockCheck.finish', {
      params: { lockCheckId: id },
      body: { finishedAt: finishedAt.toISOString() },
    });
    expect((await cardOf())?.lastLockCheck?.openDiscrepancies).toBe(0);
    expect(before?.lastLockCheck?.id).not.toBe(id);
  });

  it('stays on the card, its resolutions counted, when the location moves to another area and back', async () => {
    // A-1's lock cut and A-2 with no lock: two discrepancies, one resolved.
    const finishedAt = new Date(Date.now() - 60_000);
    const id = await check({ kind: 'all' }, finishedAt, { 'A-2': 'noLock' });
    const resolved = await call(manager, 'POST', `/api/lock-check/${id}/resolve`, {
      unit: 'A-1',
      kind: 'lockCut',
      note: 'New hasp',
    });
    expect(resolved.status).toBe(200);
    const before = (await cardOf())?.lastLockCheck;
    expect(before).toEqual({ id, finishedAt: finishedAt.toISOString(), openDiscrepancies: 1 });

    const south = await api(a.creator, 'organization.create', {
      body: { name: 'Area Cadence South', managementCompanyId: a.companyId },
    });
    await api(a.creator, 'location.update', { body: { id: checkedInFull, organizationId: south.id } });
    expect((await cardOf())?.lastLockCheck).toEqual(before);
    await api(a.creator, 'location.update', {
      body: { id: checkedInFull, organizationId: a.organizationId },
    });
    expect((await cardOf())?.lastLockCheck).toEqual(before);
  });
});
