import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Role } from '@sitewalk/shared/roles';
import type { AuditEntry } from '@sitewalk/shared/schemas/audit';
import { auditSignerFromEnv, dataFromEnv } from '@sitewalk/functions/composition';
import { verifyAuditLog } from '@sitewalk/functions/domain/audit-verify';
import { apiAs, type Api } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody, seedTenant, type Tenant } from '../support/site.ts';

/**
 * The audit log (issue 18): each audited change writes its entry, with who, what and the changed fields
 * before and after; a refused change writes none; a company's log is its Company Managers' and above's.
 */

let t: TestHost;
let api: Api;
let call: ReturnType<typeof callAs>;
let admin: Person;
let a: Tenant;
let b: Tenant;
let owner: Person;
let companyManager: Person;
let areaManager: Person;
let manager: Person;
let employee: Person;
let companyManagerB: Person;
let southOrganization: number;

beforeAll(async () => {
  t = await startTestHost();
  api = apiAs(t.host.url);
  call = callAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  a = await seedTenant(t.host.url, { by: admin, label: 'Audited' });
  b = await seedTenant(t.host.url, { by: admin, label: 'Other' });
  owner = await a.person(Role.Owner);
  companyManager = await a.person(Role.CompanyManager);
  areaManager = await a.person(Role.AreaManager);
  manager = await a.person(Role.Manager);
  employee = await a.person(Role.Employee);
  companyManagerB = await b.person(Role.CompanyManager);
  southOrganization = (
    await api(admin, 'organization.create', { body: { name: 'South', managementCompanyId: a.companyId } })
  ).id;
});
afterAll(() => t.host.close());

const activity = (who: Person, companyId: number, query: Record<string, string | number> = {}) =>
  api(who, 'activity.someByManagementCompany', { params: { id: companyId }, query });
/** The newest entry of a log, as a Super User's peer (an Admin) reads it. */
const newest = async (companyId: number) => (await activity(admin, companyId, { limit: 1 })).entries[0];
const headOf = async (companyId: number) => (await newest(companyId))?.seq ?? 0;
const unique = () => randomBytes(3).toString('hex');

const userInfo = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  lastName: `Audit${unique()}`,
  email: `audit-${unique()}@example.com`,
  password: 'Temp0rary9',
  pin: '4321',
  managementCompanyId: a.companyId,
  ...extra,
});

interface Case {
  /** Makes the change; answers the log it lands in (tenant A's unless said). */
  act: () => Promise<number | void>;
  /** What the log's newest entry then says. */
  expected: () => Partial<AuditEntry> & Record<string, unknown>;
}

