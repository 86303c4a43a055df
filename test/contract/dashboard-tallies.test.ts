import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { dataFromEnv, identityFromEnv, storageFromEnv } from '@sitewalk/functions/composition';
import { generateDemo } from '../../infra/local/demo/generate.ts';
import { writeDemo } from '../../infra/local/demo/write.ts';
import { DASHBOARD_INCIDENTS_SHOWN } from '@sitewalk/functions/domain/dashboard';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody } from '../support/site.ts';

/**
 * The dashboard's counts come from each location's month tallies (functions/src/db/tallies.ts), kept by the
 * writes that change them: report starts, and incidents created, changed, resolved, reopened and deleted.
 * Each case reads the counts back through the API, right after the write.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let admin: Person;
let company: { companyId: number; organizationId: number };
let other: { companyId: number; organizationId: number };

const HOUR = 3_600_000;
const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);

interface Card {
  id: number;
  walkReportStats: { last72Hours: number; lastWeek: number; flagsLastWeek: number };
  incidentCountsByType: Record<'1' | '2' | '3', number>;
  incidents: { id: number; typeId: number; resolved: boolean }[];
}

const newCompany = async (name: string) => {
  const companyId = id(await call(admin, 'POST', '/api/managementCompany', { name, email: 'x@example.com' }));
  const organizationId = id(
    await call(admin, 'POST', '/api/organization', { name: `${name} area`, managementCompanyId: companyId }),
  );
  return { companyId, organizationId };
};

const newLocation = (name: string, organizationId: number) =>
  call(admin, 'POST', '/api/location', locationBody(name, organizationId)).then(id);

const newWalk = async (locationId: number) =>
  id(
    await call(admin, 'POST', '/api/walk', {
      name: 'Round',
      locationId,
      markers: [{ label: 1, lat: 36.8, lng: -119.7 }],
    }),
  );

const start = (walkId: number, startedAt: string, clientId: string = crypto.randomUUID()) =>
  call(admin, 'POST', '/api/walk/walk-report', { walkId, clientId, startedAt });

const card = async (who: Person, locationId: number, query = '') => {
  const answer = await call(
    who,
    'GET',
    `/api/incident/user-locations/${who.id}?locationId=${locationId}${query}`,
  );
  expect(answer.status).toBe(200);
  return (answer.body.locations as Card[])[0];
};

/** The counts as of now, over the last hour (incidents), or the open ones only. */
const countsNow = async (locationId: number, openOnly = false) => {
  const from = new Date(Date.now() - HOUR).toISOString();
  return (await card(admin, locationId, `&from=${from}${openOnly ? '&unresolvedOnly=true' : ''}`))
    ?.incidentCountsByType;
};

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  company = await newCompany('Tallies A');
  other = await newCompany('Tallies B');
});
afterAll(() => t.host.close());

describe('report starts on the dashboard', () => {
  // Not on a whole hour or day, so the windows cut through a day's tally.
  const to = '2026-11-20T15:37:12.345Z';
  const before = (ms: number) => new Date(Date.parse(to) - ms).toISOString();

  it('count each report in the 72 hours and the week before `to`, to the millisecond', async () => {
    const site = await newLocation('Counted site', company.organizationId);
    const walkId = await newWalk(site);
    const starts = [
      0, // at `to`: counted
      72 * HOUR, // the 72 hours' first millisecond
      72 * HOUR + 1, // the week's only
      7 * 24 * HOUR, // the week's first millisecond
      7 * 24 * HOUR + 1, // before the week
      -1, // after `to`
    ];
    for (const ms of starts) expect((await start(walkId, before(ms))).status).toBe(200);
    expect((await card(admin, site, `&to=${to}`))?.walkReportStats).toEqual({
      last72Hours: 2,
      lastWeek: 4,
      flagsLastWeek: 0,
    });
  });

  it('count a retried start once, and a start refused for a bad walk not at all', async () => {
    const site = await newLocation('Retried site', company.organizationId);
    const walkId = await newWalk(site);
    const clientId = crypto.randomUUID();
    const first = await start(walkId, before(HOUR), clientId);
    const again = await start(walkId, before(HOUR), clientId);
    expect(id(again)).toBe(id(first));
    expect((await start(999_999, before(HOUR))).status).toBe(404);
    expect((await card(admin, site, `&to=${to}`))?.walkReportStats).toEqual({
      last72Hours: 1,
      lastWeek: 1,
      flagsLastWeek: 0,
    });
  });

  it("leave another company's location alone", async () => {
    const mine = await newLocation('Mine', company.organizationId);
    const theirs = await newLocation('Theirs', other.organizationId);
    await start(await newWalk(theirs), before(HOUR));
    expect((await card(admin, mine, `&to=${to}`))?.walkReportStats).toEqual({
      last72Hours: 0,
      lastWeek: 0,
      flagsLastWeek: 0,
    });
    expect((await card(admin, theirs, `&to=${to}`))?.walkReportStats).toEqual({
      last72Hours: 1,
      lastWeek: 1,
      flagsLastWeek: 0,
    });
  });
});

