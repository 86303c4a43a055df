import { vi } from 'vitest';
import type { User } from '@sitewalk/shared/schemas/user';
import { roleNames, type RoleId } from '@sitewalk/shared/roles';
import { createFakeFetch, type FakeHandlers } from '../../../testing/fake-api.ts';
import { errorResponse } from '../../../testing/test-utils.tsx';
import { aCompany, anOrganization, aLocation } from '../../../testing/fixtures.ts';

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

/** The places every form test offers: one company with two areas and two locations. */
export const placeHandlers = (
  companies = [aCompany({ id: 1, name: 'Acme Storage' })],
  organizations = [anOrganization({ id: 11, name: 'North' }), anOrganization({ id: 12, name: 'South' })],
  locations = [
    aLocation({ id: 21, name: 'Harbor', organizationId: 11, organizationName: 'North' }),
    aLocation({ id: 22, name: 'Hilltop', organizationId: 12, organizationName: 'South' }),
  ],
): FakeHandlers => ({
  'managementCompany.allByUser': () => ({ companies }),
  'organization.allByUser': () => organizations,
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