let revealedId = 0;
const cases: Record<string, Case> = {
  'a company is created': {
    act: async () =>
      (
        await api(admin, 'managementCompany.create', {
          body: { name: 'Fresh Co', email: 'fresh@example.com' },
        })
      ).id,
    expected: () => ({
      action: 'create',
      objectKind: 'managementCompany',
      objectName: 'Fresh Co',
      actor: expect.objectContaining({ id: admin.id, roleId: Role.Admin }),
      before: null,
      after: { name: 'Fresh Co', email: 'fresh@example.com' },
    }),
  },
  'a company is changed': {
    act: async () => {
      await api(owner, 'managementCompany.update', { body: { id: a.companyId, phone: '559-555-0100' } });
    },
    expected: () => ({
      action: 'update',
      objectKind: 'managementCompany',
      objectId: a.companyId,
      actor: expect.objectContaining({ id: owner.id, roleId: Role.Owner }),
      before: {},
      after: { phone: '559-555-0100' },
    }),
  },
  'a company is deleted': {
    act: async () => {
      const { id } = await api(admin, 'managementCompany.create', {
        body: { name: 'Short-lived Co', email: 'gone@example.com' },
      });
      await api(admin, 'managementCompany.delete', { params: { id } });
      return id;
    },
    expected: () => ({
      action: 'delete',
      objectKind: 'managementCompany',
      before: { name: 'Short-lived Co', email: 'gone@example.com' },
      after: null,
    }),
  },
  'a company gets a new logo': {
    act: async () => {
      await api(owner, 'managementCompany.logoUpload', {
        params: { id: a.companyId, name: 'logo' },
        query: { contentType: 'image/png', contentLength: 2048 },
      });
    },
    expected: () => ({
      action: 'update',
      objectKind: 'managementCompany',
      objectId: a.companyId,
      actor: expect.objectContaining({ id: owner.id }),
      // Never the object's key: whether there was a logo, and that a new one was set.
      before: { logo: expect.stringMatching(/^(none|set)$/) as string },
      after: { logo: 'replaced' },
    }),
  },
  'an area gets a new logo': {
    act: async () => {
      await api(companyManager, 'organization.logoUpload', {
        params: { id: a.organizationId, name: 'logo' },
        query: { contentType: 'image/jpeg', contentLength: 4096 },
      });
    },
    expected: () => ({
      action: 'update',
      objectKind: 'organization',
      objectId: a.organizationId,
      actor: expect.objectContaining({ id: companyManager.id }),
      before: { logo: expect.stringMatching(/^(none|set)$/) as string },
      after: { logo: 'replaced' },
    }),
  },
  'a user gets a new profile image': {
    act: async () => {
      await api(employee, 'user.profilePictureUpload', {
        params: { userId: employee.id, name: 'me' },
        query: { contentType: 'image/png', contentLength: 1024 },
      });
    },
    expected: () => ({
      action: 'update',
      objectKind: 'user',
      objectId: employee.id,
      actor: expect.objectContaining({ id: employee.id }),
      before: { profileImage: expect.stringMatching(/^(none|set)$/) as string },
      after: { profileImage: 'replaced' },
    }),
  },
  'an area is created': {
    act: async () => {
      await api(companyManager, 'organization.create', {
        body: { name: 'East', city: 'Fresno', managementCompanyId: a.companyId },
      });
    },
    expected: () => ({
      action: 'create',
      objectKind: 'organization',
      objectName: 'East',
      actor: expect.objectContaining({ id: companyManager.id, roleId: Role.CompanyManager }),
      before: null,
      after: { name: 'East', city: 'Fresno', managementCompanyId: a.companyId },
    }),
  },
  'an area is changed': {
    act: async () => {
      await api(areaManager, 'organization.update', { body: { id: a.organizationId, city: 'Clovis' } });
    },
    expected: () => ({
      action: 'update',
      objectKind: 'organization',
      objectId: a.organizationId,
      organizationId: a.organizationId,
      before: {},
      after: { city: 'Clovis' },
    }),
  },
  'an area is deleted': {
    act: async () => {
      const { id } = await api(companyManager, 'organization.create', {
        body: { name: 'Gone Area', managementCompanyId: a.companyId },
      });
      await api(companyManager, 'organization.delete', { params: { id } });
    },
    expected: () => ({
      action: 'delete',
      objectKind: 'organization',
      before: { name: 'Gone Area', managementCompanyId: a.companyId },
      after: null,
    }),
  },
  'a location is created': {
    act: async () => {
      await api(areaManager, 'location.create', { body: locationBody('Audit Site', a.organizationId) });
    },
    expected: () => ({
      action: 'create',
      objectKind: 'location',
      objectName: 'Audit Site',
      organizationId: a.organizationId,
      before: null,
      after: expect.objectContaining({
        name: 'Audit Site',
        city: 'Fresno',
        organizationId: a.organizationId,
      }),
    }),
  },
  'a location is changed': {
    act: async () => {
      await api(areaManager, 'location.update', {
        body: { id: a.locationId, name: 'Location Audited Renamed' },
      });
    },
    expected: () => ({
      action: 'update',
      objectKind: 'location',
      objectId: a.locationId,
      locationId: a.locationId,
      before: { name: 'Location Audited' },
      after: { name: 'Location Audited Renamed' },
    }),
  },
  'a location moves to another area': {
    act: async () => {
      const id = await a.addLocation('Mover');
      await api(companyManager, 'location.update', { body: { id, organizationId: southOrganization } });
    },
    expected: () => ({
      action: 'move',
      objectKind: 'location',
      objectName: 'Mover',
      before: { organizationId: a.organizationId },
      after: { organizationId: southOrganization },
    }),
  },
  'a location is deleted': {
    act: async () => {
      const id = await a.addLocation('Doomed');
      await api(areaManager, 'location.delete', { params: { id } });
    },
    expected: () => ({
      action: 'delete',
      objectKind: 'location',
      objectName: 'Doomed',
      before: expect.objectContaining({ name: 'Doomed' }),
      after: null,
    }),
  },
  'a user is created': {
    act: async () => {
      await api(manager, 'user.createEmployee', {
        body: { userInfo: userInfo({ firstName: 'Newcomer' }), locationIds: [a.locationId] },
      });
    },
    expected: () => ({
      action: 'create',
      objectKind: 'user',
      actor: expect.objectContaining({ id: manager.id, roleId: Role.Manager }),
      before: null,
      after: expect.objectContaining({
        firstName: 'Newcomer',
        roleId: Role.Employee,
        hasPin: true,
        locationIds: [a.locationId],
        organizationIds: [],
      }),
    }),
  },
  'a user is changed, their PIN too': {
    act: async () => {
      const { data } = await api(manager, 'user.createEmployee', {
        body: { userInfo: userInfo({ phone: '559-555-0123' }), locationIds: [a.locationId] },
      });
      await api(manager, 'user.update', {
        params: { id: data.id },
        body: { userInfo: { id: data.id, phone: '559-555-0199', pin: '9876' } },
      });
    },
    expected: () => ({
      action: 'update',
      objectKind: 'user',
      before: { phone: '559-555-0123' },
      after: { phone: '559-555-0199', pinChanged: true },
    }),
  },
  'a user’s password is set by someone else': {
    act: async () => {
      const { data } = await api(manager, 'user.createEmployee', {
        body: { userInfo: userInfo(), locationIds: [a.locationId] },
      });
      await api(manager, 'user.update', {
        params: { id: data.id },
        body: { userInfo: { id: data.id, password: 'Fresh1Pass' } },
      });
    },
    expected: () => ({
      action: 'update',
      objectKind: 'user',
      actor: expect.objectContaining({ id: manager.id }),
      before: {},
      after: { passwordChanged: true },
    }),
  },
  'a PIN is revealed: who was shown whose, never the PIN': {
    act: async () => {
      const { data } = await api(manager, 'user.createEmployee', {
        body: { userInfo: userInfo({ firstName: 'Pinned' }), locationIds: [a.locationId] },
      });
      revealedId = data.id;
      expect(await api(manager, 'user.revealPin', { params: { id: data.id } })).toEqual({ pin: '4321' });
    },
    expected: () => ({
      action: 'revealPin',
      objectKind: 'user',
      objectId: revealedId,
      objectName: expect.stringMatching(/^Pinned /),
      actor: expect.objectContaining({ id: manager.id, roleId: Role.Manager }),
      before: null,
      after: null,
    }),
  },
  'a user is deleted': {
    act: async () => {
      const { data } = await api(manager, 'user.createEmployee', {
        body: { userInfo: userInfo({ firstName: 'Leaver' }), locationIds: [a.locationId] },
      });
      await api(manager, 'user.delete', { params: { id: data.id } });
    },
    expected: () => ({
      action: 'delete',
      objectKind: 'user',
      before: expect.objectContaining({ firstName: 'Leaver', locationIds: [a.locationId] }),
      after: null,
    }),
  },
  'users join a location': {
    act: async () => {
      const other = await a.addLocation('Joined');
      await api(areaManager, 'user.addToLocation', { body: { userIds: [employee.id], locationId: other } });
    },
    expected: () => ({
      action: 'addMember',
      objectKind: 'membership',
      objectName: 'Joined',
      before: null,
      after: { userIds: [employee.id] },
    }),
  },
  'a user leaves a location': {
    act: async () => {
      const other = await a.addLocation('Left');
      await api(areaManager, 'user.addToLocation', { body: { userIds: [employee.id], locationId: other } });
      await api(areaManager, 'user.removeFromLocation', {
        params: { userId: employee.id, locationId: other },
      });
    },
    expected: () => ({
      action: 'removeMember',
      objectKind: 'membership',
      objectName: 'Left',
      before: { userIds: [employee.id] },
      after: null,
    }),
  },
  'users join and leave an area': {
    act: async () => {
      const lead = await a.person(Role.AreaManager, []);
      await api(companyManager, 'user.addToOrganization', {
        body: { userIds: [lead.id], organizationId: southOrganization },
      });
      await api(companyManager, 'user.removeFromOrganization', {
        params: { userId: lead.id, organizationId: southOrganization },
      });
    },
    expected: () => ({
      action: 'removeMember',
      objectKind: 'membership',
      objectId: southOrganization,
      organizationId: southOrganization,
      locationId: null,
      after: null,
    }),
  },
  'a walk is created': {
    act: async () => {
      await api(manager, 'walk.create', {
        body: {
          name: 'Perimeter',
          locationId: a.locationId,
          markers: [
            { label: 1, lat: 36.8, lng: -119.7 },
            { label: 2, lat: 36.8001, lng: -119.7 },
          ],
        },
      });
    },
    expected: () => ({
      action: 'create',
      objectKind: 'walk',
      objectName: 'Perimeter',
      locationId: a.locationId,
      before: null,
      after: expect.objectContaining({ name: 'Perimeter', markerCount: 2 }),
    }),
  },
  'a walk is changed and deleted': {
    act: async () => {
      const walk = await api(manager, 'walk.create', {
        body: { name: 'Inner', locationId: a.locationId, markers: [{ label: 1, lat: 36.8, lng: -119.7 }] },
      });
      await api(manager, 'walk.update', {
        body: {
          id: walk.id,
          name: 'Inner loop',
          locationId: a.locationId,
          markers: [{ label: 1, lat: 36.8, lng: -119.7 }],
        },
      });
      const changed = await newest(a.companyId);
      expect(changed).toMatchObject({
        action: 'update',
        before: { name: 'Inner' },
        after: { name: 'Inner loop' },
      });
      await api(manager, 'walk.delete', { params: { id: walk.id } });
    },
    expected: () => ({
      action: 'delete',
      objectKind: 'walk',
      objectName: 'Inner loop',
      before: expect.objectContaining({ name: 'Inner loop', markerCount: 1 }),
      after: null,
    }),
  },
  'an incident is resolved': {
    act: async () => {
      const incident = await api(employee, 'incident.create', {
        body: { locationId: a.locationId, typeId: 2, incidentTexts: ['Gate left open'] },
      });
      await api(manager, 'incident.resolve', {
        params: { id: incident.id },
        body: { resolved: true, resolvedAt: '2026-01-01T00:00:00.000Z' },
      });
    },
    expected: () => ({
      action: 'resolve',
      objectKind: 'incident',
      locationId: a.locationId,
      actor: expect.objectContaining({ id: manager.id }),
      before: { status: 'open' },
      after: { status: 'resolved', resolvedAt: expect.any(String) },
    }),
  },
  'an incident is reopened': {
    act: async () => {
      const incident = await api(employee, 'incident.create', {
        body: { locationId: a.locationId, typeId: 3, incidentTexts: ['Light out'] },
      });
      await api(manager, 'incident.resolve', { params: { id: incident.id }, body: { resolved: true } });
      await api(manager, 'incident.resolve', { params: { id: incident.id }, body: { resolved: false } });
    },
    expected: () => ({
      action: 'reopen',
      objectKind: 'incident',
      before: { status: 'resolved', resolvedAt: expect.any(String) },
      after: { status: 'open' },
    }),
  },
  'a task changes status': {
    act: async () => {
      const task = await api(manager, 'task.create', {
        body: {
          title: 'Fix the gate',
          locationId: a.locationId,
          assigneeId: employee.id,
          dueAt: new Date(Date.now() + 86_400_000).toISOString(),
          priority: 2,
        },
      });
      await api(employee, 'task.update', { params: { id: task.id }, body: { status: 'done' } });
    },
    expected: () => ({
      action: 'changeStatus',
      objectKind: 'task',
      objectName: 'Fix the gate',
      actor: expect.objectContaining({ id: employee.id, roleId: Role.Employee }),
      before: { status: 'open' },
      after: { status: 'done', completedAt: expect.any(String) },
    }),
  },
};

