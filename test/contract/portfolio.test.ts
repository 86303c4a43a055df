import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { PORTFOLIO_PAGE_MAX } from '@sitewalk/shared/constants';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { getCompanyMark } from '@sitewalk/functions/db/location-status';
import { startLocalEvaluator, type LocalEvaluator } from '../../infra/local/evaluator.ts';
import { apiAs } from '../support/api.ts';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, type Person } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';
import { daytimeZone, localTime } from '../support/windows.ts';

/**
 * The owner's dashboard at portfolio scale (issue 30): the summary and the paged locations of the caller's scope,
 * counted from each location's status item (docs/data-model.md, "The portfolio"), read back through the API right
 * after the writes that change them; and the dashboard view preference.
 */

let t: TestHost;
let evaluator: LocalEvaluator;
let api: ReturnType<typeof apiAs>;
let call: ReturnType<typeof callAs>;
let tenant: Tenant;
let owner: Person;
const zone = daytimeZone();
const MINUTE = 60_000;
const sites: Record<'missed' | 'dueSoon' | 'walked' | 'pending' | 'none' | 'elsewhere', number> = {
  missed: 0,
  dueSoon: 0,
  walked: 0,
  pending: 0,
  none: 0,
  elsewhere: 0,
};
let otherAreaId = 0;
let walkedReportId = 0;

