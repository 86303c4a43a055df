import { EVALUATOR_LOOKBACK_HOURS } from '@sitewalk/shared/constants';
import type { AlertKind } from '@sitewalk/shared/schemas/alert';
import type { WindowStatus } from '@sitewalk/shared/schemas/schedule';
import {
  checksBetween,
  nextCheckAfter,
  statusAt,
  type Check,
  type CheckKind,
  type Occurrence,
} from '@sitewalk/shared/walk-windows';
import type { DataService } from '../db/service.ts';
import { NEVER_DUE, type ScheduleItem } from '../db/entities/schedule.ts';
import type { LocationItem } from '../db/entities/location.ts';
import { advanceSchedule, getSchedules, schedulesDue } from '../db/schedules.ts';
import { advanceSummary, summariesDue } from '../db/alerts.ts';
import { getLocations, locationsInScope } from '../db/locations.ts';
import { incidentsOfLocation } from '../db/incidents.ts';
import { getUsers } from '../db/users.ts';
import { queueMail } from '../db/mail-outbox.ts';
import { clock } from '../ports/clock.ts';
import type { AlertDraft, DueCheck, RaiseAlert } from './alert-drafts.ts';
import { nextSummaryAfter, type Alerts } from './alerts.ts';
import { mapBounded } from './fan-out.ts';
import { reportsForOccurrences } from './schedules.ts';
import { loadUserScope } from './scope.ts';
import { summaryMail, type SummaryRow } from './mails.ts';

/** Schedules and summaries taken per run at most; what is left is due still, so the next run takes it. */
export const SCHEDULES_PER_RUN = 500;
export const SUMMARIES_PER_RUN = 100;

/** What one evaluator run did. */
export interface EvaluationSummary {
  /** Schedules whose checks were due. */
  schedules: number;
  /** Alerts recorded (each once). */
  raised: number;
  summaries: number;
  mailsSent: number;
  mailsFailed: number;
}

/** Which alert a check raises for a status, if any. */
const alertFor = (check: CheckKind, status: WindowStatus): AlertKind | null => {
  if (check === 'dueSoon') return status === 'open' || status === 'dueSoon' ? 'dueSoon' : null;
  return status === 'missed' || status === 'incomplete' || status === 'late' ? status : null;
};

const clockTimes = (o: Occurrence) => `${o.window.start}–${o.window.end}`;

const messageOf = (kind: AlertKind, o: Occurrence, locationName: string) => {
  const what = `${o.window.label} at ${locationName}`;
  switch (kind) {
    case 'dueSoon':
      return `${what} is due soon and no walk has started (${clockTimes(o)})`;
    case 'missed':
      return `${what} was missed (${clockTimes(o)})`;
    case 'incomplete':
      return `${what} was incomplete: under 90 % of the markers were reached (${clockTimes(o)})`;
    default:
      return `${what} was late: the walk ran past the window (${clockTimes(o)})`;
  }
};

/** The alert of a check at a location, by the status the reports give the window at the check's time. */
const draftOf = (
  check: Check,
  location: LocationItem,
  status: ReturnType<typeof statusAt>,
): AlertDraft | null => {
  const kind = alertFor(check.kind, status.status);
  if (!kind) return null;
  const { occurrence: o } = check;
  return {
    kind,
    key: `window#${location.locationId}#${o.window.id}#${o.date}#${kind}`,
    locationId: location.locationId,
    window: {
      id: o.window.id,
      label: o.window.label,
      date: o.date,
      opensAt: o.opensAt.toISOString(),
      closesAt: o.closesAt.toISOString(),
    },
    ...(status.walkReportId ? { walkReportId: status.walkReportId } : {}),
    message: messageOf(kind, o, location.name),
  };
};

export interface EvaluatorDeps {
  db: DataService;
  alerts: Alerts;
  appUrl: string;
  /** Checks beyond the walk windows (overdue tasks). */
  checks?: readonly DueCheck[];
  /** Overdue tasks per location, for the daily summary. */
  overdueTasks?: (locationIds: readonly number[]) => Promise<Map<number, number>>;
}

/**
 * The evaluator: each run takes what is due by `now` — schedules whose next check has come, the other checks,
 * the daily summaries — raises each alert once (its key), and sends the mails waiting in the outbox. Its work
 * is bounded by what is due, never by the size of a tenant. Two overlapping runs may both look at a schedule;
 * the alert keys keep each alert single, and only one advances the schedule.
 */
