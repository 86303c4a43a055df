import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import { apiAs, type Api, type BodyOf } from '../support/api.ts';
import { startOwnTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { locationBody } from '../support/site.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let managerA: Person;
let areaManagerA: Person;
let managerOfLocation: Person;
let managerB: Person;
let companyA: number;
let companyB: number;
let northA: number;
let southA: number;
let organizationB: number;

beforeAll(async () => {
  t = await startOwnTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  const company = async (name: string) =>
    (await api(admin, 'managementCompany.create', { body: { name, email: 'hq@example.com' } })).id;
  companyA = await company('Acme');
  companyB = await company('Bolt');
  managerA = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyA });
  managerB = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyB });
  const area = async (by: Person, body: BodyOf<'organization.create'>) =>
    (await api(by, 'organization.create', { body })).id;
  northA = await area(managerA, {
    name: 'North',
    managementCompanyId: companyA,
    city: 'Fresno',
    zipcode: '93650',
  });
  southA = await area(managerA, { name: 'south', managementCompanyId: companyA });
  organizationB = await area(managerB, { name: 'Bolt Central', managementCompanyId: companyB });
  areaManagerA = await person(t.host.url, Role.AreaManager, {
    managementCompanyId: companyA,
    organizations: [{ organizationId: northA, managementCompanyId: companyA }],
  });
  // A location in North.
  const fresnoNorth = await api(managerA, 'location.create', { body: locationBody('Fresno North', northA) });
  managerOfLocation = await person(t.host.url, Role.Manager, {
    managementCompanyId: companyA,
    locations: [{ locationId: fresnoNorth.id, organizationId: northA, managementCompanyId: companyA }],
  });
});
afterAll(() => t.host.close());

