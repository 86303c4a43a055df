import type { Location } from '@sitewalk/shared/schemas/location';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import type { User } from '@sitewalk/shared/schemas/user';
import { roleNames, type RoleId } from '@sitewalk/shared/roles';

/** A user of management company 1 as the API answers it; its role name follows its role. */
export const aPerson = (overrides: Partial<User> & { id: number; roleId?: RoleId }): User => {
  const roleId = overrides.roleId ?? 10;
  return {
    firstName: `First${overrides.id}`,
    lastName: `Last${overrides.id}`,
    email: `person${overrides.id}@example.com`,
    phone: null,
    roleName: roleNames[roleId],
    needsPasswordReset: false,
    companyEmail: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    defaultLocationId: null,
    managementCompanyId: 1,
    managementCompany: { name: 'Acme Storage' },
    userToLocation: [],
    userToOrganization: [],
    hasProfileImage: false,
    hasPin: false,
    ...overrides,
    roleId,
  };
};

export const anArea = (overrides: Partial<Organization> = {}): Organization => ({
  id: 3,
  name: 'North Area',
  createdAt: '2026-02-03T10:00:00.000Z',
  hasLogo: false,
  managementCompanyId: 1,
  managementCompanyName: 'Acme Storage',
  totalLocations: 0,
  totalEmployees: 0,
  address: null,
  city: null,
  state: null,
  zipcode: null,
  ...overrides,
});

export const aLocation = (overrides: Partial<Location> = {}): Location => ({
  id: 11,
  name: 'Harbor Self Storage',
  address: '1 Harbor Way',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  latitude: 39.8,
  longitude: -89.6,
  zoomLevel: 16,
  organizationId: 3,
  organizationName: 'North Area',
  managementCompanyId: 1,
  managementCompanyName: 'Acme Storage',
  createdAt: '2026-02-04T10:00:00.000Z',
  ...overrides,
});
