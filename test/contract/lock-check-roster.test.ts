import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { ROSTER_UNITS_MAX, UNIT_NUMBER_MAX } from '@sitewalk/shared/constants';
import { compareUnitNumbers } from '@sitewalk/shared/roster';
import { rosterUnit as unit } from '../support/roster.ts';
import { apiAs, type Api, type BodyOf } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';

/** A location's unit roster and a company's roster CSV mapping (issue 31, the server side). */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let a: Tenant;
let b: Tenant;
let companyManager: Person;
let manager: Person;
let assistant: Person;
let employee: Person;
let managerB: Person;

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  a = await seedTenant(t.host.url, { by: admin, label: 'Roster' });
  b = await seedTenant(t.host.url, { by: admin, label: 'Other roster' });
  companyManager = await a.person(Role.CompanyManager);
  manager = await a.person(Role.Manager);
  assistant = await a.person(Role.AssistantManager);
  employee = await a.person(Role.Employee);
  managerB = await b.person(Role.Manager);
});
afterAll(() => t.host.close());

const rosterPath = (locationId: number) => `/api/lock-check/roster/${locationId}`;
const importAs = (who: Person, locationId: number, body: BodyOf<'roster.import'>) =>
  api(who, 'roster.import', { params: { locationId }, body });
const current = (who: Person, locationId: number) => api(who, 'roster.get', { params: { locationId } });