describe('areas', () => {
  it('carry their company name and totals', async () => {
    expect(await api(managerA, 'organization.get', { params: { id: northA } })).toMatchObject({
      id: northA,
      name: 'North',
      managementCompanyId: companyA,
      managementCompanyName: 'Acme',
      totalLocations: 1,
      totalEmployees: 2, // the area manager, and the manager of its location
      city: 'Fresno',
      zipcode: '93650',
      address: null,
    });
  });

  it('are created by company managers in their own company only', async () => {
    expect(
      (await call(managerB, 'POST', '/api/organization', { name: 'Sneaky', managementCompanyId: companyA }))
        .status,
    ).toBe(404);
    const denied = await call(areaManagerA, 'POST', '/api/organization', {
      name: 'Mine',
      managementCompanyId: companyA,
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(messages.permission.addArea);
    expect(
      (await call(managerA, 'POST', '/api/organization', { name: '', managementCompanyId: companyA })).status,
    ).toBe(400);
    expect(
      (
        await call(managerA, 'POST', '/api/organization', {
          name: 'Bad zip',
          managementCompanyId: companyA,
          zipcode: '123',
        })
      ).status,
    ).toBe(400);
  });

  it('are read by their area manager, and by no one of another tenant', async () => {
    expect(await api(areaManagerA, 'organization.get', { params: { id: northA } })).toMatchObject({
      id: northA,
    });
    expect((await call(areaManagerA, 'GET', `/api/organization/${southA}`)).status).toBe(404);
    expect((await call(managerB, 'GET', `/api/organization/${northA}`)).status).toBe(404);
    expect((await call(managerA, 'GET', `/api/organization/${organizationB}`)).status).toBe(404);
    expect((await call(managerOfLocation, 'GET', `/api/organization/${northA}`)).status).toBe(403); // below the least role
  });

  it('are renamed by their area manager and keep their place in the name order', async () => {
    const renamed = await api(areaManagerA, 'organization.update', {
      body: { id: northA, name: 'Alpha North', city: 'Clovis' },
    });
    expect(renamed).toMatchObject({ name: 'Alpha North', city: 'Clovis', zipcode: '93650' });
    const list = await api(managerA, 'organization.allByManagementCompany', { params: { id: companyA } });
    expect(list.map((a) => a.name)).toEqual(['Alpha North', 'south']);
    expect((await call(managerB, 'PUT', '/api/organization', { id: northA, name: 'Hijack' })).status).toBe(
      404,
    );
    expect(
      (await call(areaManagerA, 'PUT', '/api/organization', { id: southA, name: 'Hijack' })).status,
    ).toBe(404);
    expect(
      (
        await call(managerA, 'PUT', '/api/organization', {
          id: southA,
          name: 'x',
          managementCompanyId: companyB,
        })
      ).status,
    ).toBe(400);
  });

  it('change only what an update sends: a field left out keeps its value, null or blank clears it', async () => {
    const company = await api(admin, 'managementCompany.create', {
      body: { name: 'Partial Co', email: 'p@example.com' },
    });
    const full = { address: '9 Elm St', city: 'Visalia', state: 'CA', zipcode: '93291' };
    const { id: area } = await api(admin, 'organization.create', {
      body: { name: 'Partial', managementCompanyId: company.id, ...full },
    });
    const update = (body: Omit<BodyOf<'organization.update'>, 'id'>) =>
      api(admin, 'organization.update', { body: { id: area, ...body } });
    expect(await update({ name: 'Partial Two' })).toMatchObject({ name: 'Partial Two', ...full });
    expect(await update({ city: 'Tulare' })).toMatchObject({ name: 'Partial Two', ...full, city: 'Tulare' });
    expect(await update({ address: null, state: '' })).toMatchObject({
      name: 'Partial Two',
      address: null,
      state: null,
      zipcode: '93291',
    });
    expect(await api(admin, 'organization.get', { params: { id: area } })).toMatchObject({
      name: 'Partial Two',
      address: null,
      city: 'Tulare',
      state: null,
      zipcode: '93291',
    });
    // Bad values are still refused, and a blank name is not a way to leave the name out.
    expect((await call(admin, 'PUT', '/api/organization', { id: area, zipcode: '12' })).status).toBe(400);
    expect((await call(admin, 'PUT', '/api/organization', { id: area, name: ' ' })).status).toBe(400);
    expect((await call(admin, 'PUT', '/api/organization', { id: area, city: 7 })).status).toBe(400);
  });

  it('answer the name of their management company', async () => {
    expect(await api(areaManagerA, 'organization.managementCompanyName', { params: { id: northA } })).toEqual(
      { id: companyA, name: 'Acme' },
    );
    expect((await call(managerB, 'GET', `/api/organization/managementCompany-name/${northA}`)).status).toBe(
      404,
    );
  });

  it('are listed by user: the areas of that user’s scope that the caller may see', async () => {
    const organizationsOf = (who: Person, userId: number) =>
      api(who, 'organization.allByUser', { params: { userId } });
    expect((await organizationsOf(areaManagerA, areaManagerA.id)).map((a) => a.id)).toEqual([northA]);
    const companyWide = await organizationsOf(managerA, managerA.id);
    expect(companyWide.map((a) => a.id).sort()).toEqual([northA, southA].sort());
    expect((await call(managerB, 'GET', `/api/organization/organizations/${managerA.id}`)).status).toBe(404);
    expect(await organizationsOf(managerOfLocation, managerOfLocation.id)).toEqual([]);
  });

  it('are paged and searched by user', async () => {
    const pageOf = (query: { limit: number; offset?: number; searchTerm?: string }) =>
      api(managerA, 'organization.someByUser', { params: { userId: managerA.id }, query });
    expect(await pageOf({ limit: 1, offset: 1 })).toMatchObject({
      totalCount: 2,
      organizations: [{ id: southA }],
    });
    expect(await pageOf({ limit: 5, searchTerm: 'clovis' })).toMatchObject({
      totalCount: 1,
      organizations: [{ id: northA }],
    });
    expect(
      (await call(managerA, 'GET', `/api/organization/some/by-user/${managerA.id}?limit=500`)).status,
    ).toBe(400);
  });

  it("are listed whole to an Admin a page at a time from the stage's index, with their totals", async () => {
    const pageOf = (who: Person, query: { limit: number; offset?: number; searchTerm?: string }) =>
      api(who, 'organization.someByUser', { params: { userId: who.id }, query });
    const all = await api(admin, 'organization.allByUser', { params: { userId: admin.id } });
    expect(all.map((a) => a.id)).toEqual(expect.arrayContaining([northA, southA, organizationB]));
    const first = await pageOf(admin, { limit: 2 });
    const rest = await pageOf(admin, { limit: 50, offset: 2 });
    expect(first.totalCount).toBe(all.length);
    expect([...first.organizations, ...rest.organizations]).toEqual(all);
    const bolt = await pageOf(admin, { limit: 10, searchTerm: 'BOLT' });
    expect(bolt).toMatchObject({
      totalCount: 1,
      organizations: [{ id: organizationB, managementCompanyName: 'Bolt' }],
    });
    // A company's manager pages their own company's areas, none of another's.
    const ofA = await pageOf(managerA, { limit: 50 });
    expect(ofA.organizations.map((a) => a.id).sort()).toEqual([northA, southA].sort());
    expect((await pageOf(managerA, { limit: 50, searchTerm: 'bolt' })).totalCount).toBe(0);
  });

  it("are searched of one management company when asked (the user forms' Areas picker): it only narrows, and an unseen company is 404", async () => {
    const ofCompany = (who: Person, userId: number, managementCompanyId: number, searchTerm?: string) =>
      api(who, 'organization.someByUser', {
        params: { userId },
        query: { limit: 20, managementCompanyId, ...(searchTerm ? { searchTerm } : {}) },
      });
    const ids = (page: { organizations: { id: number }[] }) => page.organizations.map((a) => a.id);

    // A Super User's whole stage, one company at a time, by name, and searched within it.
    expect(ids(await ofCompany(admin, admin.id, companyA))).toEqual([northA, southA]);
    expect(ids(await ofCompany(admin, admin.id, companyB))).toEqual([organizationB]);
    expect(await ofCompany(admin, admin.id, companyA, 'SOUTH')).toMatchObject({
      totalCount: 1,
      organizations: [{ id: southA, managementCompanyId: companyA }],
    });
    expect(await ofCompany(admin, admin.id, companyB, 'south')).toEqual({ organizations: [], totalCount: 0 });
    // Paged: the limit caps the page, the total counts the company's matches.
    const first = await api(admin, 'organization.someByUser', {
      params: { userId: admin.id },
      query: { limit: 1, offset: 1, managementCompanyId: companyA },
    });
    expect(first).toMatchObject({ totalCount: 2, organizations: [{ id: southA }] });

    // A company's manager: their own company; another's is not found, so the filter cannot widen.
    expect(ids(await ofCompany(managerA, managerA.id, companyA))).toEqual([northA, southA]);
    const widen = `/api/organization/some/by-user/${managerA.id}?limit=5&managementCompanyId=${companyB}`;
    expect((await call(managerA, 'GET', widen)).status).toBe(404);
    // An Area Manager's filter narrows their own areas: the company's other areas stay out.
    expect(ids(await ofCompany(areaManagerA, areaManagerA.id, companyA))).toEqual([northA]);
    // It narrows the scope of the user asked about: a company manager's areas of another company are none.
    expect(await ofCompany(admin, managerA.id, companyB)).toEqual({ organizations: [], totalCount: 0 });

    const asked = (value: string) =>
      call(admin, 'GET', `/api/organization/some/by-user/${admin.id}?limit=5&managementCompanyId=${value}`);
    for (const bad of ['abc', '-1', '0', '1.5']) expect((await asked(bad)).status).toBe(400);
    expect((await asked('999999')).status).toBe(404);
  });

  it('are listed by company for that company only', async () => {
    expect(
      (await call(managerB, 'GET', `/api/organization/all/by-management-company/${companyA}`)).status,
    ).toBe(404);
    const forAreaManager = await api(areaManagerA, 'organization.allByManagementCompany', {
      params: { id: companyA },
    });
    expect(forAreaManager.map((a) => a.id)).toEqual([northA]);
  });

  it('are deleted by company managers once empty', async () => {
    expect((await call(areaManagerA, 'DELETE', `/api/organization/${northA}`)).status).toBe(403);
    expect((await call(managerA, 'DELETE', `/api/organization/${northA}`)).status).toBe(409);
    expect((await call(managerB, 'DELETE', `/api/organization/${southA}`)).status).toBe(404);
    expect(await api(managerA, 'organization.delete', { params: { id: southA } })).toEqual({
      success: true,
      id: southA,
    });
    expect((await call(managerA, 'GET', `/api/organization/${southA}`)).status).toBe(404);
  });
});
