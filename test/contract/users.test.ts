import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import { identityFromEnv } from '@sitewalk/functions/composition';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody } from '../support/site.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let superUser: Person;
let admin: Person;
let ownerA: Person;
let managerB: Person;
let companyA: number;
let companyB: number;
let north: number;
let locA1: number;
let locA2: number;
let locB: number;

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);
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
  t = await startTestHost();
  call = callAs(t.host.url);
  superUser = await person(t.host.url, Role.SuperUser);
  admin = await person(t.host.url, Role.Admin);
  companyA = id(
    await call(admin, 'POST', '/api/managementCompany', { name: 'Acme', email: 'a@example.com' }),
  );
  companyB = id(
    await call(admin, 'POST', '/api/managementCompany', { name: 'Bolt', email: 'b@example.com' }),
  );
  ownerA = await person(t.host.url, Role.Owner, { managementCompanyId: companyA });
  managerB = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyB });
  north = id(
    await call(ownerA, 'POST', '/api/organization', { name: 'North', managementCompanyId: companyA }),
  );
  const areaB = id(
    await call(managerB, 'POST', '/api/organization', { name: 'B', managementCompanyId: companyB }),
  );
  locA1 = id(await call(ownerA, 'POST', '/api/location', locationBody('A One', north)));
  locA2 = id(await call(ownerA, 'POST', '/api/location', locationBody('A Two', north)));
  locB = id(await call(managerB, 'POST', '/api/location', locationBody('B One', areaB)));
});
afterAll(() => t.host.close());