describe('each audited change writes its entry', () => {
  it.each(Object.keys(cases))('%s', async (name) => {
    // Prepare
    const { act, expected } = cases[name]!;

    // Act
    const log = (await act()) ?? a.companyId;

    // Assess: the newest entry says who, what and the changed fields; nothing secret; the chain is whole
    // and every entry of it signed.
    const entry = await newest(log);
    expect(entry).toMatchObject(expected());
    expect(entry?.actor.name).toMatch(/\S/);
    // (Its hash left out: 64 hex digits may hold '4321' by chance.)
    const { hash: _hash, ...said } = entry!;
    expect(JSON.stringify(said)).not.toMatch(/4321|9876|pinCipher|Temp0rary9|Fresh1Pass|"password"/i);
    expect(await verifyAuditLog(dataFromEnv(), auditSignerFromEnv(), log)).toMatchObject({
      problem: null,
      unsigned: 0,
    });
  });

  it('keeps the changes of a Super User or Admin themselves in the system log (0), for them alone', async () => {
    // Act
    const superUser = await person(t.host.url, Role.SuperUser);
    const { data } = await api(superUser, 'user.createAdmin', {
      body: { userInfo: userInfo({ managementCompanyId: undefined, pin: undefined }) },
    });

    // Assess
    const entry = await newest(0);
    expect(entry).toMatchObject({
      managementCompanyId: 0,
      objectKind: 'user',
      objectId: data.id,
      action: 'create',
    });
    expect((await call(companyManager, 'GET', '/api/managementCompany/activity/0')).status).toBe(404);
  });
});