describe('incidents on the dashboard', () => {
  let site: number;
  let manager: Person;
  let outsider: Person;
  let theirs: number;

  beforeAll(async () => {
    site = await newLocation('Incident site', company.organizationId);
    manager = await person(t.host.url, Role.Manager, {
      managementCompanyId: company.companyId,
      locations: [
        { locationId: site, organizationId: company.organizationId, managementCompanyId: company.companyId },
      ],
    });
    theirs = await newLocation('Their incident site', other.organizationId);
    outsider = await person(t.host.url, Role.Manager, {
      managementCompanyId: other.companyId,
      locations: [
        { locationId: theirs, organizationId: other.organizationId, managementCompanyId: other.companyId },
      ],
    });
  });

  const create = async (typeId: number) =>
    id(await call(manager, 'POST', '/api/incident', { locationId: site, typeId }));

  it('count each incident by priority as it is created, changed, resolved, reopened and deleted', async () => {
    const critical = await create(1);
    const regular = await create(3);
    expect(await countsNow(site)).toEqual({ 1: 1, 2: 0, 3: 1 });

    expect((await call(manager, 'PUT', '/api/incident', { id: regular, typeId: 2 })).status).toBe(200);
    expect(await countsNow(site)).toEqual({ 1: 1, 2: 1, 3: 0 });

    expect((await call(manager, 'PUT', `/api/incident/${critical}/resolve`, { resolved: true })).status).toBe(
      200,
    );
    expect(await countsNow(site)).toEqual({ 1: 1, 2: 1, 3: 0 });
    expect(await countsNow(site, true)).toEqual({ 1: 0, 2: 1, 3: 0 });
    // Resolving again changes nothing.
    await call(manager, 'PUT', `/api/incident/${critical}/resolve`, { resolved: true });
    expect(await countsNow(site, true)).toEqual({ 1: 0, 2: 1, 3: 0 });

    // A resolved incident whose priority changes stays resolved in the counts.
    await call(manager, 'PUT', '/api/incident', { id: critical, typeId: 3 });
    expect(await countsNow(site)).toEqual({ 1: 0, 2: 1, 3: 1 });
    expect(await countsNow(site, true)).toEqual({ 1: 0, 2: 1, 3: 0 });

    await call(manager, 'PUT', `/api/incident/${critical}/resolve`, { resolved: false });
    expect(await countsNow(site, true)).toEqual({ 1: 0, 2: 1, 3: 1 });

    expect((await call(manager, 'DELETE', `/api/incident/${regular}`)).status).toBe(200);
    expect(await countsNow(site)).toEqual({ 1: 0, 2: 0, 3: 1 });
    // A second delete finds nothing, and counts nothing off.
    expect((await call(manager, 'DELETE', `/api/incident/${regular}`)).status).toBe(404);
    expect(await countsNow(site)).toEqual({ 1: 0, 2: 0, 3: 1 });
    await call(manager, 'DELETE', `/api/incident/${critical}`);
    expect(await countsNow(site)).toEqual({ 1: 0, 2: 0, 3: 0 });
  });

  it('count a retried create once, and a refused one not at all', async () => {
    const clientId = crypto.randomUUID();
    const body = { locationId: site, typeId: 2, clientId };
    const copies = await Promise.all([1, 2, 3].map(() => call(manager, 'POST', '/api/incident', body)));
    const made = new Set(copies.map(id));
    expect(made.size).toBe(1);
    expect((await call(outsider, 'POST', '/api/incident', { locationId: site, typeId: 2 })).status).toBe(404);
    expect((await call(manager, 'POST', '/api/incident', { locationId: site, typeId: 7 })).status).toBe(400);
    expect(await countsNow(site)).toEqual({ 1: 0, 2: 1, 3: 0 });
    for (const incident of made) await call(manager, 'DELETE', `/api/incident/${incident}`);
  });

  it('keep counts for changes racing each other', async () => {
    const incident = await create(1);
    await Promise.all([
      call(manager, 'PUT', `/api/incident/${incident}/resolve`, { resolved: true }),
      call(manager, 'PUT', '/api/incident', { id: incident, typeId: 2 }),
      call(manager, 'PUT', '/api/incident', { id: incident, typeId: 3 }),
    ]);
    const { body } = await call(manager, 'GET', `/api/incident/${incident}`);
    const stored = body as unknown as Card['incidents'][number];
    const expected = { 1: 0, 2: 0, 3: 0, [stored.typeId]: 1 };
    expect(await countsNow(site)).toEqual(expected);
    expect(await countsNow(site, true)).toEqual(stored.resolved ? { 1: 0, 2: 0, 3: 0 } : expected);
    await call(manager, 'DELETE', `/api/incident/${incident}`);
  });

  it(`list the newest ${DASHBOARD_INCIDENTS_SHOWN} of the range and count them all`, async () => {
    const made: number[] = [];
    for (let n = 0; n <= DASHBOARD_INCIDENTS_SHOWN; n++) made.push(await create(n === 0 ? 1 : 3));
    const all = await card(manager, site);
    expect(all?.incidentCountsByType).toEqual({ 1: 1, 2: 0, 3: DASHBOARD_INCIDENTS_SHOWN });
    expect(all?.incidents.map((i) => i.id)).toEqual(made.slice(1).reverse());
    // Nine years of months, more keys than one batch read takes, are read by Query: the same card.
    const nineYears = `&from=${new Date(Date.now() - 9 * 366 * 24 * HOUR).toISOString()}`;
    expect(await card(manager, site, nineYears)).toEqual(all);
    // A priority asked for lists that priority's newest, even when older than the rest.
    expect((await card(manager, site, '&typeId=1'))?.incidents.map((i) => i.id)).toEqual([made[0]]);
    for (const incident of made) await call(manager, 'DELETE', `/api/incident/${incident}`);
  });

  it('are unreadable from another company, and not counted there', async () => {
    expect((await call(outsider, 'POST', '/api/incident', { locationId: theirs, typeId: 1 })).status).toBe(
      201,
    );
    expect(await countsNow(site)).toEqual({ 1: 0, 2: 0, 3: 0 });
    expect(await countsNow(theirs)).toEqual({ 1: 1, 2: 0, 3: 0 });
    expect((await call(outsider, 'GET', `/api/incident/user-locations/${manager.id}`)).status).toBe(404);
    expect(
      (await call(outsider, 'GET', `/api/incident/user-locations/${outsider.id}?locationId=${site}`)).status,
    ).toBe(404);
  });
});

