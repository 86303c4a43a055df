import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { Role, roleIds, type RoleId } from '@sitewalk/shared/roles';
import { routes, type RouteName } from '@sitewalk/shared/contract/index';
import { buildPath, type RouteDef } from '@sitewalk/shared/contract/route';
import { apiAs, type Api } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, type Person, useApiSignIns } from '../support/people.ts';
import { seedSite, type Site } from '../support/site.ts';

// Its people's tokens go to Cognito too (POST /api/auth/mfa): real sign-ins.
useApiSignIns();

/**
 * Every route, for every role, against two seeded tenants. An actor of tenant A aimed at tenant B's
 * objects must never get a 2xx (no cross-tenant read or write); no call, in scope or out, may answer 500.
 */
interface Tenant extends Site {
  /** One person of each scoped role; the Employee is the site's, who started its report and logged its incident. */
  people: Record<RoleId, Person>;
  /** A task at the location, assigned to its Employee. */
  taskId: number;
  /** A finished lock check of the location's roster (unit X-1, its lock cut), by its Employee. */
  lockCheckId: number;
}

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
const tenants: Record<'A' | 'B', Tenant> = {} as Record<'A' | 'B', Tenant>;

const scopedRoles = roleIds.filter((r) => r < Role.Admin);

const tenantWithEveryRole = async (label: string): Promise<Tenant> => {
  const site = await seedSite(t.host.url, { label });
  const people = {} as Record<RoleId, Person>;
  for (const roleId of scopedRoles) {
    people[roleId] = roleId === Role.Employee ? site.employee : await site.person(roleId);
  }
  const task = await apiAs(t.host.url)(people[Role.Manager], 'task.create', {
    body: {
      title: `Seeded task ${label}`,
      locationId: site.locationId,
      assigneeId: site.employee.id,
      dueAt: new Date(Date.now() + 86_400_000).toISOString(),
      priority: 2,
    },
  });
  const api = apiAs(t.host.url);
  await api(people[Role.Manager], 'roster.import', {
    params: { locationId: site.locationId },
    body: {
      basedOnVersion: null,
      units: [{ number: 'X-1', status: 'rented', delinquent: false, overlocked: false }],
    },
  });
  const seenAt = new Date(Date.now() - 3_600_000).toISOString();
  const check = await api(site.employee, 'lockCheck.start', {
    body: { clientId: randomUUID(), locationId: site.locationId, scope: { kind: 'all' }, startedAt: seenAt },
  });
  await api(site.employee, 'lockCheck.recordResult', {
    params: { lockCheckId: check.id },
    body: { clientId: randomUUID(), unit: 'X-1', finding: 'lockCut', seenAt },
  });
  await api(site.employee, 'lockCheck.finish', {
    params: { lockCheckId: check.id },
    body: { finishedAt: new Date().toISOString() },
  });
  return { ...site, people, taskId: task.id, lockCheckId: check.id };
};

/** The ids a route's path names, taken from the target tenant. */
const paramsFor = (
  name: RouteName,
  route: RouteDef,
  target: Tenant,
  victim: Person,
): Record<string, string | number> => {
  const idOf: Record<string, number> = {
    managementCompany: target.companyId,
    organization: target.organizationId,
    location: target.locationId,
    user: victim.id,
    walk: target.walkId,
    incident: target.incidentId,
    task: target.taskId,
  };
  // `{id}` names the kind in the path before it (`/by-user/{id}`), else the route's own resource.
  const idKind = /export\/incident\/\{id\}/.test(route.path)
    ? 'incident'
    : /by-user\/\{id\}/.test(route.path)
      ? 'user'
      : /by-location\/\{id\}/.test(route.path)
        ? 'location'
        : /by-organization\/\{id\}/.test(route.path)
          ? 'organization'
          : /by-management-company\/\{id\}/.test(route.path)
            ? 'managementCompany'
            : route.resource;
  const values: Record<string, string | number> = {
    id: idOf[idKind] ?? 1,
    userId: victim.id,
    locationId: target.locationId,
    organizationId: target.organizationId,
    managementCompanyId: target.companyId,
    orderId: 1,
    walkReportId: target.walkReportId,
    markerId: target.markerId,
    lockCheckId: target.lockCheckId,
    imageName: 'photo.jpg',
    name: 'logo',
  };
  if (name === 'auth.passwordResetRequired') values.id = victim.id;
  return values;
};