describe('a refused change', () => {
  it.each([
    [
      'an Employee changing the company (403)',
      () => call(employee, 'PUT', '/api/managementCompany', { id: a.companyId, name: 'X' }),
      403,
    ],
    [
      'deleting a company that has areas (409)',
      () => call(admin, 'DELETE', `/api/managementCompany/${a.companyId}`),
      409,
    ],
    [
      'a location moved into another tenant’s area (404)',
      () =>
        call(companyManager, 'PUT', '/api/location', { id: a.locationId, organizationId: b.organizationId }),
      404,
    ],
    [
      'a user created with a taken e-mail (409)',
      () =>
        call(manager, 'POST', '/api/user/employee', {
          userInfo: { ...userInfo(), email: employee.email },
          locationIds: [a.locationId],
        }),
      409,
    ],
    ['a walk deleted that does not exist (404)', () => call(manager, 'DELETE', '/api/walk/999999'), 404],
    [
      'a PIN reveal refused to someone below (403)',
      () => call(employee, 'GET', `/api/user/pin/${manager.id}`),
      403,
    ],
    // Nothing was shown: a user without a PIN.
    [
      'a PIN reveal of a user who has none (200)',
      () => call(manager, 'GET', `/api/user/pin/${employee.id}`),
      200,
    ],
  ] as const)('writes no entry: %s', async (_, act, status) => {
    // Prepare
    const before = await headOf(a.companyId);

    // Act
    const answer = await act();

    // Assess
    expect(answer.status).toBe(status);
    expect(await headOf(a.companyId)).toBe(before);
  });
});

