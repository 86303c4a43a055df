import { recorderWalk } from '../../../testing/recorder-fixtures.ts';
import type { RecordingSession } from '../store/types.ts';

/** A walk being recorded on this device at location 11 ('Oak Court'), nothing recorded yet. */
export const aRecordingSession = (overrides: Partial<RecordingSession> = {}): RecordingSession => ({
  key: 'session-1',
  userId: 5,
  locationId: 11,
  locationName: 'Oak Court',
  walk: recorderWalk(),
  startedAt: '2026-11-23T09:00:00.000Z',
  walkReportId: null,
  arrivals: [],
  notes: [],
  photos: [],
  incidents: [],
  finishedAt: null,
  ...overrides,
});
