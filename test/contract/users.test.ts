import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { RouteName } from '@sitewalk/shared/contract/index';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import { identityFromEnv } from '@sitewalk/functions/composition';
import { apiAs, type Api, type BodyOf } from '../support/api.ts';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let superUser: Person;
let admin: Person;
let ownerA: Person;
let managerB: Person;
let tenantA: Tenant;
let companyA: number;
let companyB: number;
let north: number;
let locA1: number;
let locA2: number;
let locB: number;

const email = (label: string) => `${label}-${randomBytes(3).toString('hex')}@example.com`;
const info = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  lastName: `Zed${randomBytes(2).toString('hex')}`,
  phone: '559-555-0123',
  email: email('new'),
  password: 'Temp0rary9',
  pin: '4321',
  managementCompanyId: companyA,
  ...extra,
});

beforeAll(async () => {
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  superUser = await person(t.host.url, Role.SuperUser);
  admin = await person(t.host.url, Role.Admin);
  tenantA = await seedTenant(t.host.url, { by: admin });
  const tenantB = await seedTenant(t.host.url, { by: admin });
  ({ companyId: companyA, organizationId: north, locationId: locA1 } = tenantA);
  locA2 = await tenantA.addLocation('A Two');
  locB = tenantB.locationId;
  companyB = tenantB.companyId;
  ownerA = await tenantA.person(Role.Owner);
  managerB = await tenantB.person(Role.CompanyManager);
});
afterAll(() => t.host.close());

/** The routes that create a user, one per role. */
type CreateUser = Exclude<Extract<RouteName, `user.create${string}`>, 'user.createTableOrder'>;

/** A user created as `by` through the typed client (the company owner's unless said): answers the user. */
const createUser = async <Name extends CreateUser>(name: Name, body: BodyOf<Name>, by: Person = ownerA) =>
  (await api(by, name, { body })).data;

