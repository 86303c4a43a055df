import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { countStageTotals } from '@sitewalk/functions/db/stage-lists-backfill';
import { stageTotal } from '@sitewalk/functions/db/stage-totals';
import { apiAs, type Api } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody, seedTenant, type Tenant } from '../support/site.ts';

/**
 * The stage's totals (docs/data-model.md, "The Super User's lists"): once counted (as the local host does at
 * start), the Super User's unsearched lists answer `totalCount` from them, and every create, move and delete
 * keeps them right.
 */

let t: TestHost;
let api: Api;
let call: ReturnType<typeof callAs>;
let superUser: Person;
let tenantA: Tenant;
let tenantB: Tenant;
let managerB: Person;

beforeAll(async () => {
  t = await startTestHost();
  api = apiAs(t.host.url);
  call = callAs(t.host.url);
  superUser = await person(t.host.url, Role.SuperUser);
  tenantA = await seedTenant(t.host.url, { by: superUser });
  tenantB = await seedTenant(t.host.url, { by: superUser });
  managerB = await tenantB.person(Role.CompanyManager);
  await countStageTotals(dataFromEnv());
});
afterAll(() => t.host.close());

const first = { limit: 2, offset: 0 };
/** The totalCount of each of the Super User's lists, first page. */
const listedTotals = async (who: Person = superUser, query: Record<string, unknown> = first) => ({
  locations: (await api(who, 'location.someByUser', { params: { id: who.id }, query })).totalCount,
  areas: (await api(who, 'organization.someByUser', { params: { userId: who.id }, query })).totalCount,
  users: (await api(who, 'user.someByUser', { params: { id: who.id }, query })).totalCount,
});
/** What the whole lists hold, read whole. */
const wholeLists = async (who: Person = superUser) => ({
  locations: (await api(who, 'location.allByUser', { params: { id: who.id } })).length,
  areas: (await api(who, 'organization.allByUser', { params: { userId: who.id } })).length,
  users: (await api(who, 'user.allByUser', { params: { id: who.id } })).length,
});

describe("the stage's totals", () => {
  it('are stored once counted, and the lists answer them through creates, moves and deletes', async () => {
    const db = dataFromEnv();
    const start = await wholeLists();
    expect(await stageTotal(db, 'location')).toBe(start.locations);
    expect(await stageTotal(db, 'organization')).toBe(start.areas);
    expect(await stageTotal(db, 'user')).toBe(start.users);
    expect(await listedTotals()).toEqual(start);

    const area = await api(superUser, 'organization.create', {
      body: { name: 'Totals area', managementCompanyId: tenantA.companyId },
    });
    const location = await tenantA.addLocation('Totals site');
    const employee = await tenantA.person(Role.Employee, [location]);
    const grown = { locations: start.locations + 1, areas: start.areas + 1, users: start.users + 1 };
    expect(await listedTotals()).toEqual(grown);
    expect(await wholeLists()).toEqual(grown);
    // Every page of a list answers the same total.
    expect(await listedTotals(superUser, { limit: 2, offset: 2 })).toEqual(grown);

    // A move changes no total.
    await api(superUser, 'location.update', { body: { id: location, organizationId: area.id } });
    expect(await listedTotals()).toEqual(grown);

    // A search counts its matches, not the stored total.
    expect(
      (
        await api(superUser, 'location.someByUser', {
          params: { id: superUser.id },
          query: { ...first, searchTerm: 'totals site' },
        })
      ).totalCount,
    ).toBe(1);

    await api(superUser, 'user.delete', { params: { id: employee.id } });
    await api(superUser, 'location.delete', { params: { id: location } });
    await api(superUser, 'organization.delete', { params: { id: area.id } });
    expect(await listedTotals()).toEqual(start);
    expect(await wholeLists()).toEqual(start);
  });

  it('move once when two deletes of the same object race', async () => {
    const start = await listedTotals();
    const area = await api(superUser, 'organization.create', {
      body: { name: 'Raced area', managementCompanyId: tenantA.companyId },
    });
    const location = await api(superUser, 'location.create', { body: locationBody('Raced site', area.id) });
    const employee = await tenantA.person(Role.Employee, [location.id]);
    const both = async (path: string) =>
      (await Promise.all([call(superUser, 'DELETE', path), call(superUser, 'DELETE', path)]))
        .map((r) => r.status)
        .sort();
    expect(await both(`/api/user/${employee.id}`)).toContain(200);
    expect(await both(`/api/location/${location.id}`)).toContain(200);
    expect(await both(`/api/organization/${area.id}`)).toContain(200);
    expect(await listedTotals()).toEqual(start);
    expect(await wholeLists()).toEqual(start);
  });

  it("are the Super User's only: a company's manager gets their own company's counts and none of another's rows", async () => {
    const own = await wholeLists(managerB);
    expect(await listedTotals(managerB)).toEqual(own);
    expect(own.locations).toBeLessThan((await listedTotals()).locations);
    const locations = await api(managerB, 'location.someByUser', {
      params: { id: managerB.id },
      query: { limit: 50, offset: 0 },
    });
    expect(locations.locations.map((l) => l.managementCompanyId)).toEqual(
      locations.locations.map(() => tenantB.companyId),
    );
    const users = await api(managerB, 'user.someByUser', {
      params: { id: managerB.id },
      query: { limit: 50, offset: 0 },
    });
    expect(users.users.every((u) => u.managementCompanyId === tenantB.companyId)).toBe(true);
    // Nor may they read another company's user's lists.
    const ofA = await call(managerB, 'GET', `/api/location/some/by-user/${superUser.id}?limit=5`);
    expect(ofA.status).toBe(404);
  });
});