export const createEvaluator = ({ db, alerts, appUrl, checks = [], overdueTasks }: EvaluatorDeps) => {
  const checkSchedule = async (
    schedule: ScheduleItem,
    location: LocationItem,
    now: Date,
    raise: RaiseAlert,
  ) => {
    const lookback = new Date(now.getTime() - EVALUATOR_LOOKBACK_HOURS * 3_600_000);
    const checkedUntil = schedule.checkedUntil ? new Date(schedule.checkedUntil) : lookback;
    const due = checksBetween(schedule, checkedUntil > lookback ? checkedUntil : lookback, now);
    let raised = 0;
    if (due.length > 0) {
      const occurrences = [...new Set(due.map((c) => c.occurrence))].sort(
        (a, b) => a.opensAt.getTime() - b.opensAt.getTime(),
      );
      const reports = await reportsForOccurrences(db, location.locationId, occurrences, now);
      for (const check of due) {
        const draft = draftOf(check, location, statusAt(check.occurrence, reports, check.at));
        if (draft && (await raise(draft)) === 'raised') raised += 1;
      }
    }
    await advanceSchedule(
      db,
      schedule,
      now.toISOString(),
      nextCheckAfter(schedule, now)?.toISOString() ?? NEVER_DUE,
    );
    return raised;
  };

  /** One user's summary of their locations since the last one: walks done and missed, open incidents, overdue tasks. */
  const summaryRows = async (userId: number, since: Date, now: Date): Promise<SummaryRow[] | null> => {
    const scope = await loadUserScope(db, userId);
    if (!scope) return null;
    const locations = await locationsInScope(db, scope.asActor);
    const schedules = new Map(
      (
        await getSchedules(
          db,
          locations.map((l) => l.locationId),
        )
      ).map((s) => [s.locationId, s]),
    );
    const overdue = (await overdueTasks?.(locations.map((l) => l.locationId))) ?? new Map<number, number>();
    return mapBounded(locations, async (location) => {
      const schedule = schedules.get(location.locationId);
      const closed = schedule
        ? checksBetween(schedule, since, now)
            .filter((c) => c.kind === 'final')
            .map((c) => c.occurrence)
        : [];
      const reports = await reportsForOccurrences(db, location.locationId, closed, now);
      const statuses = closed.map((o) => statusAt(o, reports, now).status);
      return {
        locationId: location.locationId,
        locationName: location.name,
        done: statuses.filter((s) => s === 'done' || s === 'late' || s === 'incomplete').length,
        missed: statuses.filter((s) => s === 'missed').length,
        openIncidents: (await incidentsOfLocation(db, location.locationId, true)).length,
        overdueTasks: overdue.get(location.locationId) ?? 0,
      };
    });
  };

  const sendSummaries = async (now: Date) => {
    const due = await summariesDue(db, now.toISOString(), SUMMARIES_PER_RUN);
    let sent = 0;
    await mapBounded(due, async (prefs) => {
      const next = nextSummaryAfter(prefs.summaryTime, prefs.summaryTimeZone, now).toISOString();
      // Claim it first: an overlapping run that read the same item loses here and sends nothing.
      if (!(await advanceSummary(db, prefs, now.toISOString(), next))) return;
      const since = new Date(prefs.summarySince ?? now.getTime() - 86_400_000);
      const [user] = await getUsers(db, [prefs.userId]);
      const rows = await summaryRows(prefs.userId, since, now);
      if (!user?.email || !rows) return;
      // Into the one mail outbox (issue 28); keyed by the summary's time, so it is queued once.
      await queueMail(
        db,
        {
          mailKey: `summary:${prefs.userId}:${prefs.nextSummaryAt}`,
          purpose: 'summary',
          to: user.email,
          ...summaryMail({ firstName: user.firstName, rows, appUrl }),
        },
        // Due at once by the worker's clock, whatever time this run was asked to judge.
        clock.now(),
      );
      sent += 1;
    });
    return sent;
  };

  return {
    evaluateAt: async (now: Date): Promise<EvaluationSummary> => {
      const raise = alerts.raiser();
      const due = await schedulesDue(db, now.toISOString(), SCHEDULES_PER_RUN);
      const locations = new Map(
        (
          await getLocations(
            db,
            due.map((s) => s.locationId),
          )
        ).map((l) => [l.locationId, l]),
      );
      const perSchedule = await mapBounded(due, async (schedule) => {
        const location = locations.get(schedule.locationId);
        // A deleted location's schedule waits for its cleanup; nothing is alerted there.
        return location ? checkSchedule(schedule, location, now, raise) : 0;
      });
      let raised = perSchedule.reduce((sum, n) => sum + n, 0);
      for (const check of checks) raised += await check(now, raise);
      const summaries = await sendSummaries(now);
      const mails = await alerts.sendPending();
      return { schedules: due.length, raised, summaries, mailsSent: mails.sent, mailsFailed: mails.failed };
    },
  };
};
