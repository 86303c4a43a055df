import type { Incident } from '@sitewalk/shared/schemas/incident';

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
