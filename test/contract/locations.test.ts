import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { apiAs, type Api } from '../support/api.ts';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let managerA: Person;
let areaManagerNorth: Person;
let managerB: Person;
let companyA: number;
let companyB: number;
let north: number;
let south: number;
let organizationB: number;

const place = (
  name: string,
  organizationId: number,
  extra: { zipcode?: string; city?: string; zoomLevel?: number } = {},
) => ({
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
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  const company = async (name: string, email: string) =>
    (await api(admin, 'managementCompany.create', { body: { name, email } })).id;
  companyA = await company('Acme', 'a@example.com');
  companyB = await company('Bolt', 'b@example.com');
  managerA = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyA });
  managerB = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyB });
  const area = async (by: Person, name: string, managementCompanyId: number) =>
    (await api(by, 'organization.create', { body: { name, managementCompanyId } })).id;
  north = await area(managerA, 'North', companyA);
  south = await area(managerA, 'South', companyA);
  organizationB = await area(managerB, 'Bolt Area', companyB);
  areaManagerNorth = await person(t.host.url, Role.AreaManager, {
    managementCompanyId: companyA,
    organizations: [{ organizationId: north, managementCompanyId: companyA }],
  });
});
afterAll(() => t.host.close());

/** A location made as `who`, through the typed client: answers its id. */
const addLocation = async (who: Person, body: ReturnType<typeof place>) =>
  (await api(who, 'location.create', { body })).id;

