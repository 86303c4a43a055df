import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { apiAs } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, type Person } from '../support/people.ts';
import { seedTenant, type Tenant } from '../support/site.ts';
import { marker } from '../support/walks.ts';

/**
 * The recorder's catalog (issue 30: an owner of hundreds of locations opens Record a Walk with one request, not
 * one per location): each location of the caller's scope with a walk to record, by name, with those walks.
 */

let t: TestHost;
let api: ReturnType<typeof apiAs>;
let call: ReturnType<typeof callAs>;
let tenant: Tenant;
let owner: Person;
const site = { first: 0, second: 0, none: 0 };
const walks = { gate: 0, alpha: 0, zulu: 0 };

const walkAt = async (locationId: number, name: string) =>
  (await api(tenant.creator, 'walk.create', { body: { name, locationId, markers: [marker(1)] } })).id;

beforeAll(async () => {
  t = await startTestHost();
  api = apiAs(t.host.url);
  call = callAs(t.host.url);
  tenant = await seedTenant(t.host.url);
  owner = await tenant.person(Role.Owner);
  // Created out of name order: the catalog sorts (case-blind).
  site.second = await tenant.addLocation('Beta storage');
  site.first = await tenant.addLocation('alpha storage');
  site.none = tenant.locationId;
  walks.zulu = await walkAt(site.second, 'Zulu round');
  walks.alpha = await walkAt(site.second, 'alpha round');
  walks.gate = await walkAt(site.first, 'Gate check');
  const gone = await walkAt(site.second, 'Old round');
  await api(tenant.creator, 'walk.delete', { params: { id: gone } });
});

afterAll(() => t.host.close());

const shape = (catalog: Awaited<ReturnType<typeof catalogOf>>) =>
  catalog.map((location) => [location.id, location.walks.map((walk) => walk.id)]);
const catalogOf = (who: Person) => api(who, 'walk.catalog', {});

describe("the recorder's catalog", () => {
  it("lists the scope's locations with a walk to record, by name, each with its walks by name", async () => {
    const catalog = await catalogOf(owner);
    expect(shape(catalog)).toEqual([
      [site.first, [walks.gate]],
      [site.second, [walks.alpha, walks.zulu]],
    ]);
    expect(catalog[0]?.name).toBe('alpha storage');
    // Each walk whole, as walk.get answers it: the recorder keeps them for recording offline.
    expect(catalog[1]?.walks[1]).toEqual(await api(owner, 'walk.get', { params: { id: walks.zulu } }));
  });

  it('holds only the locations of an Employee', async () => {
    const employee = await tenant.person(Role.Employee, [site.second, site.none]);
    expect(shape(await catalogOf(employee))).toEqual([[site.second, [walks.alpha, walks.zulu]]]);
  });

  it("holds nothing of another company's", async () => {
    const other = await seedTenant(t.host.url, { by: tenant.creator });
    const theirs = await api(other.creator, 'walk.create', {
      body: { name: 'Their round', locationId: other.locationId, markers: [marker(1)] },
    });
    const stranger = await other.person(Role.Owner);
    expect(shape(await catalogOf(stranger))).toEqual([[other.locationId, [theirs.id]]]);
    expect(shape(await catalogOf(owner)).map(([id]) => id)).not.toContain(other.locationId);
  });

  it('asks who is calling', async () => {
    expect((await fetch(`${t.host.url}/api/walk/catalog/mine`)).status).toBe(401);
    expect((await call(owner, 'GET', '/api/walk/catalog/mine')).status).toBe(200);
  });
});
