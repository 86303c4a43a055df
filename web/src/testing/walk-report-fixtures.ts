import type { WalkReport } from '@sitewalk/shared/schemas/walkReport';

/**
 * A walk report as `GET walk.report` answers it: report 9 of walk 3 ('Night round', one marker) at location 4,
 * walked by Dana Walker (user 7), started and finished with nothing recorded.
 */
export const aWalkReport = (overrides: Partial<WalkReport> = {}): WalkReport => ({
  id: 9,
  createdAt: '2026-11-20T17:00:00.000Z',
  startedAt: '2026-11-20T17:05:00.000Z',
  finishedAt: '2026-11-20T17:40:00.000Z',
  userId: 7,
  user: { firstName: 'Dana', lastName: 'Walker' },
  walkId: 3,
  walk: {
    name: 'Night round',
    locationId: 4,
    markers: [
      {
        id: 31,
        walkId: 3,
        label: 1,
        lat: 36.8,
        lng: -119.7,
        notes: '',
        unitNumberRange: '',
        hasUnitRange: false,
        isDoor: false,
        order: 0,
      },
    ],
  },
  CompletedMarker: [],
  walkNote: [],
  markerImage: [],
  markerCount: 1,
  completedMarkerCount: 0,
  firstArrivalAt: null,
  lastArrivalAt: null,
  totalTime: 'Not Completed',
  totalMinutes: null,
  completed: false,
  doorUnits: [],
  flags: [],
  flagCount: 0,
  discardedCount: 0,
  ...overrides,
});
