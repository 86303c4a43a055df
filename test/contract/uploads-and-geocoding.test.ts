import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import type { UploadTicket } from '@sitewalk/shared/schemas/common';
import { apiAs, type Api } from '../support/api.ts';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';
import { seedTenant } from '../support/site.ts';
import { dataFromEnv, storageFromEnv } from '@sitewalk/functions/composition';
import { ownerPrefix } from '@sitewalk/functions/ports/storage';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let api: Api;
let admin: Person;
let ownerA: Person;
let employeeA: Person;
let managerB: Person;
let companyA: number;
let organizationA: number;

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(96, 7)]);

/** Sends the file to a presigned PUT exactly as the spec's client does: its headers, no Authorization. */
const upload = async (ticket: UploadTicket, body: Buffer) =>
  fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body });
/** The query of a presigned upload of `png`. */
const pngUpload = { contentType: 'image/png', contentLength: png.length } as const;

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  api = apiAs(t.host.url);
  admin = await person(t.host.url, Role.Admin);
  const tenantA = await seedTenant(t.host.url, { by: admin });
  ({ companyId: companyA, organizationId: organizationA } = tenantA);
  ownerA = await tenantA.person(Role.Owner);
  // Of the company, at none of its locations.
  employeeA = await person(t.host.url, Role.Employee, { managementCompanyId: companyA });
  managerB = await (await seedTenant(t.host.url, { by: admin })).person(Role.CompanyManager);
});
afterAll(() => t.host.close());

describe('logos', () => {
  it('upload through a presigned PUT that signs type and size, under the tenant prefix, and view through a short-lived URL', async () => {
    const params = { id: companyA, name: 'logo' };
    expect(await api(ownerA, 'managementCompany.logo', { params })).toMatchObject({ url: null });
    const ticket = await api(ownerA, 'managementCompany.logoUpload', { params, query: pngUpload });
    expect(ticket.key).toMatch(new RegExp(`^tenants/${companyA}/company-logo/${companyA}/[0-9a-f]+\\.png$`));
    expect(ticket.headers).toEqual({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'if-none-match': '*',
    });
    // Write-once (issue 27): S3 refuses the PUT when an object is at the key already.
    const signed = new URL(ticket.uploadUrl).searchParams.get('X-Amz-SignedHeaders') ?? '';
    expect(signed.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'if-none-match']),
    );
    expect((await upload(ticket, png)).status).toBe(200);

    const view = await api(employeeA, 'managementCompany.logo', { params });
    const image = await fetch(String(view.url));
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await api(ownerA, 'managementCompany.get', { params: { id: companyA } })).hasLogo).toBe(true);
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
    const ticket = await api(ownerA, 'managementCompany.logoUpload', {
      params: { id: companyA, name: 'logo' },
      query: { contentType: 'image/jpeg', contentLength: 1_000_000 },
    });
    expect(ticket.headers['content-length']).toBe('1000000');
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
    const params = { id: organizationA, name: 'logo' };
    const ticket = await api(ownerA, 'organization.logoUpload', {
      params,
      query: { contentType: 'image/jpeg', contentLength: png.length },
    });
    expect(ticket.key).toMatch(new RegExp(`^tenants/${companyA}/organization-logo/${organizationA}/`));
    await upload(ticket, png);
    const view = await api(ownerA, 'organization.logo', { params });
    expect((await fetch(String(view.url))).status).toBe(200);
    expect((await call(managerB, 'GET', `/api/organization/logo/${organizationA}/logo`)).status).toBe(404);
  });

  it("keep showing an area's logo uploaded under the old 'area-logo' prefix, and delete it with the area", async () => {
    const { id: organizationId } = await api(admin, 'organization.create', {
      body: { name: 'Old Area', managementCompanyId: companyA },
    });
    const legacyKey = `${ownerPrefix(companyA, 'area-logo', organizationId)}old.png`;
    const storage = storageFromEnv();
    const legacy = await storage.presignUpload({
      key: legacyKey,
      contentType: 'image/png',
      contentLength: png.length,
      expiresIn: 60,
    });
    expect((await upload(legacy, png)).status).toBe(200);
    const organizations = dataFromEnv().entities.organization;
    await organizations.patch({ organizationId }).set({ logoKey: legacyKey }).go();
    const params = { id: organizationId, name: 'logo' };
    const view = await api(ownerA, 'organization.logo', { params });
    expect(Buffer.from(await (await fetch(String(view.url))).arrayBuffer())).toEqual(png);
    await api(ownerA, 'organization.delete', { params: { id: organizationId } });
    expect(await storage.exists(legacyKey)).toBe(false);
  });
});

describe('profile images', () => {
  it('are uploaded by the user or someone above them, and viewed in scope', async () => {
    const params = { userId: employeeA.id, name: 'Pat-Lee' };
    const own = await api(employeeA, 'user.profilePictureUpload', { params, query: pngUpload });
    expect(own.key).toMatch(new RegExp(`^tenants/${companyA}/profile-image/${employeeA.id}/`));
    await upload(own, png);
    const view = await api(ownerA, 'user.profilePicture', { params });
    expect((await fetch(String(view.url))).status).toBe(200);
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
    const forEmployee = await api(ownerA, 'user.profilePictureUpload', {
      params: { userId: employeeA.id, name: 'x' },
      query: { contentType: 'image/png', contentLength: 10 },
    });
    expect(forEmployee.key).toMatch(new RegExp(`^tenants/${companyA}/profile-image/${employeeA.id}/`));
    expect((await call(managerB, 'GET', `/api/user/profile-image/${employeeA.id}/Pat-Lee`)).status).toBe(404);
  });
});

describe('geocoding', () => {
  it('answers an address with its ZIP code centre, marked approximate, on the local host', async () => {
    const answer = await api(ownerA, 'geo.geocode', { query: { address: '2250 Main St, Fresno, CA 93650' } });
    expect(answer).toMatchObject({ approximate: true });
    expect(Math.abs(answer.lat - 36.84)).toBeLessThan(0.2);
    expect(Math.abs(answer.lng + 119.8)).toBeLessThan(0.3);
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
    const image = { userId: employee.id, name: 'x' };
    await upload(await api(ownerA, 'user.profilePictureUpload', { params: image, query: pngUpload }), png);
    const imageUrl = String((await api(ownerA, 'user.profilePicture', { params: image })).url);
    await api(ownerA, 'user.delete', { params: { id: employee.id } });
    expect((await fetch(imageUrl)).status).toBe(404);

    const gone = await api(admin, 'managementCompany.create', {
      body: { name: 'Gone', email: 'g@example.com' },
    });
    const logo = { id: gone.id, name: 'logo' };
    await upload(await api(admin, 'managementCompany.logoUpload', { params: logo, query: pngUpload }), png);
    const logoUrl = String((await api(admin, 'managementCompany.logo', { params: logo })).url);
    await api(admin, 'managementCompany.delete', { params: { id: gone.id } });
    expect((await fetch(logoUrl)).status).toBe(404);
  });
});