describe('locations', () => {
  it('are created in an area, with zoom level 18 by default and the names of their area and company', async () => {
    const created = await api(areaManagerNorth, 'location.create', { body: place('Fresno North', north) });
    expect(created).toMatchObject({
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
    const answer = await call(managerA, 'POST', '/api/location', { ...place('Bad', north), ...change });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.validationErrors as object)).toContain(field);
  });

  it("keep an area manager inside their areas and everyone out of another tenant's", async () => {
    expect((await call(areaManagerNorth, 'POST', '/api/location', place('Elsewhere', south))).status).toBe(
      404,
    );
    expect((await call(managerB, 'POST', '/api/location', place('Sneaky', north))).status).toBe(404);
    const south1 = await addLocation(managerA, place('South One', south));
    expect((await call(areaManagerNorth, 'GET', `/api/location/${south1}`)).status).toBe(404);
    expect((await call(managerB, 'GET', `/api/location/${south1}`)).status).toBe(404);
    expect((await call(managerB, 'PUT', '/api/location', { id: south1, name: 'Hijack' })).status).toBe(404);
    expect((await call(managerB, 'DELETE', `/api/location/${south1}`)).status).toBe(404);
  });

  it('are read by the people of the location, with area and company names', async () => {
    const loc = await addLocation(managerA, place('Visalia', north));
    const manager = await person(t.host.url, Role.Manager, {
      managementCompanyId: companyA,
      locations: [{ locationId: loc, organizationId: north, managementCompanyId: companyA }],
    });
    const params = { id: loc };
    expect(await api(manager, 'location.get', { params })).toMatchObject({ id: loc, name: 'Visalia' });
    expect(await api(manager, 'location.organizationName', { params })).toEqual({ id: north, name: 'North' });
    expect(await api(manager, 'location.managementCompanyName', { params })).toEqual({
      id: companyA,
      name: 'Acme',
    });
    const mine = await api(manager, 'location.allByUser', { params: { id: manager.id } });
    expect(mine.map((l) => l.id)).toEqual([loc]);
    expect((await call(manager, 'PUT', '/api/location', { id: loc, name: 'Mine now' })).status).toBe(403);
    expect(
      await api(manager, 'managementCompany.getByLocation', { params: { locationId: loc } }),
    ).toMatchObject({
      id: companyA,
      name: 'Acme',
    });
    expect((await call(managerB, 'GET', `/api/managementCompany/by-location/${loc}`)).status).toBe(404);
  });

  it('are listed by area and by user, by name, paged and searched over name, address, city, state and zipcode', async () => {
    await addLocation(managerA, place('Clovis', north, { zipcode: '93611', city: 'Clovis' }));
    const all = await api(managerA, 'location.allByOrganization', { params: { id: north } });
    const names = all.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const searched = await api(managerA, 'location.someByOrganization', {
      params: { id: north },
      query: { limit: 5, searchTerm: '93611' },
    });
    expect(searched).toMatchObject({ totalCount: 1, locations: [{ name: 'Clovis' }] });
    const paged = await api(managerA, 'location.someByUser', {
      params: { id: managerA.id },
      query: { limit: 2, offset: 0 },
    });
    expect(paged.locations.length).toBe(2);
    expect(paged.totalCount).toBeGreaterThanOrEqual(4);
    expect((await call(managerB, 'GET', `/api/location/all/by-organization/${north}`)).status).toBe(404);
    expect((await call(managerB, 'GET', `/api/location/some/by-user/${managerA.id}?limit=5`)).status).toBe(
      404,
    );
  });

  it("are listed whole to an Admin a page at a time from the stage's index, and searched there; a company's manager finds only their own", async () => {
    const pageOf = (who: Person, query: { limit: number; offset?: number; searchTerm?: string }) =>
      api(who, 'location.someByUser', { params: { id: who.id }, query });
    const all = await api(admin, 'location.allByUser', { params: { id: admin.id } });
    const first = await pageOf(admin, { limit: 2 });
    const second = await pageOf(admin, { limit: 2, offset: 2 });
    expect(first.totalCount).toBe(all.length);
    expect([...first.locations, ...second.locations].map((l) => l.id)).toEqual(
      all.slice(0, 4).map((l) => l.id),
    );
    expect(first.locations[0]).toMatchObject({ organizationName: expect.any(String) as string });

    const inA = await addLocation(managerA, place('Oakhurst Yard', north, { city: 'Zyxburg' }));
    const inB = await addLocation(managerB, place('Bolt Yard', organizationB, { city: 'Zyxburg' }));
    const searched = await pageOf(admin, { limit: 1, searchTerm: 'ZYXBURG' });
    expect(searched).toMatchObject({ totalCount: 2, locations: [{ id: inB }] });
    expect(await pageOf(admin, { limit: 1, offset: 1, searchTerm: 'zyxburg' })).toMatchObject({
      totalCount: 2,
      locations: [{ id: inA, managementCompanyName: 'Acme' }],
    });
    expect(await pageOf(managerA, { limit: 10, searchTerm: 'zyxburg' })).toMatchObject({
      totalCount: 1,
      locations: [{ id: inA }],
    });
    expect(await pageOf(managerB, { limit: 10, searchTerm: 'zyxburg' })).toMatchObject({
      totalCount: 1,
      locations: [{ id: inB }],
    });
    // A rename and a move are found by the new name; the fields the update left alone are still searched.
    await api(managerA, 'location.update', { body: { id: inA, name: 'Quarry Yard' } });
    expect((await pageOf(admin, { limit: 10, searchTerm: 'oakhurst' })).totalCount).toBe(0);
    expect(await pageOf(admin, { limit: 10, searchTerm: 'quarry' })).toMatchObject({
      totalCount: 1,
      locations: [{ id: inA }],
    });
    await api(managerA, 'location.update', { body: { id: inA, organizationId: south, name: 'Quartz Yard' } });
    expect(await pageOf(admin, { limit: 10, searchTerm: 'zyxburg' })).toMatchObject({
      totalCount: 2,
      locations: [{ id: inB }, { id: inA, name: 'Quartz Yard', organizationName: 'South' }],
    });
    await api(managerB, 'location.delete', { params: { id: inB } });
    expect((await pageOf(admin, { limit: 10, searchTerm: 'zyxburg' })).totalCount).toBe(1);
    expect((await pageOf(admin, { limit: 1 })).totalCount).toBe(all.length + 1);
    expect((await call(admin, 'GET', `/api/location/some/by-user/${admin.id}?limit=0`)).status).toBe(400);
  });

  it("are listed of one management company when asked (the pickers' filter): it only narrows, and an unseen company is 404", async () => {
    const inNorth = await addLocation(managerA, place('Filter North', north));
    const inSouth = await addLocation(managerA, place('Filter South', south));
    const inB = await addLocation(managerB, place('Filter Bolt', organizationB));
    const ofCompany = (who: Person, userId: number, managementCompanyId: number) =>
      api(who, 'location.someByUser', {
        params: { id: userId },
        query: { limit: 50, searchTerm: 'filter', managementCompanyId },
      });
    const ids = (page: { locations: { id: number }[] }) => page.locations.map((l) => l.id);

    // A Super User's whole stage, one company at a time.
    expect(ids(await ofCompany(admin, admin.id, companyA))).toEqual([inNorth, inSouth]);
    expect(ids(await ofCompany(admin, admin.id, companyB))).toEqual([inB]);
    // Every location of the company, not the first page of the stage filtered.
    const allOfA = (await api(admin, 'location.allByUser', { params: { id: admin.id } })).filter(
      (l) => l.managementCompanyId === companyA,
    );
    const pageOfA = await api(admin, 'location.someByUser', {
      params: { id: admin.id },
      query: { limit: 50, managementCompanyId: companyA },
    });
    expect(pageOfA.totalCount).toBe(allOfA.length);
    expect(pageOfA.locations.every((l) => l.managementCompanyId === companyA)).toBe(true);

    // A company's manager: their own company as before; another's is not found, so it cannot widen.
    expect(ids(await ofCompany(managerA, managerA.id, companyA))).toEqual([inNorth, inSouth]);
    const widen = `/api/location/some/by-user/${managerA.id}?limit=5&managementCompanyId=${companyB}`;
    expect((await call(managerA, 'GET', widen)).status).toBe(404);
    // An area manager's filter narrows their areas: the company's other areas stay out.
    expect(ids(await ofCompany(areaManagerNorth, areaManagerNorth.id, companyA))).toEqual([inNorth]);
    // The filter narrows the user's scope: a Super User asking for a company manager's locations of another company finds none.
    expect(await ofCompany(admin, managerA.id, companyB)).toEqual({ locations: [], totalCount: 0 });

    const asked = (value: string) =>
      call(admin, 'GET', `/api/location/some/by-user/${admin.id}?limit=5&managementCompanyId=${value}`);
    expect((await asked('abc')).status).toBe(400);
    expect((await asked('-1')).status).toBe(400);
    expect((await asked('1.5')).status).toBe(400);
    expect((await asked('999999')).status).toBe(404);
  });

  it('are renamed and re-zoomed by area managers, and moved to another area only by company managers', async () => {
    const loc = await addLocation(managerA, place('Madera', north, { zoomLevel: 16 }));
    const renamed = await api(areaManagerNorth, 'location.update', {
      body: { id: loc, name: 'Madera Ranch' },
    });
    expect(renamed).toMatchObject({ name: 'Madera Ranch', zoomLevel: 16, city: 'Fresno' });
    expect(
      (await call(areaManagerNorth, 'PUT', '/api/location', { id: loc, organizationId: south })).status,
    ).toBe(404);
    const moved = await api(managerA, 'location.update', { body: { id: loc, organizationId: south } });
    expect(moved).toMatchObject({ organizationId: south, organizationName: 'South' });
    expect((await call(areaManagerNorth, 'GET', `/api/location/${loc}`)).status).toBe(404);
    expect(
      (await call(managerA, 'PUT', '/api/location', { id: loc, organizationId: organizationB })).status,
    ).toBe(404);
    expect((await call(managerA, 'PUT', '/api/location', { id: loc, name: '' })).status).toBe(400);
  });

  it('are deleted with their memberships', async () => {
    const loc = await addLocation(managerA, place('Temporary', north));
    const employee = await person(t.host.url, Role.Employee, {
      managementCompanyId: companyA,
      locations: [{ locationId: loc, organizationId: north, managementCompanyId: companyA }],
    });
    expect((await call(employee, 'DELETE', `/api/location/${loc}`)).status).toBe(403);
    expect(await api(areaManagerNorth, 'location.delete', { params: { id: loc } })).toEqual({
      success: true,
      id: loc,
    });
    expect((await call(managerA, 'GET', `/api/location/${loc}`)).status).toBe(404);
    expect(await api(employee, 'location.allByUser', { params: { id: employee.id } })).toEqual([]);
  });
});
