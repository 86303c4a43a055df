/** A location and walk for the recorder's tests: markers about 110 m apart along a street. */
import type { Marker, Walk } from '@sitewalk/shared/schemas/walk';

export const recorderMarker = (overrides: Partial<Marker> & Pick<Marker, 'id' | 'label'>): Marker => ({
  walkId: 7,
  lat: 39.8 + overrides.label * 0.001,
  lng: -89.6,
  notes: '',
  unitNumberRange: '',
  hasUnitRange: false,
  isDoor: false,
  order: overrides.label - 1,
  ...overrides,
});

export const recorderWalk = (overrides: Partial<Walk> = {}): Walk => ({
  id: 7,
  name: 'Night round',
  description: '',
  locationId: 11,
  createdAt: '2026-11-20T10:00:00.000Z',
  deletedAt: null,
  markers: [
    recorderMarker({ id: 71, label: 1 }),
    recorderMarker({ id: 72, label: 2, isDoor: true, unitNumberRange: '101-105, 110', hasUnitRange: true }),
    recorderMarker({ id: 73, label: 3 }),
  ],
  ...overrides,
});
