import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let admin: Person;
let managerA: Person;
let areaManagerNorth: Person;
let managerB: Person;
let companyA: number;
let companyB: number;
let north: number;
let south: number;
let areaB: number;

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);
const place = (name: string, organizationId: number, extra: Record<string, unknown> = {}) => ({
  name,
  address: '100 Main St',
  city: 'Fresno',
  state: 'CA',
  zipcode: '93650',
  latitude: 36.81,
  longitude: -119.72,
  organizationId,
  ...extra,
});

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  companyA = id(
    await call(admin, 'POST', '/api/managementCompany', { name: 'Acme', email: 'a@example.com' }),
  );
  companyB = id(
    await call(admin, 'POST', '/api/managementCompany', { name: 'Bolt', email: 'b@example.com' }),
  );
  managerA = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyA });
  managerB = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyB });
  north = id(
    await call(managerA, 'POST', '/api/organization', { name: 'North', managementCompanyId: companyA }),
  );
  south = id(
    await call(managerA, 'POST', '/api/organization', { name: 'South', managementCompanyId: companyA }),
  );
  areaB = id(
    await call(managerB, 'POST', '/api/organization', { name: 'Bolt Area', managementCompanyId: companyB }),
  );
  areaManagerNorth = await person(t.host.url, Role.AreaManager, {
    managementCompanyId: companyA,
    organizations: [{ organizationId: north, managementCompanyId: companyA }],
  });
});
afterAll(() => t.host.close());

describe('locations', () => {
  it('are created in an area, with zoom level 18 by default and the names of their area and company', async () => {
    const created = await call(areaManagerNorth, 'POST', '/api/location', place('Fresno North', north));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Fresno North',
      zoomLevel: 18,
      organizationId: north,
      organizationName: 'North',
      managementCompanyId: companyA,
      managementCompanyName: 'Acme',
    });
  });

  it.each([
    [{ zipcode: '9365' }, 'zipcode'],
    [{ name: '' }, 'name'],
    [{ city: '' }, 'city'],
    [{ latitude: 120 }, 'latitude'],
  ])('refuses %j', async (change, field) => {
    const answer = await call(managerA, 'POST', '/api/location', place('Bad', north, change));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.validationErrors as object)).toContain(field);
  });

  it("keep an area manager inside their areas and everyone out of another tenant's", async () => {
    expect((await call(areaManagerNorth, 'POST', '/api/location', place('Elsewhere', south))).status).toBe(
      404,
    );
    expect((await call(managerB, 'POST', '/api/location', place('Sneaky', north))).status).toBe(404);
    const south1 = id(await call(managerA, 'POST', '/api/location', place('South One', south)));
    expect((await call(areaManagerNorth, 'GET', `/api/location/${south1}`)).status).toBe(404);
    expect((await call(managerB, 'GET', `/api/location/${south1}`)).status).toBe(404);
    expect((await call(managerB, 'PUT', '/api/location', { id: south1, name: 'Hijack' })).status).toBe(404);
    expect((await call(managerB, 'DELETE', `/api/location/${south1}`)).status).toBe(404);
  });

  it('are read by the people of the location, with area and company names', async () => {
    const loc = id(await call(managerA, 'POST', '/api/location', place('Visalia', north)));
    const manager = await person(t.host.url, Role.Manager, {
      managementCompanyId: companyA,
      locations: [{ locationId: loc, organizationId: north, managementCompanyId: companyA }],
    });
    expect((await call(manager, 'GET', `/api/location/${loc}`)).status).toBe(200);
    expect((await call(manager, 'GET', `/api/location/organization-name/${loc}`)).body).toEqual({
      id: north,
      name: 'North',
    });
    expect((await call(manager, 'GET', `/api/location/management-company-name/${loc}`)).body).toEqual({
      id: companyA,
      name: 'Acme',
    });
    const mine = await call(manager, 'GET', `/api/location/all/by-user/${manager.id}`);
    expect((mine.body as unknown as { id: number }[]).map((l) => l.id)).toEqual([loc]);
    expect((await call(manager, 'PUT', '/api/location', { id: loc, name: 'Mine now' })).status).toBe(403);
    expect((await call(manager, 'GET', `/api/managementCompany/by-location/${loc}`)).body).toMatchObject({
      id: companyA,
      name: 'Acme',
    });
    expect((await call(managerB, 'GET', `/api/managementCompany/by-location/${loc}`)).status).toBe(404);
  });

  it('are listed by area and by user, by name, paged and searched over name, address, city, state and zipcode', async () => {
    await call(
      managerA,
      'POST',
      '/api/location',
      place('Clovis', north, { zipcode: '93611', city: 'Clovis' }),
    );
    const all = await call(managerA, 'GET', `/api/location/all/by-organization/${north}`);
    const names = (all.body as unknown as { name: string }[]).map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const searched = await call(
      managerA,
      'GET',
      `/api/location/some/by-organization/${north}?limit=5&searchTerm=93611`,
    );
    expect(searched.body).toMatchObject({ totalCount: 1, locations: [{ name: 'Clovis' }] });
    const paged = await call(managerA, 'GET', `/api/location/some/by-user/${managerA.id}?limit=2&offset=0`);
    expect((paged.body.locations as unknown[]).length).toBe(2);
    expect(paged.body.totalCount).toBeGreaterThanOrEqual(4);
    expect((await call(managerB, 'GET', `/api/location/all/by-organization/${north}`)).status).toBe(404);
    expect((await call(managerB, 'GET', `/api/location/some/by-user/${managerA.id}?limit=5`)).status).toBe(
      404,
    );
  });

  it('are renamed and re-zoomed by area managers, and moved to another area only by company managers', async () => {
    const loc = id(await call(managerA, 'POST', '/api/location', place('Madera', north, { zoomLevel: 16 })));
    const renamed = await call(areaManagerNorth, 'PUT', '/api/location', { id: loc, name: 'Madera Ranch' });
    expect(renamed.body).toMatchObject({ name: 'Madera Ranch', zoomLevel: 16, city: 'Fresno' });
    expect(
      (await call(areaManagerNorth, 'PUT', '/api/location', { id: loc, organizationId: south })).status,
    ).toBe(404);
    const moved = await call(managerA, 'PUT', '/api/location', { id: loc, organizationId: south });
    expect(moved.body).toMatchObject({ organizationId: south, organizationName: 'South' });
    expect((await call(areaManagerNorth, 'GET', `/api/location/${loc}`)).status).toBe(404);
    expect((await call(managerA, 'PUT', '/api/location', { id: loc, organizationId: areaB })).status).toBe(
      404,
    );
    expect((await call(managerA, 'PUT', '/api/location', { id: loc, name: '' })).status).toBe(400);
  });

  it('are deleted with their memberships', async () => {
    const loc = id(await call(managerA, 'POST', '/api/location', place('Temporary', north)));
    const employee = await person(t.host.url, Role.Employee, {
      managementCompanyId: companyA,
      locations: [{ locationId: loc, organizationId: north, managementCompanyId: companyA }],
    });
    expect((await call(employee, 'DELETE', `/api/location/${loc}`)).status).toBe(403);
    expect((await call(areaManagerNorth, 'DELETE', `/api/location/${loc}`)).body).toEqual({
      success: true,
      id: loc,
    });
    expect((await call(managerA, 'GET', `/api/location/${loc}`)).status).toBe(404);
    expect((await call(employee, 'GET', `/api/location/all/by-user/${employee.id}`)).body).toEqual([]);
  });
});