/** A valid body aimed at the target tenant, so the call gets past validation to authorization. */
const bodyFor = (name: RouteName, target: Tenant, victim: Person): unknown => {
  const suffix = randomBytes(3).toString('hex');
  const userInfo = {
    firstName: 'Matrix',
    lastName: 'Probe',
    email: `probe-${suffix}@example.com`,
    pin: '1234',
    password: 'Probe1Pass',
    managementCompanyId: target.companyId,
  };
  const bodies: Partial<Record<RouteName, unknown>> = {
    'managementCompany.update': { id: target.companyId, name: 'Changed', email: 'changed@example.com' },
    'organization.create': { name: 'Intruder area', managementCompanyId: target.companyId },
    'organization.update': { id: target.organizationId, name: 'Changed' },
    'location.create': {
      name: 'Intruder',
      address: '1 A St',
      city: 'X',
      state: 'CA',
      zipcode: '12345',
      latitude: 1,
      longitude: 1,
      organizationId: target.organizationId,
    },
    'location.update': { id: target.locationId, name: 'Changed' },
    'user.createOwner': { userInfo },
    'user.createCompanyManager': { userInfo },
    'user.createAreaManager': { userInfo, organizationIds: [target.organizationId] },
    'user.createManager': { userInfo, locationIds: [target.locationId] },
    'user.createAssistantManager': { userInfo, locationIds: [target.locationId] },
    'user.createEmployee': { userInfo, locationIds: [target.locationId] },
    'user.update': { userInfo: { id: victim.id, firstName: 'Changed' } },
    'user.companyEmail': { userId: victim.id, company_email: true },
    'user.addToLocation': { userIds: [victim.id], locationId: target.locationId },
    'user.addToOrganization': { userIds: [victim.id], organizationId: target.organizationId },
    'walk.create': {
      name: 'Intruder walk',
      locationId: target.locationId,
      markers: [{ label: 1, lat: 1, lng: 1 }],
    },
    'walk.update': {
      id: target.walkId,
      name: 'Changed',
      locationId: target.locationId,
      markers: [{ label: 1, lat: 1, lng: 1 }],
    },
    'walkReport.start': {
      walkId: target.walkId,
      clientId: randomUUID(),
      startedAt: new Date().toISOString(),
    },
    'walkReport.recordCompletedMarker': {
      clientId: randomUUID(),
      markerId: target.markerId,
      arrivedAt: new Date().toISOString(),
      lat: 1,
      lng: 1,
      accuracy: 1,
    },
    'walkReport.addNote': { clientId: randomUUID(), markerId: target.markerId, note: 'Intruder note' },
    'walkReport.photoUpload': {
      clientId: randomUUID(),
      markerId: target.markerId,
      contentType: 'image/png',
      contentLength: 100,
    },
    'walkReport.finish': { finishedAt: new Date().toISOString() },
    'walkReport.recordDiscardedWrite': { clientId: randomUUID(), kind: 'photo' },
    'incident.create': { locationId: target.locationId, typeId: 2 },
    'incident.update': { id: target.incidentId, typeId: 2, incidentTexts: ['Changed'] },
    'incident.addNote': { incidentId: target.incidentId, note: 'Intruder note' },
    'incident.resolve': { resolved: true },
    'incident.photoUpload': { contentType: 'image/png', contentLength: 100 },
    'schedule.set': { timeZone: 'UTC', windows: [] },
    'alert.markRead': { read: true },
    'task.create': {
      title: 'Intruder task',
      locationId: target.locationId,
      dueAt: new Date().toISOString(),
      priority: 2,
    },
    'task.update': { status: 'done' },
    'task.addComment': { comment: 'Intruder comment' },
    'export.walkReportsCsv': { locationId: target.locationId, from: '2026-01-01', to: '2026-12-31' },
    'export.incidentsCsv': { locationId: target.locationId, from: '2026-01-01', to: '2026-12-31' },
    'rosterMapping.set': {
      unit: 'Unit',
      status: 'Status',
      delinquent: null,
      overlocked: null,
      size: null,
    },
    'roster.import': {
      basedOnVersion: null,
      units: [{ number: 'X-1', status: 'rented', delinquent: false, overlocked: false }],
    },
    'lockCheck.start': {
      clientId: randomUUID(),
      locationId: target.locationId,
      scope: { kind: 'all' },
      startedAt: new Date().toISOString(),
    },
    'lockCheck.recordResult': {
      clientId: randomUUID(),
      unit: 'X-1',
      finding: 'tenantLock',
      seenAt: new Date().toISOString(),
    },
    'lockCheck.photoUpload': {
      clientId: randomUUID(),
      unit: 'X-1',
      contentType: 'image/jpeg',
      contentLength: 1000,
    },
    'lockCheck.finish': { finishedAt: new Date().toISOString() },
    'lockCheck.resolveDiscrepancy': { unit: 'X-1', kind: 'lockCut', note: 'Probe' },
    'lockCheck.setCadence': { everyDays: 3 },
  };
  return bodies[name];
};