describe('concurrent changes', () => {
  it('keep one chain: every number once, in order, the chain whole', async () => {
    // Prepare
    const before = await headOf(a.companyId);
    const locations = await Promise.all(Array.from({ length: 6 }, (_, i) => a.addLocation(`Busy ${i}`)));

    // Act: six renames at once.
    await Promise.all(
      locations.map((id, i) =>
        api(areaManager, 'location.update', { body: { id, name: `Busy renamed ${i}` } }),
      ),
    );

    // Assess
    const { entries } = await activity(admin, a.companyId, { limit: 100 });
    const since = entries.filter((e) => e.seq > before).map((e) => e.seq);
    expect(since).toEqual(Array.from({ length: 12 }, (_, i) => before + 12 - i));
    expect((await verifyAuditLog(dataFromEnv(), auditSignerFromEnv(), a.companyId)).problem).toBeNull();
  });
});

describe('who reads a log', () => {
  it.each([
    ['its Owner', () => owner, 200],
    ['its Company Manager', () => companyManager, 200],
    ['an Admin', () => admin, 200],
    ['its Area Manager (403)', () => areaManager, 403],
    ['its Employee (403)', () => employee, 403],
    ['another company’s Company Manager (404)', () => companyManagerB, 404],
  ] as const)('%s', async (_, who, status) => {
    expect((await call(who(), 'GET', `/api/managementCompany/activity/${a.companyId}`)).status).toBe(status);
  });

  it('answers 404 for a company that never existed, to a Company Manager', async () => {
    expect((await call(companyManager, 'GET', '/api/managementCompany/activity/987654321')).status).toBe(404);
  });
});

