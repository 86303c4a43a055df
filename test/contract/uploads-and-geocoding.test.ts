import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let admin: Person;
let ownerA: Person;
let employeeA: Person;
let managerB: Person;
let companyA: number;
let areaA: number;

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(96, 7)]);
const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);

/** Sends the file to a presigned PUT exactly as the spec's client does: its headers, no Authorization. */
const upload = async (ticket: { uploadUrl: string; headers: Record<string, string> }, body: Buffer) =>
  fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body });

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  companyA = id(
    await call(admin, 'POST', '/api/managementCompany', { name: 'Acme', email: 'a@example.com' }),
  );
  const companyB = id(
    await call(admin, 'POST', '/api/managementCompany', { name: 'Bolt', email: 'b@example.com' }),
  );
  ownerA = await person(t.host.url, Role.Owner, { managementCompanyId: companyA });
  employeeA = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
  managerB = await person(t.host.url, Role.CompanyManager, { managementCompanyId: companyB });
  areaA = id(
    await call(ownerA, 'POST', '/api/organization', { name: 'North', managementCompanyId: companyA }),
  );
});
afterAll(() => t.host.close());

describe('logos', () => {
  it('upload through a presigned PUT that signs type and size, under the tenant prefix, and view through a short-lived URL', async () => {
    expect((await call(ownerA, 'GET', `/api/managementCompany/logo/${companyA}/logo`)).body).toMatchObject({
      url: null,
    });
    const ticket = await call(
      ownerA,
      'GET',
      `/api/managementCompany/update/logo/${companyA}/logo?contentType=image/png&contentLength=${png.length}`,
    );
    expect(ticket.status).toBe(200);
    expect(String(ticket.body.key)).toMatch(
      new RegExp(`^tenants/${companyA}/company-logo/${companyA}/[0-9a-f]+\\.png$`),
    );
    expect(ticket.body.headers).toEqual({
      'content-type': 'image/png',
      'content-length': String(png.length),
    });
    const signed = new URL(String(ticket.body.uploadUrl)).searchParams.get('X-Amz-SignedHeaders') ?? '';
    expect(signed.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type']));
    expect((await upload(ticket.body as never, png)).status).toBe(200);

    const view = await call(employeeA, 'GET', `/api/managementCompany/logo/${companyA}/logo`);
    const image = await fetch(String(view.body.url));
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await call(ownerA, 'GET', `/api/managementCompany/${companyA}`)).body.hasLogo).toBe(true);
  });

  it.each([
    ['image/png', '1000001', messages.upload.fileTooLarge],
    ['image/svg+xml', '100', messages.upload.invalidFileType],
    ['application/pdf', '100', messages.upload.invalidFileType],
  ])('refuses %s of %s bytes before signing', async (contentType, size, message) => {
    const answer = await call(
      ownerA,
      'GET',
      `/api/managementCompany/update/logo/${companyA}/logo?contentType=${contentType}&contentLength=${size}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it('accepts exactly 1,000,000 bytes', async () => {
    expect(
      (
        await call(
          ownerA,
          'GET',
          `/api/managementCompany/update/logo/${companyA}/logo?contentType=image/jpeg&contentLength=1000000`,
        )
      ).status,
    ).toBe(200);
  });

  it("keeps other tenants and employees away from a company's logo upload", async () => {
    const q = '?contentType=image/png&contentLength=100';
    expect(
      (await call(managerB, 'GET', `/api/managementCompany/update/logo/${companyA}/logo${q}`)).status,
    ).toBe(403);
    expect((await call(managerB, 'GET', `/api/managementCompany/logo/${companyA}/logo`)).status).toBe(404);
    expect(
      (await call(employeeA, 'GET', `/api/managementCompany/update/logo/${companyA}/logo${q}`)).status,
    ).toBe(403);
  });

  it('work the same for areas', async () => {
    const ticket = await call(
      ownerA,
      'GET',
      `/api/organization/update/logo/${areaA}/logo?contentType=image/jpeg&contentLength=${png.length}`,
    );
    expect(String(ticket.body.key)).toMatch(new RegExp(`^tenants/${companyA}/area-logo/${areaA}/`));
    await upload(ticket.body as never, png);
    const view = await call(ownerA, 'GET', `/api/organization/logo/${areaA}/logo`);
    expect((await fetch(String(view.body.url))).status).toBe(200);
    expect((await call(managerB, 'GET', `/api/organization/logo/${areaA}/logo`)).status).toBe(404);
  });
});

describe('profile images', () => {
  it('are uploaded by the user or someone above them, and viewed in scope', async () => {
    const own = await call(
      employeeA,
      'GET',
      `/api/user/update/profile-image/${employeeA.id}/Pat-Lee?contentType=image/png&contentLength=${png.length}`,
    );
    expect(String(own.body.key)).toMatch(new RegExp(`^tenants/${companyA}/profile-image/${employeeA.id}/`));
    await upload(own.body as never, png);
    const view = await call(ownerA, 'GET', `/api/user/profile-image/${employeeA.id}/Pat-Lee`);
    expect((await fetch(String(view.body.url))).status).toBe(200);
    // The employee shares no location with the owner, so cannot even see them.
    expect(
      (
        await call(
          employeeA,
          'GET',
          `/api/user/update/profile-image/${ownerA.id}/x?contentType=image/png&contentLength=10`,
        )
      ).status,
    ).toBe(404);
    const forEmployee = await call(
      ownerA,
      'GET',
      `/api/user/update/profile-image/${employeeA.id}/x?contentType=image/png&contentLength=10`,
    );
    expect(forEmployee.status).toBe(200);
    expect((await call(managerB, 'GET', `/api/user/profile-image/${employeeA.id}/Pat-Lee`)).status).toBe(404);
  });
});

describe('geocoding', () => {
  it('answers an address with its ZIP code centre, marked approximate, on the local host', async () => {
    const answer = await call(
      ownerA,
      'GET',
      `/api/geo/geocode?address=${encodeURIComponent('2250 Main St, Fresno, CA 93650')}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ approximate: true });
    expect(Math.abs(Number(answer.body.lat) - 36.84)).toBeLessThan(0.2);
    expect(Math.abs(Number(answer.body.lng) + 119.8)).toBeLessThan(0.3);
  });

  it("answers an address it cannot place with the spec's message", async () => {
    const answer = await call(ownerA, 'GET', '/api/geo/geocode?address=nowhere%20at%20all');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(`${messages.geocode.failed}ZERO_RESULTS`);
  });

  it('needs an address and an area manager or above', async () => {
    expect((await call(ownerA, 'GET', '/api/geo/geocode')).status).toBe(400);
    expect((await call(employeeA, 'GET', '/api/geo/geocode?address=93650')).status).toBe(403);
  });
});

describe('files follow their owners', () => {
  it("deletes a user's profile image and a company's logo with them", async () => {
    const employee = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
    const ticket = await call(
      ownerA,
      'GET',
      `/api/user/update/profile-image/${employee.id}/x?contentType=image/png&contentLength=${png.length}`,
    );
    await upload(ticket.body as never, png);
    const imageUrl = String((await call(ownerA, 'GET', `/api/user/profile-image/${employee.id}/x`)).body.url);
    expect((await call(ownerA, 'DELETE', `/api/user/${employee.id}`)).status).toBe(200);
    expect((await fetch(imageUrl)).status).toBe(404);

    const gone = id(
      await call(admin, 'POST', '/api/managementCompany', { name: 'Gone', email: 'g@example.com' }),
    );
    const logo = await call(
      admin,
      'GET',
      `/api/managementCompany/update/logo/${gone}/logo?contentType=image/png&contentLength=${png.length}`,
    );
    await upload(logo.body as never, png);
    const logoUrl = String((await call(admin, 'GET', `/api/managementCompany/logo/${gone}/logo`)).body.url);
    expect((await call(admin, 'DELETE', `/api/managementCompany/${gone}`)).status).toBe(200);
    expect((await fetch(logoUrl)).status).toBe(404);
  });
});
