import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { apiAs, type Api } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, useApiSignIns } from '../support/people.ts';
import {
  bodyFor,
  matrixRequest,
  ordered,
  scopedRoles,
  tenantWithEveryRole,
  type Tenant,
} from '../support/permission-matrix.ts';

// Its people's tokens go to Cognito too (POST /api/auth/mfa): real sign-ins.
useApiSignIns();

/**
 * Every route, for every role, against two seeded tenants. An actor of tenant A aimed at tenant B's
 * objects must never get a 2xx (no cross-tenant read or write); no call, in scope or out, may answer 500.
 */
let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
const tenants: Record<'A' | 'B', Tenant> = {} as Record<'A' | 'B', Tenant>;

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
  tenants.A = await tenantWithEveryRole(t.host.url, 'A');
  tenants.B = await tenantWithEveryRole(t.host.url, 'B');
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
    // own-tenant half (./permission-matrix-own-tenant.test.ts) stays one at a time: its writes succeed, and their order matters.
    const answers = [];
    for (const deletes of [false, true]) {
      const phase = calls.filter(({ route }) => (route.method === 'DELETE') === deletes);
      answers.push(
        ...(await inBatches(phase, CROSS_TENANT_BATCH, async (probe) => ({
          ...probe,
          ...(await matrixRequest(
            call,
            tenants.A.people[probe.roleId],
            probe.name,
            probe.route,
            tenants.B,
            victim,
          )),
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
});
