import { vi } from 'vitest';
import type { Location } from '@sitewalk/shared/schemas/location';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import type { User } from '@sitewalk/shared/schemas/user';
import { roleNames, type RoleId } from '@sitewalk/shared/roles';
import { createFakeFetch, type FakeHandlers } from '../../../testing/fake-api.ts';
import { errorResponse } from '../../../testing/test-utils.tsx';

export const aPerson = (roleId: RoleId, overrides: Partial<User> = {}): User => ({
  id: 100 + roleId,
  firstName: 'Robin',
  lastName: roleNames[roleId].replace(/\s/g, ''),
  email: `role${roleId}@example.com`,
  phone: null,
  roleId,
  roleName: roleNames[roleId],
  needsPasswordReset: false,
  companyEmail: false,
  createdAt: '2026-03-04T10:00:00.000Z',
  defaultLocationId: null,
  managementCompanyId: roleId >= 45 ? null : 1,
  managementCompany: roleId >= 45 ? null : { name: 'Acme Storage' },
  userToLocation: [],
  userToOrganization: [],
  hasProfileImage: false,
  hasPin: false,
  ...overrides,
});

export const aCompany = (id: number, name: string): ManagementCompany => ({
  id,
  name,
  email: `c${id}@example.com`,
  phone: null,
  website: null,
  hasLogo: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  mfaRequiredRoles: [],
  mfaRequiredByStage: [],
});

export const anArea = (id: number, name: string, managementCompanyId = 1): Organization => ({
  id,
  name,
  createdAt: '2026-01-01T00:00:00.000Z',
  hasLogo: false,
  managementCompanyId,
  managementCompanyName: 'Acme Storage',
  totalLocations: 1,
  totalEmployees: 1,
  address: null,
  city: null,
  state: null,
  zipcode: null,
});

export const aLocation = (
  id: number,
  name: string,
  organizationId = 11,
  managementCompanyId = 1,
): Location => ({
  id,
  name,
  address: '1 Main St',
  city: 'Fresno',
  state: 'CA',
  zipcode: '93650',
  latitude: 36.8,
  longitude: -119.7,
  zoomLevel: 15,
  organizationId,
  organizationName: 'North',
  managementCompanyId,
  managementCompanyName: 'Acme Storage',
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The places every form test offers: one company with two areas and two locations. */
export const placeHandlers = (
  companies = [aCompany(1, 'Acme Storage')],
  areas = [anArea(11, 'North'), anArea(12, 'South')],
  locations = [aLocation(21, 'Harbor'), aLocation(22, 'Hilltop', 12)],
): FakeHandlers => ({
  'managementCompany.allByUser': () => ({ companies }),
  'organization.allByUser': () => areas,
  'location.allByUser': () => locations,
});

/**
 * The contract's fake API, where `refuse` answers a route with the full error envelope (validationErrors
 * included, which `fakeError` leaves out).
 */
export const stubApi = (
  handlers: FakeHandlers,
  refuse: Record<
    string,
    { status: number; error: string; message: string; validationErrors?: Record<string, string[] | number> }
  > = {},
) => {
  const fake = createFakeFetch(handlers);
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const answer = refuse[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (answer) {
      await fake.fetch(input, init); // recorded like any other call
      return errorResponse(
        answer.status,
        answer.error,
        answer.message,
        {},
        (answer.validationErrors ?? null) as Record<string, string[]> | null,
      );
    }
    return fake.fetch(input, init);
  };
  vi.stubGlobal('fetch', fetch);
  return fake;
};