describe('a location written before the tallies', () => {
  it('is tallied from its reports and incidents on its first dashboard, once', async () => {
    const site = await newLocation('Old site', company.organizationId);
    const walkId = await newWalk(site);
    const db = dataFromEnv();
    const at = {
      locationId: site,
      organizationId: company.organizationId,
      managementCompanyId: company.companyId,
    };
    const now = Date.now();
    // Written straight to the table, as data from before the tallies was.
    for (const [n, hoursAgo] of [1, 30, 100].entries()) {
      const startedAt = new Date(now - hoursAgo * HOUR).toISOString();
      await db.entities.walkReport
        .create({
          walkReportId: 900_000 + site * 10 + n,
          walkId,
          ...at,
          userId: admin.id,
          clientId: crypto.randomUUID(),
          startedAt,
          walkName: 'Round',
          markerCount: 1,
        })
        .go();
    }
    for (const [n, status] of (['open', 'resolved', 'open'] as const).entries()) {
      await db.entities.incident
        .create({
          incidentId: 900_000 + site * 10 + n,
          ...at,
          priority: n + 1,
          status,
          createdBy: admin.id,
          createdAt: new Date(now - (n + 1) * HOUR).toISOString(),
        })
        .go();
    }
    // No dashboard has read the location yet: it is not marked as tallied.
    expect((await db.entities.location.get({ locationId: site }).go()).data?.talliedAt).toBeUndefined();
    const first = await card(admin, site);
    expect(first?.walkReportStats).toEqual({ last72Hours: 2, lastWeek: 3, flagsLastWeek: 0 });
    expect(first?.incidentCountsByType).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect((await card(admin, site, '&unresolvedOnly=true'))?.incidentCountsByType).toEqual({
      1: 1,
      2: 0,
      3: 1,
    });
    expect((await db.entities.location.get({ locationId: site }).go()).data?.talliedAt).toBeDefined();
    // Later writes add to the tallies; nothing is counted twice.
    await start(walkId, new Date(now - 2 * HOUR).toISOString());
    expect((await card(admin, site))?.walkReportStats).toEqual({
      last72Hours: 3,
      lastWeek: 4,
      flagsLastWeek: 0,
    });
  });
});

describe('the demo tenant', () => {
  it('is written with the tallies the handlers would have kept', async () => {
    const now = new Date();
    const demo = generateDemo({ seed: 12, size: 2, days: 10, now });
    const db = dataFromEnv();
    await writeDemo({ db, identity: identityFromEnv(), storage: storageFromEnv() }, demo);
    const from = new Date(now.getTime() - 30 * 24 * HOUR).toISOString();
    const to = new Date(now.getTime() + HOUR).toISOString();
    const answer = await call(admin, 'GET', `/api/incident/user-locations/${admin.id}?from=${from}&to=${to}`);
    const cards = answer.body.locations as (Card & { name: string })[];
    for (const location of demo.locations) {
      const incidents = demo.incidents.filter(
        (i) => i.locationKey === location.key && i.createdAt >= from && i.createdAt <= to,
      );
      const countOf = (priority: number) => incidents.filter((i) => i.priority === priority).length;
      expect(cards.find((c) => c.name === location.name)?.incidentCountsByType).toEqual({
        1: countOf(1),
        2: countOf(2),
        3: countOf(3),
      });
    }
  });
});
