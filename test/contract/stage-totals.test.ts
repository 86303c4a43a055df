import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { countStageTallies, stageTotals } from '@sitewalk/functions/db/company-tallies';
import { countedTotals, keptTotals } from '@sitewalk/functions/db/area-members';
import { getOrganization } from '@sitewalk/functions/db/organizations';
import { apiAs, type Api } from '../support/api.ts';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody, seedTenant, type Tenant } from '../support/site.ts';

/**
 * The stage's totals (docs/data-model.md, "The Super User's lists"): each company's tally, once counted (as
 * the local host and `npm run backfill` do), answers the Super User's unsearched lists' `totalCount`, and every
 * create, move and delete keeps it right.
 */

let t: TestHost;
let api: Api;
let call: ReturnType<typeof callAs>;
let superUser: Person;
let tenantA: Tenant;
let tenantB: Tenant;
let managerB: Person;

beforeAll(async () => {
  t = await startOwnTestHost();
  api = apiAs(t.host.url);
  call = callAs(t.host.url);
  superUser = await person(t.host.url, Role.SuperUser);
  tenantA = await seedTenant(t.host.url, { by: superUser });
  tenantB = await seedTenant(t.host.url, { by: superUser });
  managerB = await tenantB.person(Role.CompanyManager);
  // Before it is counted, the lists count their index instead.
  expect(await stageTotals(dataFromEnv())).toBeNull();
  expect(await countStageTallies(dataFromEnv())).toBeGreaterThan(0);
  // Counted once: a second count changes nothing.
  expect(await countStageTallies(dataFromEnv())).toBe(0);
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
/** One company's tally as stored. */
const tallyOf = async (managementCompanyId: number) => {
  const { data } = await dataFromEnv().entities.companyTally.get({ managementCompanyId }).go();
  return { locations: data?.locations, areas: data?.areas, users: data?.users };
};

describe("the stage's totals", () => {
  it('are stored once counted, and the lists answer them through creates, moves and deletes', async () => {
    const start = await wholeLists();
    expect(await stageTotals(dataFromEnv())).toEqual(start);
    expect(await listedTotals()).toEqual(start);
    const tallyA = await tallyOf(tenantA.companyId);
    expect(tallyA).toEqual({
      locations: (await api(superUser, 'location.allByUser', { params: { id: superUser.id } })).filter(
        (l) => l.managementCompanyId === tenantA.companyId,
      ).length,
      areas: 1,
      users: (await api(superUser, 'user.allByUser', { params: { id: superUser.id } })).filter(
        (u) => u.managementCompanyId === tenantA.companyId,
      ).length,
    });

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

    // A move to another area changes no total.
    await api(superUser, 'location.update', { body: { id: location, organizationId: area.id } });
    expect(await listedTotals()).toEqual(grown);

    // A user moved to another company moves from one company's tally to the other's; the total stays.
    const tallyB = await tallyOf(tenantB.companyId);
    await api(superUser, 'user.update', {
      params: { id: employee.id },
      body: { userInfo: { id: employee.id, managementCompanyId: tenantB.companyId }, locationIds: [] },
    });
    expect((await tallyOf(tenantB.companyId)).users).toBe(tallyB.users! + 1);
    expect((await tallyOf(tenantA.companyId)).users).toBe(tallyA.users!);
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
    expect(await tallyOf(tenantB.companyId)).toEqual(tallyB);
  });

  it('count a new company from its create, and an Admin in company 0', async () => {
    const start = await listedTotals();
    const company = await api(superUser, 'managementCompany.create', {
      body: { name: 'Totals Storage', email: 'totals@sitewalk.local' },
    });
    expect(await tallyOf(company.id)).toEqual({ locations: 0, areas: 0, users: 0 });
    const other = await person(t.host.url, Role.Admin);
    expect(await listedTotals()).toEqual({ ...start, users: start.users + 1 });
    await api(superUser, 'user.delete', { params: { id: other.id } });
    await api(superUser, 'managementCompany.delete', { params: { id: company.id } });
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
    for (const path of [
      `/api/user/${employee.id}`,
      `/api/location/${location.id}`,
      `/api/organization/${area.id}`,
    ]) {
      const statuses = await both(path);
      expect(statuses, path).toContain(200);
      expect(
        statuses.filter((s) => s >= 500),
        path,
      ).toEqual([]);
    }
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
    const areas = await api(managerB, 'organization.someByUser', {
      params: { userId: managerB.id },
      query: { limit: 50, offset: 0 },
    });
    expect(areas.organizations.every((a) => a.managementCompanyId === tenantB.companyId)).toBe(true);
    // Nor may they read the Super User's lists.
    const ofSuperUser = await call(managerB, 'GET', `/api/location/some/by-user/${superUser.id}?limit=5`);
    expect(ofSuperUser.status).toBe(404);
  });
});

describe("an area's totals", () => {
  /**
   * An area's totals as the API answers them (kept on its item: db/area-members.ts), checked against the same
   * counted from its memberships, and the page's row against the area's own view.
   */
  const totals = async (organizationId: number) => {
    const area = await api(superUser, 'organization.get', { params: { id: organizationId } });
    const [inPage] = (
      await api(superUser, 'organization.someByUser', {
        params: { userId: superUser.id },
        query: { limit: 10, offset: 0, searchTerm: area.name },
      })
    ).organizations;
    expect(inPage).toEqual(area);
    const db = dataFromEnv();
    const kept = keptTotals((await getOrganization(db, organizationId))!);
    expect(kept, 'the area keeps its totals').not.toBeNull();
    expect(kept).toEqual(await countedTotals(db, organizationId));
    return { locations: area.totalLocations, employees: area.totalEmployees };
  };

  it('count its locations and, once each, the users of it or of its locations, through moves and deletes', async () => {
    const tenantC = await seedTenant(t.host.url, { by: superUser });
    const areaX = tenantC.organizationId;
    const second = await tenantC.addLocation('Second site');
    const employee = await tenantC.person(Role.Employee, [tenantC.locationId, second]);
    const areaManager = await tenantC.person(Role.AreaManager);
    // Two memberships of its locations count the employee once; the area manager's is the area's own.
    expect(await totals(areaX)).toEqual({ locations: 2, employees: 2 });

    const areaY = await api(superUser, 'organization.create', {
      body: { name: `Area Y ${tenantC.label}`, managementCompanyId: tenantC.companyId },
    });
    await api(superUser, 'location.update', { body: { id: second, organizationId: areaY.id } });
    expect(await totals(areaX)).toEqual({ locations: 1, employees: 2 });
    expect(await totals(areaY.id)).toEqual({ locations: 1, employees: 1 });

    await api(superUser, 'user.delete', { params: { id: employee.id } });
    expect(await totals(areaX)).toEqual({ locations: 1, employees: 1 });
    expect(await totals(areaY.id)).toEqual({ locations: 1, employees: 0 });
    await api(superUser, 'location.delete', { params: { id: second } });
    expect(await totals(areaY.id)).toEqual({ locations: 0, employees: 0 });
    await api(superUser, 'user.delete', { params: { id: areaManager.id } });
    expect(await totals(areaX)).toEqual({ locations: 1, employees: 0 });
  });

  it('follow every join and leave: add-to and remove-from calls, and a user edited into and out of places', async () => {
    const tenantD = await seedTenant(t.host.url, { by: superUser });
    const areaX = tenantD.organizationId;
    const second = await tenantD.addLocation('Second site');
    const areaY = await api(superUser, 'organization.create', {
      body: { name: `Area Y ${tenantD.label}`, managementCompanyId: tenantD.companyId },
    });
    const third = (
      await api(superUser, 'location.create', { body: locationBody(`Third ${tenantD.label}`, areaY.id) })
    ).id;
    expect(await totals(areaY.id)).toEqual({ locations: 1, employees: 0 });
    const [ann, ben] = [
      await tenantD.person(Role.Employee, [tenantD.locationId]),
      await tenantD.person(Role.Employee, [tenantD.locationId]),
    ];
    const areaManager = await tenantD.person(Role.AreaManager);
    expect(await totals(areaX)).toEqual({ locations: 2, employees: 3 });

    // Joins of a location and of an area, one user twice in an area counted once.
    await api(superUser, 'user.addToLocation', { body: { userIds: [ann.id, ben.id], locationId: second } });
    await api(superUser, 'user.addToLocation', { body: { userIds: [ann.id], locationId: third } });
    await api(superUser, 'user.addToOrganization', {
      body: { userIds: [areaManager.id], organizationId: areaY.id },
    });
    expect(await totals(areaX)).toEqual({ locations: 2, employees: 3 });
    expect(await totals(areaY.id)).toEqual({ locations: 1, employees: 2 });

    // Leaves: ben still has the first site; ann leaves area Y's only location.
    await api(superUser, 'user.removeFromLocation', { params: { userId: ben.id, locationId: second } });
    await api(superUser, 'user.removeFromLocation', { params: { userId: ann.id, locationId: third } });
    expect(await totals(areaX)).toEqual({ locations: 2, employees: 3 });
    expect(await totals(areaY.id)).toEqual({ locations: 1, employees: 1 });
    await api(superUser, 'user.removeFromOrganization', {
      params: { userId: areaManager.id, organizationId: areaY.id },
    });
    expect(await totals(areaY.id)).toEqual({ locations: 1, employees: 0 });

    // An edit that moves ben from area X's sites to area Y's: one area loses him, the other gains him.
    await api(superUser, 'user.update', {
      params: { id: ben.id },
      body: { userInfo: { id: ben.id }, locationIds: [third] },
    });
    expect(await totals(areaX)).toEqual({ locations: 2, employees: 2 });
    expect(await totals(areaY.id)).toEqual({ locations: 1, employees: 1 });
    // Within one area: ann from the first site to the second, still one employee of area X.
    await api(superUser, 'user.update', {
      params: { id: ann.id },
      body: { userInfo: { id: ann.id }, locationIds: [second] },
    });
    expect(await totals(areaX)).toEqual({ locations: 2, employees: 2 });
    // Area Y's location moves to area X with ben.
    await api(superUser, 'location.update', { body: { id: third, organizationId: areaX } });
    expect(await totals(areaX)).toEqual({ locations: 3, employees: 3 });
    expect(await totals(areaY.id)).toEqual({ locations: 0, employees: 0 });
    // An empty area can go; its kept totals said so.
    await api(superUser, 'organization.delete', { params: { id: areaY.id } });
  });
});