const entries = (Object.entries(routes) as [RouteName, RouteDef][]).filter(
  ([name, route]) => route.access !== 'public' && name !== 'auth.logout',
);
// Deletes go last, so that the objects they remove serve every other call first.
const ordered = [
  ...entries.filter(([, r]) => r.method !== 'DELETE'),
  ...entries.filter(([, r]) => r.method === 'DELETE'),
];

const request = async (who: Person, name: RouteName, route: RouteDef, target: Tenant, victim: Person) => {
  const path = buildPath(route.path, paramsFor(name, route, target, victim));
  const query = route.query
    ? `?limit=10&offset=0&contentType=image/png&contentLength=100&address=93650${name === 'lockCheck.unitHistory' ? '&unit=X-1' : ''}`
    : '';
  return call(who, route.method, `${path}${query}`, bodyFor(name, target, victim));
};

/** How many cross-tenant calls are in flight at once. */
const CROSS_TENANT_BATCH = 8;

/** `fn` over `items`, `size` at a time; the answers in the items' order. */
const inBatches = async <T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return results;
};

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  tenants.A = await tenantWithEveryRole('A');
  tenants.B = await tenantWithEveryRole('B');
}, 120_000);
afterAll(() => t.host.close());

describe('the permission matrix', () => {
  it('never lets an actor of tenant A read or change anything of tenant B, and never answers 500', async () => {
    const leaks: string[] = [];
    const victim = tenants.B.people[Role.Employee];
    const calls = ordered.flatMap(([name, route]) => scopedRoles.map((roleId) => ({ name, route, roleId })));
    // Eight at a time: one after another, these 800 calls (every route as every role) spent most of their time
    // waiting on the stand-ins. Each is refused, or reads, or changes only its own actor's state (their alerts
    // read, an MFA secret), so no answer depends on another's; the deletes still go after everything else. The
    // own-tenant half below stays one at a time: its writes succeed, and their order matters.
    const answers = [];
    for (const deletes of [false, true]) {
      const phase = calls.filter(({ route }) => (route.method === 'DELETE') === deletes);
      answers.push(
        ...(await inBatches(phase, CROSS_TENANT_BATCH, async (call) => ({
          ...call,
          ...(await request(tenants.A.people[call.roleId], call.name, call.route, tenants.B, victim)),
        }))),
      );
    }
    for (const { name, route, roleId, status, body } of answers) {
      const text = JSON.stringify(body);
      // A call that names no object (its own lists, /auth/me) may succeed, but shows nothing of B.
      const untargeted = !route.path.includes('{') && bodyFor(name, tenants.B, victim) === undefined;
      const leaked = untargeted
        ? ['Company B', 'Location B', 'Seeded incident B', 'Seeded task B', victim.email].some((mark) =>
            text.includes(mark),
          )
        : status >= 200 && status < 300;
      if (leaked || status >= 500) leaks.push(`${roleId} ${route.method} ${route.path} -> ${status}`);
      // Field operations on another tenant's objects: 404 (their existence is not revealed), or 403 when the
      // actor's role is below the route's least role.
      // Another company's audit log: not found, or forbidden below Company Manager (the route's least role).
      if (name === 'activity.someByManagementCompany') {
        const expected = roleId < Role.CompanyManager ? 403 : 404;
        if (status !== expected)
          leaks.push(`${roleId} ${route.method} ${route.path} -> ${status}, not ${expected}`);
      }
      if (
        !untargeted &&
        ['walk', 'incident', 'schedule', 'task', 'export', 'lockCheck'].includes(route.resource)
      ) {
        const expected = route.access !== 'public' && roleId < route.access ? 403 : 404;
        if (status !== expected)
          leaks.push(`${roleId} ${route.method} ${route.path} -> ${status}, not ${expected}`);
      }
    }
    expect(leaks).toEqual([]);

    // Tenant B is as it was.
    const tenantB = tenants.B;
    const ownerB = tenantB.people[Role.Owner];
    // Its audit log names none of tenant A's people.
    const logOfB = await api(ownerB, 'activity.someByManagementCompany', {
      params: { id: tenantB.companyId },
      query: { limit: 100 },
    });
    const peopleOfA = new Set(Object.values(tenants.A.people).map((p) => p.id));
    expect(logOfB.entries.filter((e) => peopleOfA.has(e.actor.id))).toEqual([]);
    expect(await api(ownerB, 'walk.get', { params: { id: tenantB.walkId } })).toMatchObject({
      name: 'Walk B',
      deletedAt: null,
    });
    expect(await api(ownerB, 'incident.get', { params: { id: tenantB.incidentId } })).toMatchObject({
      typeId: 2,
      resolved: false,
      notes: [],
      images: [],
      incidentTexts: [{ incidentNoteText: { text: 'Seeded incident B' } }],
    });
    expect(
      await api(ownerB, 'walkReport.get', { params: { walkReportId: tenantB.walkReportId } }),
    ).toMatchObject({
      finishedAt: null,
      CompletedMarker: [],
      walkNote: [],
      markerImage: [],
    });
    const incidentsOfB = await api(ownerB, 'incident.allByLocation', {
      params: { locationId: tenantB.locationId },
    });
    expect(incidentsOfB.incidents).toHaveLength(1);
    expect((await api(ownerB, 'managementCompany.get', { params: { id: tenantB.companyId } })).name).toBe(
      'Company B',
    );
    expect((await api(ownerB, 'organization.get', { params: { id: tenantB.organizationId } })).name).toBe(
      'Area B',
    );
    expect((await api(ownerB, 'location.get', { params: { id: tenantB.locationId } })).name).toBe(
      'Location B',
    );
    expect(await api(ownerB, 'task.get', { params: { id: tenantB.taskId } })).toMatchObject({
      title: 'Seeded task B',
      status: 'open',
      comments: [],
    });
    expect(
      (await api(ownerB, 'schedule.get', { params: { locationId: tenantB.locationId } })).updatedAt,
    ).toBeNull();
    const employeeB = await api(ownerB, 'user.get', { params: { id: tenantB.people[Role.Employee].id } });
    expect(employeeB.firstName).not.toBe('Changed');
    const usersOfB = await api(ownerB, 'user.allByLocation', { params: { id: tenantB.locationId } });
    expect(usersOfB.some((u) => u.lastName === 'Probe')).toBe(false);
  }, 120_000);

  it.each<[string, (actorId: number) => string]>([
    ['their companies', (id) => `/api/managementCompany/by-user/${id}`],
    ['their areas', (id) => `/api/organization/organizations/${id}`],
    ['their locations', (id) => `/api/location/all/by-user/${id}`],
    ['their users', (id) => `/api/user/all/by-user/${id}`],
    ['an incident search', () => '/api/incident?searchTerm=incident'],
    ["their locations' incidents", (id) => `/api/incident/user-locations/${id}`],
    ["today's windows", () => '/api/schedule/today'],
    ['their tasks', () => '/api/task?view=locations'],
    ['their overdue tasks', () => '/api/task?view=overdue'],
    ['their alerts', () => '/api/alert'],
  ])('lists nothing of tenant B to any role of tenant A in %s', async (_, pathOf) => {
    for (const roleId of scopedRoles) {
      const actor = tenants.A.people[roleId];
      const path = pathOf(actor.id);
      const text = JSON.stringify((await call(actor, 'GET', path)).body);
      expect(text, `${roleId} ${path}`).not.toContain('Company B');
      expect(text, `${roleId} ${path}`).not.toContain('Location B');
      expect(text, `${roleId} ${path}`).not.toContain('Seeded incident B');
      expect(text, `${roleId} ${path}`).not.toContain('Seeded task B');
      expect(text, `${roleId} ${path}`).not.toContain(tenants.B.people[Role.Employee].email);
    }
  });

  it('answers every route, for every role in its own tenant, without a 500', async () => {
    const failures: string[] = [];
    for (const [name, route] of ordered) {
      for (const roleId of scopedRoles) {
        const actor = tenants.A.people[roleId];
        const victim = tenants.A.people[Role.Employee];
        const { status } = await request(actor, name, route, tenants.A, victim);
        if (status >= 500) failures.push(`${roleId} ${route.method} ${route.path} -> ${status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
