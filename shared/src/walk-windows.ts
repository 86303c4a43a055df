import { addDays, atLocalTime, localDate } from './time.ts';
import {
  DEFAULT_GRACE_MINUTES,
  DEFAULT_WINDOWS,
  DUE_SOON_MINUTES,
  WALK_COMPLETION_THRESHOLD,
} from './constants.ts';
import type { WalkWindow, WindowStatus } from './schemas/schedule.ts';

/**
 * Walk windows in time: when a window of a location's schedule opens and closes on a given local day, what its
 * status is now, and when the evaluator must look at it next. Pure (the clock is always an argument), so the
 * server, the evaluator and the tests compute the same answers; time zones are IANA names, resolved by
 * `@date-fns/tz` on the runtime's own zone data, clock changes included.
 */

export interface ScheduleTimes {
  timeZone: string;
  windows: readonly WalkWindow[];
}

/** One window on one local day. */
export interface Occurrence {
  window: WalkWindow;
  /** The local date, YYYY-MM-DD. */
  date: string;
  opensAt: Date;
  closesAt: Date;
  /** `closesAt` plus the window's grace: a walk finished by then is on time. */
  graceEndsAt: Date;
}

/** What the evaluator decides at each check of an occurrence. */
export type CheckKind = 'dueSoon' | 'final';
export interface Check {
  kind: CheckKind;
  at: Date;
  occurrence: Occurrence;
}

/** A walk report as the windows need it. */
export interface ReportTimes {
  id: number;
  walkId: number;
  startedAt: string;
  finishedAt: string | null;
  /** Reached markers over all markers (the 90 % rule), when finished. */
  completion: number | null;
}

const MINUTE = 60_000;

/** The morning and evening windows every day: a location's until someone sets its schedule. */
export const defaultWindows = (): WalkWindow[] =>
  DEFAULT_WINDOWS.map((window) => ({
    id: window.label.split(' ')[0]?.toLowerCase() ?? window.label,
    label: window.label,
    days: [0, 1, 2, 3, 4, 5, 6],
    start: window.start,
    end: window.end,
    walkIds: [],
    graceMinutes: DEFAULT_GRACE_MINUTES,
  }));

const weekdayOf = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** The windows that fall on a local date, in order of opening. */
export const occurrencesOn = (schedule: ScheduleTimes, date: string): Occurrence[] => {
  const weekday = weekdayOf(date);
  return schedule.windows
    .filter((window) => window.days.includes(weekday))
    .map((window) => {
      const closesAt = atLocalTime(date, window.end, schedule.timeZone);
      return {
        window,
        date,
        opensAt: atLocalTime(date, window.start, schedule.timeZone),
        closesAt,
        graceEndsAt: new Date(closesAt.getTime() + window.graceMinutes * MINUTE),
      };
    })
    .sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime());
};

/** When an occurrence is 'due soon': DUE_SOON_MINUTES before it closes, or when it opens if it is shorter. */
export const dueSoonAt = (occurrence: Occurrence): Date =>
  new Date(Math.max(occurrence.opensAt.getTime(), occurrence.closesAt.getTime() - DUE_SOON_MINUTES * MINUTE));

/** Both checks of an occurrence: 'due soon' before it closes, and the final one when its grace ends. */
export const checksOf = (occurrence: Occurrence): Check[] => [
  { kind: 'dueSoon', at: dueSoonAt(occurrence), occurrence },
  { kind: 'final', at: occurrence.graceEndsAt, occurrence },
];

/**
 * The checks with `after < at <= until`, in time order. Occurrences are looked up from the local day before
 * `after` to the day after `until`, so a window whose grace runs past midnight is found too.
 */
export const checksBetween = (schedule: ScheduleTimes, after: Date, until: Date): Check[] => {
  const checks: Check[] = [];
  const last = addDays(localDate(until, schedule.timeZone), 1);
  for (let date = addDays(localDate(after, schedule.timeZone), -1); date <= last; date = addDays(date, 1)) {
    for (const occurrence of occurrencesOn(schedule, date)) {
      for (const check of checksOf(occurrence)) {
        if (check.at > after && check.at <= until) checks.push(check);
      }
    }
  }
  return checks.sort((a, b) => a.at.getTime() - b.at.getTime());
};

/** The first check after `after` (within the next eight days), or null for a schedule with no windows. */
export const nextCheckAfter = (schedule: ScheduleTimes, after: Date): Date | null => {
  const until = new Date(after.getTime() + 8 * 24 * 60 * MINUTE);
  return checksBetween(schedule, after, until)[0]?.at ?? null;
};

/** The reports that count for an occurrence: of its walks (any, when it names none), started while it was open. */
export const reportsFor = (occurrence: Occurrence, reports: readonly ReportTimes[]): ReportTimes[] => {
  const { window, opensAt, closesAt } = occurrence;
  return reports.filter((report) => {
    const started = new Date(report.startedAt);
    return (
      (window.walkIds.length === 0 || window.walkIds.includes(report.walkId)) &&
      started >= opensAt &&
      started <= closesAt
    );
  });
};

export interface StatusNow {
  status: WindowStatus;
  /** The report that decided it, if one did. */
  walkReportId: number | null;
}

const isComplete = (report: ReportTimes) => (report.completion ?? 0) >= WALK_COMPLETION_THRESHOLD;

/**
 * An occurrence's status at `now`, from the reports of its location:
 * - a walk finished by the end of the grace: `done`, or `incomplete` when none of those met the 90 % rule;
 * - a walk finished after it, or still running once it has passed: `late`;
 * - a walk running before then: `inProgress`;
 * - no walk: `upcoming` before it opens, `open`, `dueSoon` from DUE_SOON_MINUTES before it closes until its
 *   grace ends, then (from the final check's instant) `missed`.
 */
export const statusAt = (occurrence: Occurrence, reports: readonly ReportTimes[], now: Date): StatusNow => {
  const counted = reportsFor(occurrence, reports).filter((r) => new Date(r.startedAt) <= now);
  const finishedBy = (report: ReportTimes, limit: Date) =>
    report.finishedAt !== null && new Date(report.finishedAt) <= limit && new Date(report.finishedAt) <= now;
  const onTime = counted.filter((r) => finishedBy(r, occurrence.graceEndsAt));
  const best = onTime.find(isComplete) ?? onTime[0];
  if (best) return { status: isComplete(best) ? 'done' : 'incomplete', walkReportId: best.id };
  const graceOver = now >= occurrence.graceEndsAt;
  const finishedLate = counted.find((r) => r.finishedAt !== null && new Date(r.finishedAt) <= now);
  if (finishedLate) return { status: 'late', walkReportId: finishedLate.id };
  const running = counted[0];
  if (running) return { status: graceOver ? 'late' : 'inProgress', walkReportId: running.id };
  if (now < occurrence.opensAt) return { status: 'upcoming', walkReportId: null };
  if (graceOver) return { status: 'missed', walkReportId: null };
  return { status: now < dueSoonAt(occurrence) ? 'open' : 'dueSoon', walkReportId: null };
};
