import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';

/** A company as the API answers it. */
export const aCompany = (overrides: Partial<ManagementCompany> = {}): ManagementCompany => ({
  id: 7,
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
