import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import { dataFromEnv } from '@sitewalk/functions/composition';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let admin: Person;
let managerA: Person;
let areaManagerA: Person;
let managerOfLocation: Person;
let managerB: Person;
let companyA: number;
let companyB: number;
let northA: number;
let southA: number;
let areaB: number;

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  const company = (name: string) => ({ name, email: 'hq@example.com' });
  companyA = id(await call(admin, 'POST', '/api/managementCompany', company('Acme')));
  companyB = id(await call(admin, 'POST', '/api/managementCompany', company('Bolt')));
  managerA = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyA });
  managerB = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyB });
  northA = id(
    await call(managerA, 'POST', '/api/organization', {
      name: 'North',
      managementCompanyId: companyA,
      city: 'Fresno',
      zipcode: '93650',
    }),
  );
  southA = id(
    await call(managerA, 'POST', '/api/organization', { name: 'south', managementCompanyId: companyA }),
  );
  areaB = id(
    await call(managerB, 'POST', '/api/organization', {
      name: 'Bolt Central',
      managementCompanyId: companyB,
    }),
  );
  areaManagerA = await person(t.host.url, Role.AreaManager, {
    managementCompanyId: companyA,
    organizations: [{ organizationId: northA, managementCompanyId: companyA }],
  });
  // A location in North, written straight to the table (the location API is tested on its own).
  await dataFromEnv()
    .entities.location.create({
      locationId: 501,
      managementCompanyId: companyA,
      organizationId: northA,
      name: 'Fresno North',
      address: '1 Main St',
      city: 'Fresno',
      state: 'CA',
      zipcode: '93650',
      latitude: 36.8,
      longitude: -119.7,
    })
    .go();
  managerOfLocation = await person(t.host.url, Role.Manager, {
    managementCompanyId: companyA,
    locations: [{ locationId: 501, organizationId: northA, managementCompanyId: companyA }],
  });
});
afterAll(() => t.host.close());

describe('areas', () => {
  it('carry their company name and totals', async () => {
    const north = await call(managerA, 'GET', `/api/organization/${northA}`);
    expect(north.status).toBe(200);
    expect(north.body).toMatchObject({
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
    expect((await call(areaManagerA, 'GET', `/api/organization/${northA}`)).status).toBe(200);
    expect((await call(areaManagerA, 'GET', `/api/organization/${southA}`)).status).toBe(404);
    expect((await call(managerB, 'GET', `/api/organization/${northA}`)).status).toBe(404);
    expect((await call(managerA, 'GET', `/api/organization/${areaB}`)).status).toBe(404);
    expect((await call(managerOfLocation, 'GET', `/api/organization/${northA}`)).status).toBe(403); // below the least role
  });

  it('are renamed by their area manager and keep their place in the name order', async () => {
    const renamed = await call(areaManagerA, 'PUT', '/api/organization', {
      id: northA,
      name: 'Alpha North',
      city: 'Clovis',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Alpha North', city: 'Clovis', zipcode: '93650' });
    const list = await call(managerA, 'GET', `/api/organization/all/by-management-company/${companyA}`);
    expect((list.body as unknown as { name: string }[]).map((a) => a.name)).toEqual(['Alpha North', 'south']);
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
    const company = id(
      await call(admin, 'POST', '/api/managementCompany', { name: 'Partial Co', email: 'p@example.com' }),
    );
    const area = id(
      await call(admin, 'POST', '/api/organization', {
        name: 'Partial',
        managementCompanyId: company,
        address: '9 Elm St',
        city: 'Visalia',
        state: 'CA',
        zipcode: '93291',
      }),
    );
    const full = { address: '9 Elm St', city: 'Visalia', state: 'CA', zipcode: '93291' };
    const renamed = await call(admin, 'PUT', '/api/organization', { id: area, name: 'Partial Two' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Partial Two', ...full });
    const moved = await call(admin, 'PUT', '/api/organization', { id: area, city: 'Tulare' });
    expect(moved.body).toMatchObject({ name: 'Partial Two', ...full, city: 'Tulare' });
    const cleared = await call(admin, 'PUT', '/api/organization', { id: area, address: null, state: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ name: 'Partial Two', address: null, state: null, zipcode: '93291' });
    expect((await call(admin, 'GET', `/api/organization/${area}`)).body).toMatchObject({
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
    expect(
      (await call(areaManagerA, 'GET', `/api/organization/managementCompany-name/${northA}`)).body,
    ).toEqual({ id: companyA, name: 'Acme' });
    expect((await call(managerB, 'GET', `/api/organization/managementCompany-name/${northA}`)).status).toBe(
      404,
    );
  });

  it('are listed by user: the areas of that user’s scope that the caller may see', async () => {
    const own = await call(areaManagerA, 'GET', `/api/organization/organizations/${areaManagerA.id}`);
    expect((own.body as unknown as { id: number }[]).map((a) => a.id)).toEqual([northA]);
    const companyWide = await call(managerA, 'GET', `/api/organization/organizations/${managerA.id}`);
    expect((companyWide.body as unknown as { id: number }[]).map((a) => a.id).sort()).toEqual(
      [northA, southA].sort(),
    );
    expect((await call(managerB, 'GET', `/api/organization/organizations/${managerA.id}`)).status).toBe(404);
    expect(
      (await call(managerOfLocation, 'GET', `/api/organization/organizations/${managerOfLocation.id}`)).body,
    ).toEqual([]);
  });

  it('are paged and searched by user', async () => {
    const page = await call(
      managerA,
      'GET',
      `/api/organization/some/by-user/${managerA.id}?limit=1&offset=1`,
    );
    expect(page.body).toMatchObject({ totalCount: 2, organizations: [{ id: southA }] });
    const searched = await call(
      managerA,
      'GET',
      `/api/organization/some/by-user/${managerA.id}?limit=5&searchTerm=clovis`,
    );
    expect(searched.body).toMatchObject({ totalCount: 1, organizations: [{ id: northA }] });
    expect(
      (await call(managerA, 'GET', `/api/organization/some/by-user/${managerA.id}?limit=500`)).status,
    ).toBe(400);
  });

  it('are listed by company for that company only', async () => {
    expect(
      (await call(managerB, 'GET', `/api/organization/all/by-management-company/${companyA}`)).status,
    ).toBe(404);
    const forAreaManager = await call(
      areaManagerA,
      'GET',
      `/api/organization/all/by-management-company/${companyA}`,
    );
    expect((forAreaManager.body as unknown as { id: number }[]).map((a) => a.id)).toEqual([northA]);
  });

  it('are deleted by company managers once empty', async () => {
    expect((await call(areaManagerA, 'DELETE', `/api/organization/${northA}`)).status).toBe(403);
    expect((await call(managerA, 'DELETE', `/api/organization/${northA}`)).status).toBe(409);
    expect((await call(managerB, 'DELETE', `/api/organization/${southA}`)).status).toBe(404);
    expect((await call(managerA, 'DELETE', `/api/organization/${southA}`)).body).toEqual({
      success: true,
      id: southA,
    });
    expect((await call(managerA, 'GET', `/api/organization/${southA}`)).status).toBe(404);
  });
});