const clock = (method: 'POST' | 'DELETE', body?: unknown) =>
  fetch(t.url('/__local/clock'), {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

/** One window today from `from` to `to` minutes from now, no grace. */
const windowAround = (from: number, to: number) => ({
  timeZone: zone,
  windows: [
    {
      label: 'Check',
      days: [0, 1, 2, 3, 4, 5, 6],
      start: localTime(zone, from),
      end: localTime(zone, to),
      graceMinutes: 0,
    },
  ],
});

const summaryOf = (who: Person, query: Record<string, unknown> = {}) =>
  api(who, 'incident.portfolioSummary', { query });
const pageOf = (who: Person, query: Record<string, unknown> = {}) =>
  api(who, 'incident.portfolioPage', { query });
const idsOf = async (who: Person, query: Record<string, unknown> = {}) =>
  (await pageOf(who, { limit: PORTFOLIO_PAGE_MAX, ...query })).locations.map((l) => l.id);

beforeAll(async () => {
  evaluator = startLocalEvaluator();
  t = await startOwnTestHost({ clockControl: { evaluate: () => evaluator.runNow() } });
  api = apiAs(t.host.url);
  call = callAs(t.host.url);
  tenant = await seedTenant(t.host.url, { label: `pf${randomUUID().slice(0, 6)}` });
  owner = await tenant.person(Role.Owner);
  const setWindows = (locationId: number, body: ReturnType<typeof windowAround>) =>
    api(tenant.creator, 'schedule.set', { params: { locationId }, body });
  sites.missed = tenant.locationId;
  await setWindows(sites.missed, windowAround(-120, -60));
  sites.dueSoon = await tenant.addLocation('B due soon');
  await setWindows(sites.dueSoon, windowAround(-30, 15));
  sites.walked = await tenant.addLocation('C walked');
  await setWindows(sites.walked, windowAround(-60, 60));
  sites.pending = await tenant.addLocation('D pending');
  await setWindows(sites.pending, windowAround(60, 120));
  sites.none = await tenant.addLocation('E no windows');
  await api(tenant.creator, 'schedule.set', {
    params: { locationId: sites.none },
    body: { timeZone: zone, windows: [] },
  });
  otherAreaId = (
    await api(tenant.creator, 'organization.create', {
      body: { name: `Zz area ${tenant.label}`, managementCompanyId: tenant.companyId },
    })
  ).id;
  sites.elsewhere = (
    await api(tenant.creator, 'location.create', {
      body: {
        name: 'Zeta storage',
        address: '9 Harbor Rd',
        city: 'Tacoma',
        state: 'WA',
        zipcode: '98402',
        latitude: 47.25,
        longitude: -122.44,
        organizationId: otherAreaId,
      },
    })
  ).id;
  await setWindows(sites.elsewhere, windowAround(60, 120));

  // The walked location: a whole walk in its window, one marker reached by hand (a flag).
  const walk = await api(tenant.creator, 'walk.create', {
    body: { name: 'Round', locationId: sites.walked, markers: [{ label: 1, lat: 36.8, lng: -119.7 }] },
  });
  const startedAt = new Date(Date.now() - 10 * MINUTE);
  walkedReportId = (
    await api(tenant.creator, 'walkReport.start', {
      body: { walkId: walk.id, clientId: randomUUID(), startedAt: startedAt.toISOString() },
    })
  ).id;
  await api(tenant.creator, 'walkReport.recordCompletedMarker', {
    params: { walkReportId: walkedReportId },
    body: {
      clientId: randomUUID(),
      markerId: walk.markers[0]?.id ?? 0,
      arrivedAt: new Date(startedAt.getTime() + MINUTE).toISOString(),
      lat: 36.8,
      lng: -119.7,
      accuracy: 5,
      method: 'hand',
    },
  });
  await api(tenant.creator, 'walkReport.finish', {
    params: { walkReportId: walkedReportId },
    body: { finishedAt: new Date(startedAt.getTime() + 5 * MINUTE).toISOString() },
  });

  // Incidents: a critical one open at the walked location; one resolved; one moved from priority 3 to 2.
  const incident = (locationId: number, typeId: number) =>
    api(tenant.creator, 'incident.create', { body: { locationId, typeId, incidentTexts: ['Gate open'] } });
  await incident(sites.walked, 1);
  const resolved = await incident(sites.pending, 2);
  await api(tenant.creator, 'incident.resolve', { params: { id: resolved.id }, body: { resolved: true } });
  const moved = await incident(sites.none, 3);
  await api(tenant.creator, 'incident.update', { body: { id: moved.id, typeId: 2 } });
});

afterAll(async () => {
  await clock('DELETE');
  await evaluator.stop();
  await t.host.close();
});

describe('the portfolio summary', () => {
  it("counts today's windows, open incidents by priority and last week's flagged reports", async () => {
    const summary = await summaryOf(owner);
    expect(summary).toMatchObject({
      locationCount: 6,
      today: { walked: 1, dueSoon: 1, missed: 1, pending: 2, noWindows: 1 },
      openIncidents: { 1: 1, 2: 1, 3: 0 },
      flaggedReportsLastWeek: 1,
    });
  });

  it('narrows to one area, to what a figure names, and to a search', async () => {
    expect((await summaryOf(owner, { organizationId: otherAreaId })).locationCount).toBe(1);
    expect((await summaryOf(owner, { show: 'missed' })).locationCount).toBe(1);
    expect((await summaryOf(owner, { show: 'openPriority2' })).locationCount).toBe(1);
    expect((await summaryOf(owner, { show: 'flagged' })).locationCount).toBe(1);
    expect((await summaryOf(owner, { searchTerm: 'tacoma' })).locationCount).toBe(1);
    expect((await summaryOf(owner, { searchTerm: '98402' })).locationCount).toBe(1);
  });

  it('follows the clock: a window due soon is missed once it has closed', async () => {
    try {
      expect((await clock('POST', { advanceMinutes: 20 })).status).toBe(200);
      const { today } = await summaryOf(owner);
      expect(today).toMatchObject({ dueSoon: 0, missed: 2 });
    } finally {
      await clock('DELETE');
    }
  });
});

describe('the portfolio page', () => {
  it('groups by area, needing attention first, with each location’s today and card', async () => {
    const page = await pageOf(owner);
    expect(page.locations.map((l) => l.id)).toEqual([
      sites.missed,
      sites.dueSoon,
      sites.walked,
      sites.none,
      sites.pending,
      sites.elsewhere,
    ]);
    expect(page.totalCount).toBe(6);
    expect(page.nextCursor).toBeNull();
    const walked = page.locations.find((l) => l.id === sites.walked);
    expect(walked?.today.state).toBe('walked');
    expect(walked?.today.windows.map((w) => [w.status, w.walkReportId])).toEqual([['done', walkedReportId]]);
    expect(walked?.openIncidents).toEqual({ 1: 1, 2: 0, 3: 0 });
    expect(walked?.walkReportStats).toMatchObject({ last72Hours: 1, lastWeek: 1, flagsLastWeek: 1 });
    expect(walked?.incidentCountsByType).toEqual({ 1: 1, 2: 0, 3: 0 });
    expect(page.locations.at(-1)?.organization.name).toBe(`Zz area ${tenant.label}`);
  });

  it('pages through every location with the cursor', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await pageOf(owner, { limit: 4, ...(cursor ? { cursor } : {}) });
      expect(page.totalCount).toBe(6);
      seen.push(...page.locations.map((l) => l.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen.sort((a, b) => a - b)).toEqual(Object.values(sites).sort((a, b) => a - b));
  });

  it('carries, on its first page only, the summary of the area asked for, whatever else narrows the page', async () => {
    const { asOf: _, ...whole } = await summaryOf(owner);
    const first = await pageOf(owner, { limit: 4, show: 'missed', searchTerm: 'B due' });
    expect(first.locations).toEqual([]);
    expect(first.summary).toEqual({ ...whole, asOf: expect.any(String) });
    expect((await pageOf(owner, { organizationId: otherAreaId })).summary).toMatchObject({
      locationCount: 1,
      today: { pending: 1, walked: 0, missed: 0 },
    });
    const later = await pageOf(owner, { limit: 4, cursor: (await pageOf(owner, { limit: 4 })).nextCursor });
    expect(later.locations).toHaveLength(2);
    expect(later).not.toHaveProperty('summary');
  });

  it('filters by show, area and search, and keeps the caller’s own order', async () => {
    expect(await idsOf(owner, { show: 'openPriority1' })).toEqual([sites.walked]);
    expect(await idsOf(owner, { organizationId: otherAreaId })).toEqual([sites.elsewhere]);
    expect(await idsOf(owner, { searchTerm: 'Harbor' })).toEqual([sites.elsewhere]);
    expect(await idsOf(owner, { locationId: sites.pending })).toEqual([sites.pending]);
    await api(owner, 'user.createTableOrder', {
      body: { tableName: 'Zeta', tableId: sites.elsewhere, displayOrder: 0 },
    });
    await api(owner, 'user.createTableOrder', {
      body: { tableName: 'Pending', tableId: sites.pending, displayOrder: 1 },
    });
    const mine = await idsOf(owner, { order: 'mine' });
    expect(mine.slice(0, 2)).toEqual([sites.elsewhere, sites.pending]);
    expect(mine).toHaveLength(6);
  });

  it.each([
    ['a cursor it did not give', { cursor: 'not-a-cursor' }],
    ['limit 0', { limit: 0 }],
    ['a limit over the most', { limit: PORTFOLIO_PAGE_MAX + 1 }],
    ['an unknown figure', { show: 'everything' }],
    ['an unknown order', { order: 'random' }],
  ])('refuses %s (400)', async (_label, query) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const answer = await call(owner, 'GET', `/api/incident/portfolio/locations?${search}`);
    expect(answer.status).toBe(400);
  });

  it('refuses an unknown figure on the summary (400)', async () => {
    expect((await call(owner, 'GET', '/api/incident/portfolio/summary?show=all')).status).toBe(400);
  });
});

describe('who sees what', () => {
  it('a user of another company sees none of these locations, nor their area', async () => {
    const other = await seedTenant(t.host.url, { by: tenant.creator });
    const stranger = await other.person(Role.Owner);
    const ids = await idsOf(stranger);
    expect(ids).toEqual([other.locationId]);
    // Another company's location, named: an empty page, as for a location that does not exist.
    expect(await idsOf(stranger, { locationId: sites.walked })).toEqual([]);
    expect((await summaryOf(stranger)).locationCount).toBe(1);
    expect((await pageOf(stranger, { locationId: sites.walked })).summary?.locationCount).toBe(1);
    for (const route of ['summary', 'locations']) {
      const answer = await call(
        stranger,
        'GET',
        `/api/incident/portfolio/${route}?organizationId=${otherAreaId}`,
      );
      expect(answer.status).toBe(404);
    }
  });

  it('an Employee sees only their own locations', async () => {
    const employee = await tenant.person(Role.Employee, [sites.walked]);
    expect(await idsOf(employee)).toEqual([sites.walked]);
    expect(await summaryOf(employee)).toMatchObject({
      locationCount: 1,
      openIncidents: { 1: 1, 2: 0, 3: 0 },
    });
    const area = await call(
      employee,
      'GET',
      `/api/incident/portfolio/locations?organizationId=${tenant.organizationId}`,
    );
    expect(area.status).toBe(404);
  });
});

describe('data from before the status items', () => {
  it('is none for a new company: it is marked at its create (its first read builds nothing), and its delete takes the mark', async () => {
    const db = dataFromEnv();
    const label = randomUUID().slice(0, 6);
    const { id } = await api(tenant.creator, 'managementCompany.create', {
      body: { name: `Marked ${label}`, email: `marked-${label}@example.com` },
    });
    expect(await getCompanyMark(db, id)).toMatchObject({ managementCompanyId: id, built: true });
    await api(tenant.creator, 'managementCompany.delete', { params: { id } });
    expect(await getCompanyMark(db, id)).toBeNull();
  });

  it('is built on the first read: a location whose item is gone counts as before', async () => {
    const db = dataFromEnv();
    const before = await summaryOf(owner);
    await db.entities.locationStatus
      .delete([
        {
          managementCompanyId: tenant.companyId,
          organizationId: tenant.organizationId,
          locationId: sites.walked,
        },
        { managementCompanyId: tenant.companyId, organizationId: 0, locationId: 0 },
      ])
      .go();
    expect(await summaryOf(owner)).toEqual({ ...before, asOf: expect.any(String) });
  });
});

describe('the dashboard view', () => {
  it('is cards until chosen, and reads back as chosen', async () => {
    const manager = await tenant.person(Role.Manager);
    expect(await api(manager, 'user.dashboardView')).toEqual({ view: 'cards' });
    expect(await api(manager, 'user.setDashboardView', { body: { view: 'table' } })).toEqual({
      view: 'table',
    });
    expect(await api(manager, 'user.dashboardView')).toEqual({ view: 'table' });
    expect(await api(owner, 'user.dashboardView')).toEqual({ view: 'cards' });
  });

  it.each([
    ['an unknown view', { view: 'grid' }],
    ['no view', {}],
  ])('refuses %s (400)', async (_label, body) => {
    const manager = await tenant.person(Role.Manager);
    expect((await call(manager, 'PUT', '/api/user/dashboard-view', body)).status).toBe(400);
    expect(await api(manager, 'user.dashboardView')).toEqual({ view: 'cards' });
  });
});
