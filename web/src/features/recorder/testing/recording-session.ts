import { recorderWalk } from '../../../testing/recorder-fixtures.ts';
import { startSession } from '../logic/session-actions.ts';
import type { RecordingSession } from '../store/types.ts';

/** A walk just started on this device at location 11 ('Oak Court'), nothing recorded yet. */
export const aRecordingSession = (overrides: Partial<RecordingSession> = {}): RecordingSession => ({
  ...startSession(
    {
      userId: 5,
      location: { id: 11, name: 'Oak Court' },
      walk: recorderWalk(),
      now: '2026-11-23T09:00:00.000Z',
    },
    () => 'session-1',
  ).session,
  ...overrides,
});
