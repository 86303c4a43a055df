import { WALK_COMPLETION_THRESHOLD } from './constants.ts';
import { messages } from './messages.ts';

/** What the duration rule needs of a walk report. */
export interface WalkTiming {
  startedAt: string;
  finishedAt: string | null;
  /** Markers the walk asks for: its marker count when the walk started. */
  expectedMarkerCount: number;
  /** Distinct markers reached. */
  completedMarkerCount: number;
  firstArrivalAt: string | null;
  lastArrivalAt: string | null;
}

export interface WalkDuration {
  /** Whole minutes, or null when the walk is 'Not Completed'. */
  minutes: number | null;
  /** '{n} min' or 'Not Completed', as the walk-report screens show it. */
  label: string;
}

const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);

/** Whether enough completed markers were reached: at least 90% of those expected (integer arithmetic, no rounding). */
export const completedEnoughMarkers = (visited: number, expected: number): boolean => {
  const percent = Math.round(WALK_COMPLETION_THRESHOLD * 100);
  return expected > 0 && visited * 100 >= expected * percent;
};

/**
 * The duration and completion rule, once for both sides. With completed markers reached, the time runs from the
 * first to the last arrival, and the walk is 'Not Completed' below 90% of the expected markers or when
 * that time is not positive; with none reached, it runs from start to finish; otherwise 'Not Completed'.
 */
export const walkDuration = (timing: WalkTiming): WalkDuration => {
  let minutes: number | null = null;
  if (timing.completedMarkerCount > 0 && timing.firstArrivalAt && timing.lastArrivalAt) {
    if (completedEnoughMarkers(timing.completedMarkerCount, timing.expectedMarkerCount)) {
      minutes = minutesBetween(timing.firstArrivalAt, timing.lastArrivalAt);
    }
  } else if (timing.finishedAt) {
    minutes = minutesBetween(timing.startedAt, timing.finishedAt);
  }
  if (minutes === null || !Number.isFinite(minutes) || minutes <= 0)
    return { minutes: null, label: messages.status.notCompleted };
  return { minutes, label: `${minutes} min` };
};