describe('creating users', () => {
  it('creates a manager with locations, answering the spec envelope, with a temporary password', async () => {
    const userInfo = info();
    const created = await call(ownerA, 'POST', '/api/user/manager', { userInfo, locationIds: [locA1] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      error: null,
      validationErrors: null,
      data: {
        roleId: Role.Manager,
        roleName: 'Manager',
        email: userInfo.email,
        needsPasswordReset: true,
        userToLocation: [{ locationId: locA1, location: { name: 'A One' } }],
      },
    });
    expect(JSON.stringify(created.body)).not.toContain('4321'); // the PIN never leaves the server
    const login = await call(null, 'POST', '/api/auth/login', {
      email: userInfo.email,
      password: userInfo.password,
    });
    expect(login.body.needsPasswordReset).toBe(true);
  });

  it.each([
    ['area-manager', Role.AreaManager],
    ['company-manager', Role.CompanyManager],
    ['assistant-manager', Role.AssistantManager],
    ['employee', Role.Employee],
  ] as const)('creates a %s', async (slug, roleId) => {
    const body = {
      userInfo: info(),
      ...(roleId === Role.AreaManager ? { organizationIds: [north] } : { locationIds: [locA2] }),
    };
    const created = await call(ownerA, 'POST', `/api/user/${slug}`, body);
    expect(created.status).toBe(201);
    expect((created.body.data as { roleId: number }).roleId).toBe(roleId);
  });

  it('lets only a super user create admins, and admins owners', async () => {
    const adminInfo = info({ managementCompanyId: undefined });
    expect((await call(admin, 'POST', '/api/user/admin', { userInfo: adminInfo })).status).toBe(403);
    expect((await call(superUser, 'POST', '/api/user/admin', { userInfo: adminInfo })).status).toBe(201);
    expect((await call(ownerA, 'POST', '/api/user/owner', { userInfo: info() })).status).toBe(403);
    expect((await call(admin, 'POST', '/api/user/owner', { userInfo: info() })).status).toBe(201);
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
    const first = await call(ownerA, 'POST', '/api/user/employee', { userInfo });
    const again = await call(ownerA, 'POST', '/api/user/employee', {
      userInfo: { ...userInfo, email: userInfo.email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.validationErrors).toEqual({ existingUserId: (first.body.data as { id: number }).id });
  });
});

describe('reading users', () => {
  it('reads in scope and not across tenants', async () => {
    const employee = (
      await call(ownerA, 'POST', '/api/user/employee', { userInfo: info(), locationIds: [locA1] })
    ).body.data as { id: number };
    expect((await call(ownerA, 'GET', `/api/user/${employee.id}`)).status).toBe(200);
    expect((await call(managerB, 'GET', `/api/user/${employee.id}`)).status).toBe(404);
    expect((await call(admin, 'GET', `/api/user/${employee.id}`)).status).toBe(200);
    expect((await call(ownerA, 'GET', '/api/user/0')).status).toBe(400);
  });

  it('lists a location’s users by last name, paged and searched', async () => {
    const names = ['Young', 'adams', 'Moore'];
    for (const lastName of names) {
      await call(ownerA, 'POST', '/api/user/employee', {
        userInfo: info({ lastName }),
        locationIds: [locA2],
      });
    }
    const all = await call(ownerA, 'GET', `/api/user/all/by-location/${locA2}`);
    const lastNames = (all.body as unknown as { lastName: string }[]).map((u) => u.lastName);
    expect(lastNames.filter((n) => names.includes(n))).toEqual(['adams', 'Moore', 'Young']);
    const page = await call(
      ownerA,
      'GET',
      `/api/user/some/by-location/${locA2}?limit=2&offset=0&searchTerm=o`,
    );
    expect((page.body.users as unknown[]).length).toBeLessThanOrEqual(2);
    expect(page.body.totalCount).toBeGreaterThanOrEqual(2);
    expect((await call(managerB, 'GET', `/api/user/all/by-location/${locA2}`)).status).toBe(404);
    expect((await call(ownerA, 'GET', `/api/user/some/by-location/${locA2}?limit=100`)).status).toBe(400);
  });

  it("lists an area's users and a user's scope", async () => {
    const areaManager = (
      await call(ownerA, 'POST', '/api/user/area-manager', { userInfo: info(), organizationIds: [north] })
    ).body.data as { id: number };
    const ofArea = await call(ownerA, 'GET', `/api/user/all/by-organization/${north}`);
    expect((ofArea.body as unknown as { id: number }[]).some((u) => u.id === areaManager.id)).toBe(true);
    const ofOwner = await call(ownerA, 'GET', `/api/user/some/by-user/${ownerA.id}?limit=50`);
    const ids = (ofOwner.body.users as { id: number; managementCompanyId: number }[]).map(
      (u) => u.managementCompanyId,
    );
    expect(ids.every((c) => c === companyA)).toBe(true);
    expect((await call(managerB, 'GET', `/api/user/some/by-user/${ownerA.id}?limit=5`)).status).toBe(404);
  });
});

describe('updating users', () => {
  it('updates fields and changes the password', async () => {
    const created = (
      await call(ownerA, 'POST', '/api/user/employee', { userInfo: info(), locationIds: [locA1] })
    ).body.data as { id: number; email: string };
    const updated = await call(ownerA, 'PUT', `/api/user/update/user/${created.id}`, {
      userInfo: { id: created.id, firstName: 'Renamed', lastName: 'Aaron', phone: '(559) 555-9999' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      success: true,
      data: { firstName: 'Renamed', lastName: 'Aaron', phone: '559-555-9999' },
    });
    const password = await call(ownerA, 'PUT', `/api/user/update/user/${created.id}`, {
      userInfo: { id: created.id, password: 'Fresh1Pass' },
    });
    expect(password.status).toBe(200);
    const login = await call(null, 'POST', '/api/auth/login', {
      email: created.email,
      password: 'Fresh1Pass',
    });
    expect(login.body.needsPasswordReset).toBe(true); // set by a superior: temporary
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
    const created = (
      await call(ownerA, 'POST', '/api/user/manager', { userInfo: info(), locationIds: [locA1, locA2] })
    ).body.data as { id: number };
    const promoted = await call(ownerA, 'PUT', `/api/user/update/user/${created.id}`, {
      userInfo: { id: created.id, roleId: Role.CompanyManager },
    });
    expect(promoted.body).toMatchObject({
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
    const created = (
      await call(ownerA, 'POST', '/api/user/manager', { userInfo: info(), locationIds: [locA1] })
    ).body.data as { id: number };
    const answer = await call(ownerA, 'PUT', `/api/user/update/user/${created.id}`, {
      userInfo: { id: created.id, roleId: Role.AreaManager },
      organizationIds: [north],
    });
    expect(answer.body).toMatchObject({
      data: { roleId: Role.AreaManager, userToLocation: [], userToOrganization: [{ organizationId: north }] },
    });
  });

  it('toggles the company e-mail of company managers only', async () => {
    const cm = (await call(ownerA, 'POST', '/api/user/company-manager', { userInfo: info() })).body.data as {
      id: number;
    };
    expect(
      (await call(ownerA, 'PUT', '/api/user/update/company-email', { userId: cm.id, company_email: true }))
        .body,
    ).toMatchObject({ companyEmail: true });
    const employee = (await call(ownerA, 'POST', '/api/user/employee', { userInfo: info() })).body.data as {
      id: number;
    };
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
    const a = (await call(ownerA, 'POST', '/api/user/employee', { userInfo: info() })).body.data as {
      id: number;
    };
    const added = await call(ownerA, 'POST', '/api/user/add-to-location', {
      userIds: [a.id, a.id],
      locationId: locA1,
    });
    expect(added.body).toEqual({ success: true, count: 1 });
    expect(
      (await call(ownerA, 'POST', '/api/user/add-to-location', { userIds: [a.id], locationId: locA1 })).body,
    ).toEqual({ success: true, count: 0 });
    expect(
      (await call(ownerA, 'POST', '/api/user/add-to-location', { userIds: [], locationId: locA1 })).body
        .message,
    ).toContain(messages.validation.selectUsers);
    expect(
      (await call(managerB, 'POST', '/api/user/add-to-location', { userIds: [a.id], locationId: locA1 }))
        .status,
    ).toBe(404);
    expect((await call(ownerA, 'DELETE', `/api/user/remove-from-location/${a.id}/${locA1}`)).body).toEqual({
      success: true,
      count: 1,
    });
    expect((await call(ownerA, 'GET', `/api/user/${a.id}`)).body.userToLocation).toEqual([]);
  });

  it('adds area managers to an area', async () => {
    const am = (
      await call(ownerA, 'POST', '/api/user/area-manager', { userInfo: info(), organizationIds: [north] })
    ).body.data as { id: number };
    const south = id(
      await call(ownerA, 'POST', '/api/organization', { name: 'South', managementCompanyId: companyA }),
    );
    expect(
      (
        await call(ownerA, 'POST', '/api/user/add-to-organization', {
          userIds: [am.id],
          organizationId: south,
        })
      ).body,
    ).toEqual({ success: true, count: 1 });
    expect(
      (await call(ownerA, 'DELETE', `/api/user/remove-from-organization/${am.id}/${south}`)).body,
    ).toEqual({ success: true, count: 1 });
  });

  it('deletes a user with their sign-in, and only from above', async () => {
    const created = (
      await call(ownerA, 'POST', '/api/user/employee', { userInfo: info(), locationIds: [locA1] })
    ).body.data as { id: number };
    expect((await call(managerB, 'DELETE', `/api/user/${created.id}`)).status).toBe(404);
    expect((await call(ownerA, 'DELETE', `/api/user/${ownerA.id}`)).status).toBe(403);
    expect((await call(ownerA, 'DELETE', `/api/user/${created.id}`)).body).toEqual({
      success: true,
      id: created.id,
    });
    expect((await call(ownerA, 'GET', `/api/user/${created.id}`)).status).toBe(404);
    expect(await identityFromEnv().exists(created.id)).toBe(false);
  });
});

describe('table order', () => {
  it("saves and moves the caller's own dashboard tables only", async () => {
    const created = await call(ownerA, 'POST', '/api/user/create/table-order', {
      tableName: 'dashboard',
      tableId: 3,
      displayOrder: 0,
    });
    expect(created.status).toBe(201);
    const orderId = Number(created.body.id);
    const moved = await call(ownerA, 'PUT', `/api/user/update/table-order/${orderId}`, {
      tableName: 'dashboard',
      tableId: 3,
      displayOrder: 2,
    });
    expect(moved.body).toEqual({ id: orderId, tableName: 'dashboard', tableId: 3, displayOrder: 2 });
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
