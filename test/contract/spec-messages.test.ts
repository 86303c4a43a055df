import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import { routes } from '@sitewalk/shared/contract/index';
import type { RouteDef } from '@sitewalk/shared/contract/route';
import { apiAs } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';

/**
 * The specs' exact messages for a missing body and for missing fields (both specs'
 * validation rules), in `message` and under the field in validationErrors.
 */

let t: TestHost;
let call: ReturnType<typeof callAs>;
let admin: Person;
let companyId: number;
let organizationId: number;
let locationId: number;
let incidentId: number;

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);
const v = messages.validation;

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  ({ companyId, organizationId, locationId } = await seedTenant(t.host.url, { by: admin, label: 'Msgs' }));
  incidentId = id(await call(admin, 'POST', '/api/incident', { locationId, typeId: 3 }));
});
afterAll(() => t.host.close());

describe('a call without its body', () => {
  const cases: [string, string, () => string, string][] = [
    ['POST', '/api/incident', () => '/api/incident', v.missingIncidentInfo],
    ['PUT', '/api/incident', () => '/api/incident', v.missingIncidentInfo],
    ['POST', '/api/incident/note', () => '/api/incident/note', v.missingIncidentInfo],
    ['PUT', '/api/incident/{id}/resolve', () => `/api/incident/${incidentId}/resolve`, v.missingIncidentInfo],
    ['POST', '/api/user/employee', () => '/api/user/employee', v.noUserInfo],
    ['POST', '/api/user/manager', () => '/api/user/manager', v.noUserInfo],
    ['PUT', '/api/user/update/user/{id}', () => `/api/user/update/user/${admin.id}`, v.noUserInfo],
    ['POST', '/api/managementCompany', () => '/api/managementCompany', v.noManagementCompanyInfo],
    ['PUT', '/api/managementCompany', () => '/api/managementCompany', v.noManagementCompanyInfo],
    ['POST', '/api/organization', () => '/api/organization', v.noOrganizationInfo],
    ['PUT', '/api/organization', () => '/api/organization', v.noAreaInfo],
  ];

  it.each(
    cases.flatMap(([method, path, url, message]) =>
      [undefined, null].map(
        (body) => [method, path, body === null ? 'a null body' : 'no body', url, message, body] as const,
      ),
    ),
  )('%s %s answers the spec message to %s', async (method, path, _, url, message, body) => {
    const route = Object.values(routes as Record<string, RouteDef>).find(
      (r) => r.method === method && r.path === path,
    );
    expect(route?.missingBody, 'the contract says what a missing body answers').toBe(message);
    const answer = await call(admin, method as 'POST', url(), body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      error: 'Bad Request',
      message,
      validationErrors: { body: [message] },
    });
  });

  it('still checks who may call first: no token is 401, not the body message', async () => {
    expect((await call(null, 'POST', '/api/incident')).status).toBe(401);
  });
});

describe('a body without a required field', () => {
  const refused = async (path: string, body: Record<string, unknown>, field: string, message: string) => {
    const answer = await call(admin, 'POST', path, body);
    expect(answer.status, `${path} ${field}`).toBe(400);
    expect((answer.body.validationErrors as Record<string, string[]>)[field], field).toEqual([message]);
    expect(answer.body.message).toContain(`${field}: ${message}`);
  };
  const site = {
    name: 'New site',
    address: '2 Main St',
    city: 'Fresno',
    state: 'CA',
    zipcode: '93650',
    latitude: 36.8,
    longitude: -119.7,
  };

  it("answers 'Please select an Area' for a location without its area", async () => {
    await refused('/api/location', site, 'organizationId', v.selectArea);
    await refused('/api/location', { ...site, organizationId: null }, 'organizationId', v.selectArea);
  });

  it.each(
    ['city', 'state', 'zipcode'].flatMap((field) => [undefined, ''].map((value) => [field, value] as const)),
  )("answers 'Please fill out all fields' for a location whose %s is %j", async (field, value) => {
    await refused('/api/location', { ...site, organizationId, [field]: value }, field, v.fillAllFields);
  });

  it('keeps its own message for a zipcode given but malformed', async () => {
    await refused('/api/location', { ...site, organizationId, zipcode: '123' }, 'zipcode', v.invalidZipcode);
  });

  it("answers 'Please select a management company' for an area without its company", async () => {
    await refused(
      '/api/organization',
      { name: 'No company' },
      'managementCompanyId',
      v.selectManagementCompany,
    );
  });

  it("answers 'Invalid source ID' for adding users without the location or area", async () => {
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyId });
    await refused('/api/user/add-to-location', { userIds: [employee.id] }, 'locationId', v.invalidSourceId);
    await refused(
      '/api/user/add-to-location',
      { userIds: [employee.id], locationId: 0 },
      'locationId',
      v.invalidSourceId,
    );
    await refused(
      '/api/user/add-to-organization',
      { userIds: [employee.id] },
      'organizationId',
      v.invalidSourceId,
    );
  });
});

describe('GET /api/user/{id}', () => {
  it.each(['0', '-1', 'abc', '1.5'])("answers 'Invalid user ID' for %s", async (bad) => {
    const answer = await call(admin, 'GET', `/api/user/${bad}`);
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toEqual({ id: [v.invalidUserId] });
    expect(answer.body.message).toBe(`id: ${v.invalidUserId}`);
  });

  it('answers a user by a plain id', async () => {
    expect((await apiAs(t.host.url)(admin, 'user.get', { params: { id: admin.id } })).id).toBe(admin.id);
  });
});
