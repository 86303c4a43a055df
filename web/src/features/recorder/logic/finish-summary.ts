import { completedEnoughMarkers, walkDuration } from '@sitewalk/shared/walk-duration';
import type { RecordingSession } from '../store/types.ts';
import { markerName, orderedMarkers, reachedIds } from './markers.ts';

export type Verdict = 'Completed' | 'Not Completed';

/** What 'Finish this walk?' shows before the walker confirms. */
export interface FinishSummary {
  reached: number;
  total: number;
  /** 'Marker 3', … in walk order. */
  missed: string[];
  /** The report's duration when the 90 % rule gives it one, else the minutes since the start. */
  minutes: number;
  verdict: Verdict;
  lines: { reached: string; missed: string; time: string };
}

/**
 * The finish summary of a session if it were finished at `now`: reached and missed markers, the time, and
 * the verdict of the 90 % rule (shared/src/walk-duration.ts, as the walk report will show it: 'Completed'
 * when at least 90 % of the markers were reached and the report has a duration).
 */
export const finishSummary = (session: RecordingSession, now: string): FinishSummary => {
  const markers = orderedMarkers(session.walk);
  const reachedSet = reachedIds(session.arrivals);
  const onWalk = session.arrivals.filter(({ markerId }) => markers.some(({ id }) => id === markerId));
  const reached = markers.filter(({ id }) => reachedSet.has(id)).length;
  const missed = markers.filter(({ id }) => !reachedSet.has(id)).map(markerName);
  const times = onWalk.map(({ arrivedAt }) => arrivedAt).sort();
  const duration = walkDuration({
    startedAt: session.startedAt,
    finishedAt: now,
    expectedMarkerCount: markers.length,
    completedMarkerCount: reached,
    firstArrivalAt: times[0] ?? null,
    lastArrivalAt: times.at(-1) ?? null,
  });
  const completed = completedEnoughMarkers(reached, markers.length) && duration.minutes !== null;
  const elapsed = Math.max(0, Math.round((Date.parse(now) - Date.parse(session.startedAt)) / 60_000));
  const minutes = completed && duration.minutes !== null ? duration.minutes : elapsed;
  return {
    reached,
    total: markers.length,
    missed,
    minutes,
    verdict: completed ? 'Completed' : 'Not Completed',
    lines: {
      reached: `Reached ${reached} of ${markers.length} markers`,
      missed: `Missed: ${missed.length ? missed.join(', ') : 'none'}`,
      time: `Time: ${minutes} min`,
    },
  };
};