describe('creating users', () => {
  it('creates a manager with locations, answering the spec envelope, with a temporary password', async () => {
    const userInfo = info();
    const created = await api(ownerA, 'user.createManager', { body: { userInfo, locationIds: [locA1] } });
    expect(created).toMatchObject({
      success: true,
      error: null,
      validationErrors: null,
      data: {
        roleId: Role.Manager,
        roleName: 'Manager',
        email: userInfo.email,
        needsPasswordReset: true,
        userToLocation: [
          { locationId: locA1, location: { name: `Location ${tenantA.label}`, organizationId: north } },
        ],
      },
    });
    expect(JSON.stringify(created)).not.toContain('4321'); // the PIN never leaves the server
    const login = await api(null, 'auth.login', {
      body: { email: userInfo.email, password: userInfo.password },
    });
    expect(login.needsPasswordReset).toBe(true);
  });

  it("gives each of a user's locations its area, on every read, and never to another company", async () => {
    const { id } = await createUser('user.createEmployee', { userInfo: info(), locationIds: [locA1, locA2] });
    const areasOf = (user: {
      userToLocation: { locationId: number; location: { organizationId: number | null } }[];
    }) => user.userToLocation.map(({ locationId, location }) => [locationId, location.organizationId]);
    const expected = [
      [locA1, north],
      [locA2, north],
    ];
    expect(areasOf(await api(ownerA, 'user.get', { params: { id } }))).toEqual(expected);
    const page = await api(ownerA, 'user.someByLocation', {
      params: { id: locA2 },
      query: { limit: 50, offset: 0 },
    });
    expect(areasOf(page.users.find((u) => u.id === id)!)).toEqual(expected);
    // Another company's manager learns nothing of the user, their locations or their areas.
    const other = await call(managerB, 'GET', `/api/user/${id}`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(`"organizationId":${north}`);
  });

  it.each([
    ['area-manager', 'user.createAreaManager', Role.AreaManager],
    ['company-manager', 'user.createCompanyManager', Role.CompanyManager],
    ['assistant-manager', 'user.createAssistantManager', Role.AssistantManager],
    ['employee', 'user.createEmployee', Role.Employee],
  ] as const)('creates a %s', async (_slug, route, roleId) => {
    const body = {
      userInfo: info(),
      ...(roleId === Role.AreaManager ? { organizationIds: [north] } : { locationIds: [locA2] }),
    };
    expect((await createUser(route, body)).roleId).toBe(roleId);
  });

  it('lets only a super user create admins, and admins owners', async () => {
    const adminInfo = info({ managementCompanyId: undefined });
    expect((await call(admin, 'POST', '/api/user/admin', { userInfo: adminInfo })).status).toBe(403);
    expect((await createUser('user.createAdmin', { userInfo: adminInfo }, superUser)).roleId).toBe(
      Role.Admin,
    );
    expect((await call(ownerA, 'POST', '/api/user/owner', { userInfo: info() })).status).toBe(403);
    expect((await createUser('user.createOwner', { userInfo: info() }, admin)).roleId).toBe(Role.Owner);
  });

  it("keeps creators inside their tenant: another company's manager gets 404, their locations 400", async () => {
    expect((await call(managerB, 'POST', '/api/user/employee', { userInfo: info() })).status).toBe(404);
    const foreign = await call(ownerA, 'POST', '/api/user/employee', {
      userInfo: info(),
      locationIds: [locB],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.validationErrors).toHaveProperty('locationIds');
  });

  it.each([
    [
      'area-manager',
      { userInfo: info({ email: undefined }), organizationIds: [1] },
      messages.validation.emailRequiredForRole,
    ],
    ['manager', { userInfo: info({ pin: undefined }) }, messages.validation.pinRequired],
    ['area-manager', { userInfo: info(), organizationIds: [] }, messages.validation.chooseOrganization],
    [
      'employee',
      { userInfo: info({ managementCompanyId: undefined }) },
      messages.validation.selectManagementCompany,
    ],
    ['employee', { userInfo: info({ phone: '12' }) }, messages.validation.invalidPhone],
    ['employee', undefined, messages.validation.noUserInfo],
  ])('refuses a %s body %j with the spec message', async (slug, body, message) => {
    const answer = await call(ownerA, 'POST', `/api/user/${slug}`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it('answers a taken e-mail with 409 and existingUserId', async () => {
    const userInfo = info();
    const first = await createUser('user.createEmployee', { userInfo });
    const again = await call(ownerA, 'POST', '/api/user/employee', {
      userInfo: { ...userInfo, email: userInfo.email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.validationErrors).toEqual({ existingUserId: first.id });
  });
});

describe('reading users', () => {
  it('reads in scope and not across tenants', async () => {
    const employee = await createUser('user.createEmployee', { userInfo: info(), locationIds: [locA1] });
    const params = { id: employee.id };
    expect(await api(ownerA, 'user.get', { params })).toEqual(employee);
    expect((await call(managerB, 'GET', `/api/user/${employee.id}`)).status).toBe(404);
    expect(await api(admin, 'user.get', { params })).toEqual(employee);
    expect((await call(ownerA, 'GET', '/api/user/0')).status).toBe(400);
  });

  it('lists a location’s users by last name, paged and searched', async () => {
    const names = ['Young', 'adams', 'Moore'];
    for (const lastName of names) {
      await createUser('user.createEmployee', { userInfo: info({ lastName }), locationIds: [locA2] });
    }
    const all = await api(ownerA, 'user.allByLocation', { params: { id: locA2 } });
    const lastNames = all.map((u) => u.lastName);
    expect(lastNames.filter((n) => names.includes(n))).toEqual(['adams', 'Moore', 'Young']);
    const page = await api(ownerA, 'user.someByLocation', {
      params: { id: locA2 },
      query: { limit: 2, offset: 0, searchTerm: 'o' },
    });
    expect(page.users.length).toBeLessThanOrEqual(2);
    expect(page.totalCount).toBeGreaterThanOrEqual(2);
    expect((await call(managerB, 'GET', `/api/user/all/by-location/${locA2}`)).status).toBe(404);
    expect((await call(ownerA, 'GET', `/api/user/some/by-location/${locA2}?limit=100`)).status).toBe(400);
  });

  it("lists an area's users and a user's scope", async () => {
    const areaManager = await createUser('user.createAreaManager', {
      userInfo: info(),
      organizationIds: [north],
    });
    const ofOrganization = await api(ownerA, 'user.allByOrganization', { params: { id: north } });
    expect(ofOrganization.some((u) => u.id === areaManager.id)).toBe(true);
    const ofOwner = await api(ownerA, 'user.someByUser', { params: { id: ownerA.id }, query: { limit: 50 } });
    const companies = ofOwner.users.map((u) => u.managementCompanyId);
    expect(companies.every((c) => c === companyA)).toBe(true);
    // The user list's search box finds a role by its name, as it did when the list was searched in the browser.
    const areaManagers = await api(ownerA, 'user.someByUser', {
      params: { id: ownerA.id },
      query: { limit: 50, searchTerm: 'area manager' },
    });
    expect(areaManagers.users.map((u) => u.id)).toContain(areaManager.id);
    expect(areaManagers.users.every((u) => u.roleId === Role.AreaManager)).toBe(true);
    expect((await call(managerB, 'GET', `/api/user/some/by-user/${ownerA.id}?limit=5`)).status).toBe(404);
  });
});

describe("the Super User's and Admins' user list", () => {
  const pageOf = (who: Person, query: { limit: number; offset?: number; searchTerm?: string }) =>
    api(who, 'user.someByUser', { params: { id: who.id }, query });

  it('pages every user of the stage by last name from its index, with the whole count', async () => {
    const all = await api(superUser, 'user.allByUser', { params: { id: superUser.id } });
    const first = await pageOf(superUser, { limit: 3, offset: 0 });
    const second = await pageOf(superUser, { limit: 3, offset: 3 });
    expect(first.totalCount).toBe(all.length);
    expect(second.totalCount).toBe(all.length);
    const paged = [...first.users, ...second.users];
    expect(new Set(paged.map((u) => u.id)).size).toBe(6);
    const lastNames = paged.map((u) => u.lastName.toLowerCase());
    expect(lastNames).toEqual([...lastNames].sort());
    // Both companies' people are on the stage's list, with their views' names read for the whole page.
    const everyone = await pageOf(admin, { limit: 50 });
    expect(everyone.totalCount).toBe(all.length);
    expect(everyone.users.find((u) => u.id === ownerA.id)?.managementCompany).not.toBeNull();
    expect(everyone.users.some((u) => u.id === managerB.id)).toBe(true);
  });

  it("searches the stage by name, e-mail, phone and role, finds a renamed user by the new name, and keeps a company's manager to their company", async () => {
    const tag = randomBytes(3).toString('hex');
    const inA = await createUser('user.createEmployee', {
      userInfo: info({ lastName: `Quill${tag}`, phone: '559-555-0177' }),
      locationIds: [locA1],
    });
    const inB = await createUser(
      'user.createManager',
      { userInfo: info({ lastName: `Quill${tag}`, managementCompanyId: companyB }), locationIds: [locB] },
      managerB,
    );
    const searched = await pageOf(superUser, { limit: 1, searchTerm: `QUILL${tag}` });
    expect(searched.totalCount).toBe(2);
    expect(searched.users).toHaveLength(1);
    const rest = await pageOf(superUser, { limit: 1, offset: 1, searchTerm: `quill${tag}` });
    expect([searched.users[0]!.id, rest.users[0]!.id].sort()).toEqual([inA.id, inB.id].sort());
    expect((await pageOf(admin, { limit: 10, searchTerm: inA.email! })).users.map((u) => u.id)).toEqual([
      inA.id,
    ]);
    expect((await pageOf(admin, { limit: 10, searchTerm: `pat quill${tag}` })).totalCount).toBe(2);
    const managers = await pageOf(admin, { limit: 50, searchTerm: 'manager' });
    expect(managers.users.every((u) => u.roleName.toLowerCase().includes('manager'))).toBe(true);
    // The company's manager searching the same finds only their own company's.
    const ofB = await api(managerB, 'user.someByUser', {
      params: { id: managerB.id },
      query: { limit: 10, searchTerm: `quill${tag}` },
    });
    expect(ofB).toMatchObject({ totalCount: 1, users: [{ id: inB.id }] });
    await api(ownerA, 'user.update', {
      params: { id: inA.id },
      body: { userInfo: { id: inA.id, lastName: `Renamed${tag}`, phone: '(559) 555-0188' } },
    });
    expect(
      (await pageOf(superUser, { limit: 10, searchTerm: `quill${tag}` })).users.map((u) => u.id),
    ).toEqual([inB.id]);
    expect((await pageOf(superUser, { limit: 10, searchTerm: `renamed${tag}` })).totalCount).toBe(1);
    expect(
      (await pageOf(superUser, { limit: 10, searchTerm: '559-555-0188' })).users.map((u) => u.id),
    ).toEqual([inA.id]);
    // Still found by what did not change: the e-mail stays in the search text.
    expect((await pageOf(superUser, { limit: 10, searchTerm: inA.email! })).totalCount).toBe(1);
  });

  it('answers a bad page with a 400', async () => {
    for (const query of ['limit=0', 'limit=51', 'offset=-1', 'limit=x']) {
      const answer = await call(superUser, 'GET', `/api/user/some/by-user/${superUser.id}?${query}`);
      expect(answer.status).toBe(400);
    }
  });
});

describe("a user's places, in the lists as in their own view", () => {
  type Places = { locations: number[]; areas: number[] };
  const placesIn = (user: Record<string, unknown>): Places => ({
    locations: (user.userToLocation as { locationId: number }[]).map((m) => m.locationId),
    areas: (user.userToOrganization as { organizationId: number }[]).map((m) => m.organizationId),
  });
  /**
   * The user's places in their own view (their memberships, read), in the Super User's list (the ids each user
   * item keeps) and in their company's list; each must name the same places.
   */
  const placesOf = async (userId: number, email: string) => {
    const own = await call(admin, 'GET', `/api/user/${userId}`);
    const listed = async (by: Person) => {
      const page = await call(by, 'GET', `/api/user/some/by-user/${by.id}?searchTerm=${email}`);
      const users = page.body.users as Record<string, unknown>[];
      expect(users.map((u) => u.id)).toEqual([userId]);
      return placesIn(users[0]!);
    };
    const places = placesIn(own.body);
    expect(await listed(superUser)).toEqual(places);
    expect(await listed(ownerA)).toEqual(places);
    return places;
  };
  const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('are the same after a create, an edit that adds and removes, a join, a leave and a deleted location', async () => {
    const [three, four] = [await tenantA.addLocation('A Three'), await tenantA.addLocation('A Four')];
    const userInfo = info();
    const { id } = await createUser('user.createEmployee', { userInfo, locationIds: [locA1, three] });
    expect(await placesOf(id, userInfo.email)).toEqual({ locations: ascending([locA1, three]), areas: [] });

    const edited = await call(ownerA, 'PUT', `/api/user/update/user/${id}`, {
      userInfo: { id },
      locationIds: [three, four],
    });
    expect(edited.status).toBe(200);
    expect(await placesOf(id, userInfo.email)).toEqual({ locations: ascending([three, four]), areas: [] });

    const joined = await call(ownerA, 'POST', '/api/user/add-to-location', {
      userIds: [id],
      locationId: locA2,
    });
    expect(joined.body).toMatchObject({ count: 1 });
    expect(await placesOf(id, userInfo.email)).toEqual({
      locations: ascending([locA2, three, four]),
      areas: [],
    });

    const left = await call(ownerA, 'DELETE', `/api/user/remove-from-location/${id}/${three}`);
    expect(left.body).toMatchObject({ count: 1 });
    expect(await placesOf(id, userInfo.email)).toEqual({ locations: ascending([locA2, four]), areas: [] });

    expect((await call(ownerA, 'DELETE', `/api/location/${four}`)).status).toBe(200);
    expect(await placesOf(id, userInfo.email)).toEqual({ locations: [locA2], areas: [] });
  });

  it("are the same for an area manager's areas, joined, edited and left", async () => {
    const south = Number(
      (await call(ownerA, 'POST', '/api/organization', { name: 'South', managementCompanyId: companyA })).body
        .id,
    );
    const east = Number(
      (await call(ownerA, 'POST', '/api/organization', { name: 'East', managementCompanyId: companyA })).body
        .id,
    );
    const userInfo = info();
    const { id } = await createUser('user.createAreaManager', { userInfo, organizationIds: [north] });
    expect(await placesOf(id, userInfo.email)).toEqual({ locations: [], areas: [north] });

    await call(ownerA, 'POST', '/api/user/add-to-organization', { userIds: [id], organizationId: south });
    expect(await placesOf(id, userInfo.email)).toEqual({ locations: [], areas: ascending([north, south]) });

    const edited = await call(ownerA, 'PUT', `/api/user/update/user/${id}`, {
      userInfo: { id },
      organizationIds: [south, east],
    });
    expect(edited.status).toBe(200);
    expect(await placesOf(id, userInfo.email)).toEqual({ locations: [], areas: ascending([south, east]) });

    await call(ownerA, 'DELETE', `/api/user/remove-from-organization/${id}/${south}`);
    await call(ownerA, 'DELETE', `/api/user/remove-from-organization/${id}/${east}`);
    expect(await placesOf(id, userInfo.email)).toEqual({ locations: [], areas: [] });
  });
});

describe('updating users', () => {
  it('updates fields and changes the password', async () => {
    const created = await createUser('user.createEmployee', { userInfo: info(), locationIds: [locA1] });
    const params = { id: created.id };
    const updated = await api(ownerA, 'user.update', {
      params,
      body: {
        userInfo: { id: created.id, firstName: 'Renamed', lastName: 'Aaron', phone: '(559) 555-9999' },
      },
    });
    expect(updated).toMatchObject({
      success: true,
      data: { firstName: 'Renamed', lastName: 'Aaron', phone: '559-555-9999' },
    });
    await api(ownerA, 'user.update', {
      params,
      body: { userInfo: { id: created.id, password: 'Fresh1Pass' } },
    });
    const login = await api(null, 'auth.login', {
      body: { email: created.email ?? '', password: 'Fresh1Pass' },
    });
    expect(login.needsPasswordReset).toBe(true); // set by a superior: temporary
    expect(
      (
        await call(ownerA, 'PUT', `/api/user/update/user/${created.id}`, {
          userInfo: { id: created.id, password: 'weak' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(ownerA, 'PUT', `/api/user/update/user/${created.id}`, {
          userInfo: { id: created.id + 1, firstName: 'X' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(managerB, 'PUT', `/api/user/update/user/${created.id}`, {
          userInfo: { id: created.id, firstName: 'Hijack' },
        })
      ).status,
    ).toBe(404);
  });

  it('follows the role rules: a role above area manager clears areas and locations; nobody changes the super user', async () => {
    const created = await createUser('user.createManager', { userInfo: info(), locationIds: [locA1, locA2] });
    const promoted = await api(ownerA, 'user.update', {
      params: { id: created.id },
      body: { userInfo: { id: created.id, roleId: Role.CompanyManager } },
    });
    expect(promoted).toMatchObject({
      data: { roleId: Role.CompanyManager, userToLocation: [], userToOrganization: [] },
    });
    expect(
      (
        await call(ownerA, 'PUT', `/api/user/update/user/${created.id}`, {
          userInfo: { id: created.id, roleId: Role.Owner },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(admin, 'PUT', `/api/user/update/user/${superUser.id}`, {
          userInfo: { id: superUser.id, roleId: Role.Employee },
        })
      ).status,
    ).toBe(403);
  });

  it('moves a manager from locations to areas when made area manager', async () => {
    const created = await createUser('user.createManager', { userInfo: info(), locationIds: [locA1] });
    const answer = await api(ownerA, 'user.update', {
      params: { id: created.id },
      body: { userInfo: { id: created.id, roleId: Role.AreaManager }, organizationIds: [north] },
    });
    expect(answer).toMatchObject({
      data: { roleId: Role.AreaManager, userToLocation: [], userToOrganization: [{ organizationId: north }] },
    });
  });

  it('toggles the company e-mail of company managers only', async () => {
    const cm = await createUser('user.createCompanyManager', { userInfo: info() });
    expect(
      await api(ownerA, 'user.companyEmail', { body: { userId: cm.id, company_email: true } }),
    ).toMatchObject({ companyEmail: true });
    const employee = await createUser('user.createEmployee', { userInfo: info() });
    expect(
      (
        await call(ownerA, 'PUT', '/api/user/update/company-email', {
          userId: employee.id,
          company_email: true,
        })
      ).status,
    ).toBe(400);
  });
});

describe('memberships and deletes', () => {
  it('adds users to a location once and removes them', async () => {
    const a = await createUser('user.createEmployee', { userInfo: info() });
    const addToLocation = (userIds: number[]) =>
      api(ownerA, 'user.addToLocation', { body: { userIds, locationId: locA1 } });
    expect(await addToLocation([a.id, a.id])).toEqual({ success: true, count: 1 });
    expect(await addToLocation([a.id])).toEqual({ success: true, count: 0 });
    expect(
      (await call(ownerA, 'POST', '/api/user/add-to-location', { userIds: [], locationId: locA1 })).body
        .message,
    ).toContain(messages.validation.selectUsers);
    expect(
      (await call(managerB, 'POST', '/api/user/add-to-location', { userIds: [a.id], locationId: locA1 }))
        .status,
    ).toBe(404);
    expect(
      await api(ownerA, 'user.removeFromLocation', { params: { userId: a.id, locationId: locA1 } }),
    ).toEqual({ success: true, count: 1 });
    expect((await api(ownerA, 'user.get', { params: { id: a.id } })).userToLocation).toEqual([]);
  });

  it('adds area managers to an area', async () => {
    const am = await createUser('user.createAreaManager', { userInfo: info(), organizationIds: [north] });
    const { id: south } = await api(ownerA, 'organization.create', {
      body: { name: 'South', managementCompanyId: companyA },
    });
    expect(
      await api(ownerA, 'user.addToOrganization', { body: { userIds: [am.id], organizationId: south } }),
    ).toEqual({ success: true, count: 1 });
    expect(
      await api(ownerA, 'user.removeFromOrganization', { params: { userId: am.id, organizationId: south } }),
    ).toEqual({ success: true, count: 1 });
  });

  it('deletes a user with their sign-in, and only from above', async () => {
    const created = await createUser('user.createEmployee', { userInfo: info(), locationIds: [locA1] });
    expect((await call(managerB, 'DELETE', `/api/user/${created.id}`)).status).toBe(404);
    expect((await call(ownerA, 'DELETE', `/api/user/${ownerA.id}`)).status).toBe(403);
    expect(await api(ownerA, 'user.delete', { params: { id: created.id } })).toEqual({
      success: true,
      id: created.id,
    });
    expect((await call(ownerA, 'GET', `/api/user/${created.id}`)).status).toBe(404);
    expect(await identityFromEnv().exists(created.id)).toBe(false);
  });
});

describe('table order', () => {
  it("saves and moves the caller's own dashboard tables only", async () => {
    const { id: orderId } = await api(ownerA, 'user.createTableOrder', {
      body: { tableName: 'dashboard', tableId: 3, displayOrder: 0 },
    });
    const moved = await api(ownerA, 'user.updateTableOrder', {
      params: { orderId },
      body: { tableName: 'dashboard', tableId: 3, displayOrder: 2 },
    });
    expect(moved).toEqual({ id: orderId, tableName: 'dashboard', tableId: 3, displayOrder: 2 });
    expect(
      (
        await call(managerB, 'PUT', `/api/user/update/table-order/${orderId}`, {
          tableName: 'x',
          tableId: 1,
          displayOrder: 1,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(ownerA, 'POST', '/api/user/create/table-order', {
          tableName: '',
          tableId: -1,
          displayOrder: 0,
        })
      ).status,
    ).toBe(400);
  });
});
