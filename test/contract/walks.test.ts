import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { messages } from '@sitewalk/shared/messages';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';

let t: TestHost;
let call: ReturnType<typeof callAs>;
let manager: Person;
let employee: Person;
let managerB: Person;
let locationA: number;

const id = (answer: { body: Record<string, unknown> }) => Number(answer.body.id);
const marker = (n: number, extra: Record<string, unknown> = {}) => ({
  label: n,
  lat: 36.8 + n / 1000,
  lng: -119.7,
  ...extra,
});

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  const admin = await person(t.host.url, Role.Admin);
  const seed = async (label: string) => {
    const companyId = id(
      await call(admin, 'POST', '/api/managementCompany', { name: label, email: 'x@example.com' }),
    );
    const areaId = id(
      await call(admin, 'POST', '/api/organization', {
        name: `${label} area`,
        managementCompanyId: companyId,
      }),
    );
    const locationId = id(
      await call(admin, 'POST', '/api/location', {
        name: `${label} site`,
        address: '1 Main St',
        city: 'Fresno',
        state: 'CA',
        zipcode: '93650',
        latitude: 36.8,
        longitude: -119.7,
        organizationId: areaId,
      }),
    );
    return {
      companyId,
      areaId,
      locationId,
      at: [{ locationId, organizationId: areaId, managementCompanyId: companyId }],
    };
  };
  const a = await seed('A');
  const b = await seed('B');
  locationA = a.locationId;
  manager = await person(t.host.url, Role.Manager, { managementCompanyId: a.companyId, locations: a.at });
  employee = await person(t.host.url, Role.Employee, { managementCompanyId: a.companyId, locations: a.at });
  managerB = await person(t.host.url, Role.Manager, { managementCompanyId: b.companyId, locations: b.at });
});
afterAll(() => t.host.close());

describe('walks', () => {
  it('are created with markers numbered 1..n in order, ranges flagged, and read back', async () => {
    const created = await call(manager, 'POST', '/api/walk', {
      name: 'Morning round',
      description: 'Gates, then units',
      locationId: locationA,
      markers: [marker(1, { order: 1 }), marker(2, { order: 0, unitNumberRange: '100-120', isDoor: true })],
    });
    expect(created.status).toBe(201);
    const markers = created.body.markers as {
      label: number;
      hasUnitRange: boolean;
      isDoor: boolean;
      id: number;
    }[];
    expect(markers.map((m) => [m.label, m.hasUnitRange, m.isDoor])).toEqual([
      [1, true, true],
      [2, false, false],
    ]);
    expect(new Set(markers.map((m) => m.id)).size).toBe(2);
    expect((await call(employee, 'GET', `/api/walk/${id(created)}`)).body).toEqual(created.body);
  });

  it("refuse bad input with the spec's messages", async () => {
    const base = { name: 'X', locationId: locationA, markers: [marker(1)] };
    expect(
      (await call(manager, 'POST', '/api/walk', { ...base, name: 'x'.repeat(31) })).body.message,
    ).toContain(messages.validation.walkNameTooLong);
    expect((await call(manager, 'POST', '/api/walk', { ...base, markers: [] })).body.message).toContain(
      messages.validation.walkNeedsMarker,
    );
    expect(
      (
        await call(manager, 'POST', '/api/walk', {
          ...base,
          markers: [marker(1, { unitNumberRange: '1-5; A' })],
        })
      ).status,
    ).toBe(400);
  });

  it('are set up by assistant managers and above, at their own locations only', async () => {
    const body = { name: 'Evening', locationId: locationA, markers: [marker(1)] };
    expect((await call(employee, 'POST', '/api/walk', body)).status).toBe(403);
    expect((await call(managerB, 'POST', '/api/walk', body)).status).toBe(404);
  });

  it('are listed per location without deleted ones, updated, and deleted softly', async () => {
    const walkId = id(
      await call(manager, 'POST', '/api/walk', { name: 'Temp', locationId: locationA, markers: [marker(1)] }),
    );
    const updated = await call(manager, 'PUT', '/api/walk', {
      id: walkId,
      name: 'Temp 2',
      locationId: locationA,
      markers: [marker(1), marker(2)],
    });
    expect(updated.body).toMatchObject({ name: 'Temp 2', deletedAt: null });
    expect((updated.body.markers as unknown[]).length).toBe(2);
    expect((await call(managerB, 'GET', `/api/walk/${walkId}`)).status).toBe(404);
    expect((await call(managerB, 'DELETE', `/api/walk/${walkId}`)).status).toBe(404);
    expect((await call(manager, 'DELETE', `/api/walk/${walkId}`)).body).toEqual({
      success: true,
      id: walkId,
    });
    const listed = await call(employee, 'GET', `/api/walk/all/${locationA}`);
    expect((listed.body as unknown as { id: number }[]).some((w) => w.id === walkId)).toBe(false);
    const kept = await call(manager, 'GET', `/api/walk/${walkId}`);
    expect(kept.body.deletedAt).not.toBeNull(); // reports keep their walk
    expect((await call(managerB, 'GET', `/api/walk/all/${locationA}`)).status).toBe(404);
  });
});