describe('importing and reading a roster', () => {
  let locationId: number;
  beforeAll(async () => {
    locationId = await a.addLocation('Roster versions');
  });

  it('a location without a roster answers 404 and lists no versions', async () => {
    const response = await call(employee, 'GET', rosterPath(a.locationId));
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('This location has no unit roster');
    expect(
      await api(companyManager, 'rosterVersion.someByLocation', { params: { locationId }, query: {} }),
    ).toEqual({ versions: [], totalCount: 0 });
  });

  it('saves the first version and reads it back in walk order, numbers trimmed, a missing size null', async () => {
    const imported = await importAs(companyManager, locationId, {
      basedOnVersion: null,
      fileName: 'rent-roll.csv',
      units: [
        unit('B-2', { status: 'vacant', size: null }),
        unit(' A-10 ', { delinquent: true, overlocked: true }),
        unit('A-9', { status: 'companyUse', size: undefined }),
        unit('A-100', { status: 'unavailable' }),
      ],
    });
    expect(imported).toEqual({
      version: 1,
      changes: {
        added: ['A-9', 'A-10', 'A-100', 'B-2'],
        removed: [],
        statusChanged: [],
        countBefore: 0,
        countAfter: 4,
      },
    });
    const roster = await current(companyManager, locationId);
    expect(roster).toMatchObject({
      locationId,
      version: 1,
      unitCount: 4,
      fileName: 'rent-roll.csv',
      importedBy: { firstName: `Role${Role.CompanyManager}` },
    });
    expect(Date.parse(roster.importedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(roster.units).toEqual([
      unit('A-9', { status: 'companyUse', size: null }),
      unit('A-10', { delinquent: true, overlocked: true }),
      unit('A-100', { status: 'unavailable' }),
      unit('B-2', { status: 'vacant', size: null }),
    ]);
  });

  it('a second version answers what changed (a removal among them), keeps the first, and lists both newest first', async () => {
    const imported = await importAs(companyManager, locationId, {
      basedOnVersion: 1,
      units: [
        unit('a-9', { status: 'rented' }), // the same unit as 'A-9', now rented
        unit('A-10', { delinquent: true, overlocked: true }),
        unit('B-2', { status: 'vacant' }),
        unit('C-1'),
        unit('C-2', { status: 'vacant' }),
      ],
    });
    expect(imported).toEqual({
      version: 2,
      changes: {
        added: ['C-1', 'C-2'],
        removed: ['A-100'],
        statusChanged: [{ number: 'a-9', from: 'companyUse', to: 'rented' }],
        countBefore: 4,
        countAfter: 5,
      },
    });
    const now = await current(companyManager, locationId);
    expect(now.version).toBe(2);
    expect(now.fileName).toBeNull();
    expect(now.units.map((u) => u.number)).toEqual(['a-9', 'A-10', 'B-2', 'C-1', 'C-2']);

    const first = await api(admin, 'roster.get', {
      params: { locationId },
      query: { version: 1 },
    });
    expect(first.version).toBe(1);
    expect(first.units.map((u) => u.number)).toEqual(['A-9', 'A-10', 'A-100', 'B-2']);

    const versions = await api(companyManager, 'rosterVersion.someByLocation', {
      params: { locationId },
      query: {},
    });
    expect(versions.totalCount).toBe(2);
    expect(versions.versions.map((v) => [v.version, v.unitCount, v.fileName])).toEqual([
      [2, 5, null],
      [1, 4, 'rent-roll.csv'],
    ]);
    const second = await api(companyManager, 'rosterVersion.someByLocation', {
      params: { locationId },
      query: { limit: 1, offset: 1 },
    });
    expect(second).toEqual({ versions: [versions.versions[1]], totalCount: 2 });
    // An offset past the end, however far (past a 32-bit integer), is an empty page, not an error.
    for (const offset of [2, 8_491_008_356]) {
      expect(
        await api(companyManager, 'rosterVersion.someByLocation', {
          params: { locationId },
          query: { offset },
        }),
      ).toEqual({ versions: [], totalCount: 2 });
    }
  });

  it('a version that does not exist answers 404', async () => {
    const response = await call(companyManager, 'GET', `${rosterPath(locationId)}?version=3`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Roster version 3 not found');
  });

  it('refuses an import from a version that is no longer the current one (409), and keeps the roster', async () => {
    for (const basedOnVersion of [1, null, 3]) {
      const response = await call(companyManager, 'PUT', rosterPath(locationId), {
        basedOnVersion,
        units: [unit('Z-1')],
      });
      expect(response.status).toBe(409);
      expect(response.body.message).toMatch(/Another roster import of this location was saved first/);
    }
    const empty = await a.addLocation('Roster never imported');
    expect(
      (await call(companyManager, 'PUT', rosterPath(empty), { basedOnVersion: 1, units: [unit('Z-1')] }))
        .status,
    ).toBe(409);
    expect((await current(companyManager, locationId)).version).toBe(2);
  });

  it('of imports racing from the same version exactly one lands; the roster is the winner’s, whole', async () => {
    const racers = ['R', 'S', 'T', 'U'].map((letter) =>
      Array.from({ length: 600 }, (_, i) => unit(`${letter}-${i + 1}`)),
    );
    const responses = await Promise.all(
      racers.map((units) =>
        call(companyManager, 'PUT', rosterPath(locationId), { basedOnVersion: 2, units }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const winner = racers[statuses.indexOf(200)]!;
    const roster = await current(companyManager, locationId);
    expect(roster.version).toBe(3);
    expect(roster.units).toEqual(winner);
    const versions = await api(companyManager, 'rosterVersion.someByLocation', {
      params: { locationId },
      query: {},
    });
    expect(versions.versions.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it(`keeps ${ROSTER_UNITS_MAX.toLocaleString('en')} units (many chunks) in walk order, exactly`, async () => {
    const big = await a.addLocation('Roster at the limit');
    const units = Array.from({ length: ROSTER_UNITS_MAX }, (_, i) =>
      unit(`${String.fromCharCode(65 + (i % 26))}-${Math.floor(i / 26) + 1}`, {
        status: (['rented', 'vacant', 'companyUse', 'unavailable'] as const)[i % 4],
        delinquent: i % 7 === 0,
        overlocked: i % 11 === 0,
        size: i % 3 === 0 ? null : `${(i % 5) + 5}x10`,
      }),
    ).reverse();
    const imported = await importAs(companyManager, big, { basedOnVersion: null, units });
    expect(imported.changes.countAfter).toBe(ROSTER_UNITS_MAX);
    const roster = await current(admin, big);
    expect(roster.unitCount).toBe(ROSTER_UNITS_MAX);
    expect(roster.units).toEqual([...units].sort((x, y) => compareUnitNumbers(x.number, y.number)));
  });
});

describe('bad input', () => {
  const put = (units: unknown, extra: Record<string, unknown> = {}) =>
    call(companyManager, 'PUT', rosterPath(a.locationId), { basedOnVersion: null, units, ...extra });

  it.each([
    ['an unknown status', [{ ...unit('A-1'), status: 'occupied' }]],
    ['an empty unit number', [unit('   ')]],
    ['a unit number too long', [unit('X'.repeat(UNIT_NUMBER_MAX + 1))]],
    ['a flag that is not a boolean', [{ ...unit('A-1'), delinquent: 'yes' }]],
    ['no units', []],
    ['units that are not a list', 'A-1'],
  ])('%s answers 400 under units', async (_label, units) => {
    const response = await put(units);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.validationErrors as object).some((key) => key.startsWith('units'))).toBe(
      true,
    );
  });

  it('more units than a roster holds answers 400', async () => {
    const units = Array.from({ length: ROSTER_UNITS_MAX + 1 }, (_, i) => unit(`U-${i}`));
    const response = await put(units);
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toHaveProperty(['units']);
  });

  it('a unit listed twice (letter case and spaces aside) answers 400 naming it', async () => {
    const response = await put([unit('A-1'), unit('B-1'), unit(' a-1'), unit('B-1'), unit('C-1')]);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Units A-1, B-1 listed more than once');
    expect(response.body.validationErrors).toEqual({ units: ['Units A-1, B-1 listed more than once'] });
  });

  it.each([
    ['missing', {}],
    ['not a number', { basedOnVersion: 'one' }],
    ['not a version', { basedOnVersion: 0 }],
  ])('basedOnVersion %s answers 400', async (_label, body) => {
    const response = await call(companyManager, 'PUT', rosterPath(a.locationId), {
      units: [unit('A-1')],
      ...body,
    });
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toHaveProperty(['basedOnVersion']);
  });

  it.each(['abc', '0', '-1', '1.5', '01'])('?version=%s answers 400', async (version) => {
    const response = await call(employee, 'GET', `${rosterPath(a.locationId)}?version=${version}`);
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toHaveProperty(['version']);
  });

  it('a mapping without its unit or status column answers 400', async () => {
    const response = await call(manager, 'PUT', `/api/lock-check/mapping/${a.companyId}`, {
      unit: '',
      delinquent: null,
      overlocked: null,
      size: null,
    });
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toHaveProperty(['unit']);
    expect(response.body.validationErrors).toHaveProperty(['status']);
  });
});

describe('who may read and import', () => {
  let imported: number;
  beforeAll(async () => {
    imported = (await importAs(manager, a.locationId, { basedOnVersion: null, units: [unit('M-1')] }))
      .version;
  });

  it('a Manager of the location imports; an Employee and an Assistant Manager read but may not import (403)', async () => {
    expect(imported).toBe(1);
    for (const who of [employee, assistant]) {
      expect((await current(who, a.locationId)).units).toEqual([unit('M-1')]);
      expect(
        (await api(who, 'rosterVersion.someByLocation', { params: { locationId: a.locationId }, query: {} }))
          .totalCount,
      ).toBe(1);
      const response = await call(who, 'PUT', rosterPath(a.locationId), {
        basedOnVersion: 1,
        units: [unit('E-1')],
      });
      expect(response.status).toBe(403);
    }
    expect((await current(manager, a.locationId)).version).toBe(1);
  });

  it('a user of another company can neither read nor import (404, as for a location that does not exist)', async () => {
    for (const [method, path, body] of [
      ['GET', rosterPath(a.locationId), undefined],
      ['GET', `${rosterPath(a.locationId)}?version=1`, undefined],
      ['GET', `${rosterPath(a.locationId)}/versions`, undefined],
      ['PUT', rosterPath(a.locationId), { basedOnVersion: 1, units: [unit('B-1')] }],
    ] as const) {
      const response = await call(managerB, method, path, body);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Location not found');
      expect((await call(admin, method, path.replace(String(a.locationId), '99999999'), body)).status).toBe(
        404,
      );
    }
    expect((await current(manager, a.locationId)).units).toEqual([unit('M-1')]);
  });
});

describe('the company’s roster mapping', () => {
  const mappingPath = (companyId: number) => `/api/lock-check/mapping/${companyId}`;
  const mapping = {
    unit: 'Unit #',
    status: 'Rental Status',
    delinquent: 'Days Past Due',
    overlocked: null,
    size: 'Size',
  };

  it('is null until saved; a Manager of a location of the company saves it and anyone Manager and up reads it', async () => {
    expect(await api(manager, 'rosterMapping.get', { params: { managementCompanyId: a.companyId } })).toEqual(
      {
        mapping: null,
      },
    );
    expect(
      await api(manager, 'rosterMapping.set', {
        params: { managementCompanyId: a.companyId },
        body: mapping,
      }),
    ).toEqual({ mapping });
    for (const who of [manager, companyManager, admin]) {
      expect(await api(who, 'rosterMapping.get', { params: { managementCompanyId: a.companyId } })).toEqual({
        mapping,
      });
    }
    const changed = { ...mapping, overlocked: 'Overlock', size: null };
    await api(companyManager, 'rosterMapping.set', {
      params: { managementCompanyId: a.companyId },
      body: changed,
    });
    expect(await api(manager, 'rosterMapping.get', { params: { managementCompanyId: a.companyId } })).toEqual(
      {
        mapping: changed,
      },
    );
  });

  it('is not for an Employee or Assistant Manager (403), nor another company (404)', async () => {
    for (const who of [employee, assistant]) {
      expect((await call(who, 'GET', mappingPath(a.companyId))).status).toBe(403);
      expect((await call(who, 'PUT', mappingPath(a.companyId), mapping)).status).toBe(403);
    }
    const before = await api(manager, 'rosterMapping.get', {
      params: { managementCompanyId: a.companyId },
    });
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { ...mapping, unit: 'Hijacked' }],
    ] as const) {
      const response = await call(managerB, method, mappingPath(a.companyId), body);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Management company not found');
      expect((await call(manager, method, mappingPath(b.companyId), body)).status).toBe(404);
    }
    expect(await api(manager, 'rosterMapping.get', { params: { managementCompanyId: a.companyId } })).toEqual(
      before,
    );
    expect((await call(admin, 'GET', mappingPath(99_999_999))).status).toBe(404);
  });
});
