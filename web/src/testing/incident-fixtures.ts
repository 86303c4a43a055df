import type * as z from 'zod';
import type { dashboardLocation, Incident } from '@sitewalk/shared/schemas/incident';
import type { User } from '@sitewalk/shared/schemas/user';

type DashboardLocation = z.infer<typeof dashboardLocation>;

export const anIncident = (overrides: Partial<Incident> = {}): Incident => ({
  id: 1,
  typeId: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  resolved: false,
  locationId: 1,
  walkReportId: null,
  notes: [],
  images: [],
  incidentTexts: [],
  walk: null,
  location: { name: 'Northside Storage' },
  ...overrides,
});

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

export const aUser = (overrides: Partial<User> = {}): User => ({
  id: 7,
  firstName: 'Dana',
  lastName: 'Walker',
  email: 'dana@example.com',
  phone: null,
  roleId: 10,
  roleName: 'Manager',
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
});
