import type * as z from 'zod';
import type { dashboardLocation } from '@sitewalk/shared/schemas/incident';
import type { Location } from '@sitewalk/shared/schemas/location';
import type { PortfolioLocation, PortfolioSummary } from '@sitewalk/shared/schemas/portfolio';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import type { User } from '@sitewalk/shared/schemas/user';
import { Role, roleNames, type RoleId } from '@sitewalk/shared/roles';

type DashboardLocation = z.infer<typeof dashboardLocation>;

/**
 * The companies, areas, locations and people the web tests build, as the API answers them. Each builder
 * takes the fields a test cares about and fills the rest; by default they form one tenant: area 3 ('North
 * Area') and location 11 ('Harbor Self Storage') of management company 1 ('Acme Storage').
 */

export const aCompany = (overrides: Partial<ManagementCompany> = {}): ManagementCompany => ({
  id: 1,
  name: 'Acme Storage',
  email: 'office@acme.test',
  phone: '555-123-4567',
  website: 'https://acme.test',
  hasLogo: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  mfaRequiredRoles: [],
  mfaRequiredByStage: [],
  ...overrides,
});

export const anOrganization = (overrides: Partial<Organization> = {}): Organization => ({
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

/** Area 3's two locations: Harbor Self Storage (11, the default) and Bay Storage (12, in another city). */
export const twoLocations = (): Location[] => [
  aLocation(),
  aLocation({
    id: 12,
    name: 'Bay Storage',
    address: '9 Bay Rd',
    city: 'Shelbyville',
    state: 'KY',
    zipcode: '40065',
  }),
];

/** A location as the dashboard lists it, with its walk report and incident counts. */
export const aDashboardLocation = (overrides: Partial<DashboardLocation> = {}): DashboardLocation => ({
  id: 1,
  name: 'Northside Storage',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  walkReportStats: { last72Hours: 3, lastWeek: 12, flagsLastWeek: 0 },
  incidentCountsByType: { 1: 0, 2: 0, 3: 0 },
  incidents: [],
  ...overrides,
});

/** A location of the dashboard's page: its card, its area ('North Area' unless told) and today's state. */
export const aPortfolioLocation = (overrides: Partial<PortfolioLocation> = {}): PortfolioLocation => ({
  ...aDashboardLocation(),
  organization: { id: 3, name: 'North Area' },
  today: { state: 'noWindows', timeZone: 'America/Chicago', windows: [] },
  openIncidents: { 1: 0, 2: 0, 3: 0 },
  lastLockCheck: null,
  ...overrides,
});

/** The dashboard's summary: every figure zero unless told. */
export const aPortfolioSummary = (overrides: Partial<PortfolioSummary> = {}): PortfolioSummary => ({
  locationCount: 0,
  today: { walked: 0, dueSoon: 0, missed: 0, pending: 0, noWindows: 0 },
  openIncidents: { 1: 0, 2: 0, 3: 0 },
  flaggedReportsLastWeek: 0,
  asOf: '2026-11-24T15:00:00.000Z',
  ...overrides,
});

/**
 * A person as the API answers one: the web tests' one builder of users. A Manager unless told; its role
 * name follows its role; below Admin it belongs to management company 1, Admins and Super Users to none.
 */
export const aPerson = (overrides: Partial<User> = {}): User => {
  const roleId = (overrides.roleId ?? Role.Manager) as RoleId;
  const id = overrides.id ?? 100 + roleId;
  const inCompany = roleId < Role.Admin;
  return {
    id,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    email: `person${id}@example.com`,
    phone: null,
    roleName: roleNames[roleId],
    needsPasswordReset: false,
    companyEmail: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    defaultLocationId: null,
    managementCompanyId: inCompany ? 1 : null,
    managementCompany: inCompany ? { name: 'Acme Storage' } : null,
    userToLocation: [],
    userToOrganization: [],
    hasProfileImage: false,
    hasPin: false,
    ...overrides,
    roleId,
  };
};

/** Ada Lovelace, the Super User: whom most tests sign in as. */
export const ada: User = aPerson({
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@sitewalk.test',
  roleId: Role.SuperUser,
});

/** Dana Walker, a Manager of management company 1: the incident and task tests' person. */
export const dana: User = aPerson({
  id: 7,
  firstName: 'Dana',
  lastName: 'Walker',
  email: 'dana@example.com',
});
