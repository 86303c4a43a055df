/**
 * The permission matrix's tenants and requests (test/contract/permission-matrix*.test.ts): every route, for
 * every role, with ids and a valid body taken from a target tenant, so a call gets past validation to
 * authorization.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Role, roleIds, type RoleId } from '@sitewalk/shared/roles';
import { routes, type RouteName } from '@sitewalk/shared/contract/index';
import { buildPath, type RouteDef } from '@sitewalk/shared/contract/route';
import { apiAs } from './api.ts';
import type { callAs, Person } from './people.ts';
import { seedSite, type Site } from './site.ts';

type Call = ReturnType<typeof callAs>;

export interface Tenant extends Site {
  /** One person of each scoped role; the Employee is the site's, who started its report and logged its incident. */
  people: Record<RoleId, Person>;
  /** A task at the location, assigned to its Employee. */
  taskId: number;
  /** A finished lock check of the location's roster (unit X-1, its lock cut), by its Employee. */
  lockCheckId: number;
}

export const scopedRoles = roleIds.filter((r) => r < Role.Admin);

export const tenantWithEveryRole = async (baseUrl: string, label: string): Promise<Tenant> => {
  const site = await seedSite(baseUrl, { label });
  const people = {} as Record<RoleId, Person>;
  for (const roleId of scopedRoles) {
    people[roleId] = roleId === Role.Employee ? site.employee : await site.person(roleId);
  }
  const task = await apiAs(baseUrl)(people[Role.Manager], 'task.create', {
    body: {
      title: `Seeded task ${label}`,
      locationId: site.locationId,
      assigneeId: site.employee.id,
      dueAt: new Date(Date.now() + 86_400_000).toISOString(),
      priority: 2,
    },
  });
  const api = apiAs(baseUrl);
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
export const paramsFor = (
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
export const bodyFor = (name: RouteName, target: Tenant, victim: Person): unknown => {
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
export const ordered = [
  ...entries.filter(([, r]) => r.method !== 'DELETE'),
  ...entries.filter(([, r]) => r.method === 'DELETE'),
];

export const matrixRequest = async (
  call: Call,
  who: Person,
  name: RouteName,
  route: RouteDef,
  target: Tenant,
  victim: Person,
) => {
  const path = buildPath(route.path, paramsFor(name, route, target, victim));
  const query = route.query
    ? `?limit=10&offset=0&contentType=image/png&contentLength=100&address=93650${name === 'lockCheck.unitHistory' ? '&unit=X-1' : ''}`
    : '';
  return call(who, route.method, `${path}${query}`, bodyFor(name, target, victim));
};