describe('filters and paging', () => {
  let company: number;
  let sites: number[];
  let lead: Person;

  beforeAll(async () => {
    const c = await seedTenant(t.host.url, { by: admin, label: 'Filtered' });
    company = c.companyId;
    lead = await c.person(Role.AreaManager);
    sites = [c.locationId, await c.addLocation('Second')];
    for (const [i, id] of sites.entries()) {
      await api(lead, 'location.update', { body: { id, city: `City ${i}` } });
    }
    await api(admin, 'walk.create', {
      body: { name: 'Filtered walk', locationId: sites[0]!, markers: [{ label: 1, lat: 36.8, lng: -119.7 }] },
    });
  });

  it('lists newest first, a page at a time, with no entry twice or left out', async () => {
    // Act
    const all = await activity(admin, company, { limit: 100 });
    const first = await activity(admin, company, { limit: 3 });
    const second = await activity(admin, company, { limit: 3, cursor: first.nextCursor ?? '' });

    // Assess
    const seqs = all.entries.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => y - x));
    expect(all.nextCursor).toBeNull();
    expect([...first.entries, ...second.entries].map((e) => e.seq)).toEqual(seqs.slice(0, 6));
  });

  it.each([
    ['object kind', () => ({ objectKind: 'walk' }), (e: AuditEntry) => e.objectKind === 'walk'],
    ['actor', () => ({ actorId: lead.id }), (e: AuditEntry) => e.actor.id === lead.id],
    ['location', () => ({ locationId: sites[1]! }), (e: AuditEntry) => e.locationId === sites[1]],
  ] as const)('filters by %s', async (_, query, holds) => {
    // Act
    const { entries } = await activity(admin, company, query());

    // Assess
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every(holds)).toBe(true);
    const all = (await activity(admin, company, { limit: 100 })).entries.filter(holds);
    expect(entries.map((e) => e.seq)).toEqual(all.map((e) => e.seq));
  });

  it('filters by time: from and to, both ends included', async () => {
    // Prepare
    const all = (await activity(admin, company, { limit: 100 })).entries;
    const middle = all[Math.floor(all.length / 2)]!;

    // Act
    const after = await activity(admin, company, { from: middle.at });
    const upTo = await activity(admin, company, { to: middle.at });
    const none = await activity(admin, company, { to: '2000-01-01T00:00:00Z' });

    // Assess
    expect(after.entries.every((e) => e.at >= middle.at)).toBe(true);
    expect(after.entries.map((e) => e.seq)).toContain(middle.seq);
    expect(upTo.entries.every((e) => e.at <= middle.at)).toBe(true);
    expect(upTo.entries.map((e) => e.seq)).toContain(middle.seq);
    expect(none).toEqual({ entries: [], nextCursor: null });
  });
});

describe('bad input', () => {
  it.each([
    ['a limit of 0', '?limit=0', 'limit'],
    ['a limit past 100', '?limit=101', 'limit'],
    ['an unknown object kind', '?objectKind=password', 'objectKind'],
    ['a cursor that is no number', '?cursor=abc', 'cursor'],
    ['a time that is no time', '?from=yesterday', 'from'],
    ['from after to', '?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
    ['an actor that is no id', '?actorId=-1', 'actorId'],
  ])('answers 400 for %s', async (_, search, field) => {
    const answer = await call(admin, 'GET', `/api/managementCompany/activity/${a.companyId}${search}`);
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toHaveProperty([field]);
  });

  it('answers 400 for a company id that is no id', async () => {
    const answer = await call(admin, 'GET', '/api/managementCompany/activity/-3');
    expect(answer.status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await call(null, 'GET', `/api/managementCompany/activity/${a.companyId}`)).status).toBe(401);
  });
});
