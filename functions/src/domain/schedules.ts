import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type { Actor } from '@sitewalk/shared/policy';
import type { scheduleBody, WalkWindow } from '@sitewalk/shared/schemas/schedule';
import { localDate } from '@sitewalk/shared/time';
import {
  defaultWindows,
  nextCheckAfter,
  occurrencesOn,
  statusAt,
  type Occurrence,
  type ReportTimes,
  type StatusNow,
  type ScheduleTimes,
} from '@sitewalk/shared/walk-windows';
import type { DataService } from '../db/service.ts';
import type { LocationItem } from '../db/entities/location.ts';
import type { WalkReportItem } from '../db/entities/walkReport.ts';
import { NEVER_DUE, type ScheduleItem } from '../db/entities/schedule.ts';
import { getSchedule, getSchedules, putSchedule } from '../db/schedules.ts';
import { locationsInScope } from '../db/locations.ts';
import { listActiveWalksOfLocation } from '../db/walks.ts';
import { reportsOfLocationStartedBetween } from '../db/walk-reports.ts';
import { mapBounded } from '../db/bounded.ts';
import { clock } from '../ports/clock.ts';
import { authorize } from './authorize.ts';
import { BadRequestError } from './errors.ts';
import { atLocation, locationPlacement, visibleLocation } from './placements.ts';
import { timeZoneAt } from '@sitewalk/shared/time-zones';

const notFound = 'Location not found';

type Placed = Pick<LocationItem, 'locationId' | 'organizationId' | 'managementCompanyId'>;
type Located = Placed & Pick<LocationItem, 'latitude' | 'longitude'>;

export { defaultWindows };

/** When the evaluator must first look at a schedule that starts now: nothing that closed before is alerted. */
const firstCheck = (times: ScheduleTimes, now: Date) => ({
  checkedUntil: now.toISOString(),
  nextCheckAt: nextCheckAfter(times, now)?.toISOString() ?? NEVER_DUE,
});

/** A new location's schedule: the default windows in its own time zone. */
export const defaultSchedule = (location: Located, now: Date): ScheduleItem => {
  const times = { timeZone: timeZoneAt(location.latitude, location.longitude), windows: defaultWindows() };
  return { ...atLocation(location), ...times, ...firstCheck(times, now) };
};

/** The stored schedule of a location, or the defaults it has until someone sets one. */
const scheduleOf = (location: Located, stored: ScheduleItem | null | undefined): ScheduleItem =>
  stored ?? defaultSchedule(location, clock.now());

/** A window id that is not yet used: `w-` and eight hex digits. */
const newWindowId = (taken: Set<string>) => {
  for (;;) {
    const id = `w-${randomUUID().slice(0, 8)}`;
    if (!taken.has(id)) return id;
  }
};

/** A walk report as the windows see it: when it started and finished, and the share of markers reached. */
export const reportTimes = (report: WalkReportItem): ReportTimes => ({
  id: report.walkReportId,
  walkId: report.walkId,
  startedAt: report.startedAt,
  finishedAt: report.finishedAt ?? null,
  completion: report.markerCount > 0 ? (report.visitedMarkerIds?.length ?? 0) / report.markerCount : 1,
});

/** The reports of a location that may count for these occurrences: started from the first opening to `now`. */
export const reportsForOccurrences = async (
  db: DataService,
  locationId: number,
  occurrences: readonly Occurrence[],
  now: Date,
): Promise<ReportTimes[]> => {
  const first = occurrences[0];
  if (!first || first.opensAt > now) return [];
  const items = await reportsOfLocationStartedBetween(
    db,
    locationId,
    first.opensAt.toISOString(),
    now.toISOString(),
  );
  return items.map(reportTimes);
};

/** A window of today as the API answers it: when it opens and closes, and its status now. */
export const windowTodayOf = (occurrence: Occurrence, status: StatusNow) => ({
  windowId: occurrence.window.id,
  label: occurrence.window.label,
  opensAt: occurrence.opensAt.toISOString(),
  closesAt: occurrence.closesAt.toISOString(),
  ...status,
});

export const createSchedules = ({ db }: { db: DataService }) => ({
  /** A location's schedule (404 outside the caller's scope). */
  get: async (actor: Actor, locationId: number) => {
    const location = await visibleLocation(db, actor, locationId);
    return scheduleOf(location, await getSchedule(db, locationId));
  },

  /**
   * Sets a location's windows and time zone (Managers and above of the location). An edited window keeps its
   * id, so its alerts stay its own; each walk named must be one of the location's.
   */
  set: async (actor: Actor, locationId: number, body: z.output<typeof scheduleBody>) => {
    const location = await visibleLocation(db, actor, locationId);
    authorize(actor, 'setSchedule', locationPlacement(location), notFound);
    const named = new Set(body.windows.flatMap((window) => window.walkIds));
    if (named.size > 0) {
      const walks = new Set((await listActiveWalksOfLocation(db, locationId)).map((walk) => walk.walkId));
      const foreign = [...named].filter((walkId) => !walks.has(walkId));
      if (foreign.length > 0) {
        throw new BadRequestError(`Walk ${foreign.join(', ')} is not a walk of this location`);
      }
    }
    const taken = new Set(body.windows.flatMap((window) => (window.id ? [window.id] : [])));
    const seen = new Set<string>();
    const windows = body.windows.map((window): WalkWindow => {
      const id = window.id && !seen.has(window.id) ? window.id : newWindowId(taken);
      seen.add(id);
      taken.add(id);
      return { ...window, id };
    });
    const now = clock.now();
    const times = { timeZone: body.timeZone, windows };
    return putSchedule(db, {
      ...atLocation(location),
      ...times,
      ...firstCheck(times, now),
      updatedAt: now.toISOString(),
      updatedBy: actor.userId,
    });
  },

  /** Today's windows of each location of the caller's scope (or the one asked for), with their status now. */
  today: async (actor: Actor, only?: number) => {
    const locations = only ? [await visibleLocation(db, actor, only)] : await locationsInScope(db, actor);
    const stored = new Map(
      (
        await getSchedules(
          db,
          locations.map((l) => l.locationId),
        )
      ).map((item) => [item.locationId, item]),
    );
    const now = clock.now();
    return mapBounded(locations, async (location) => {
      const schedule = scheduleOf(location, stored.get(location.locationId));
      const date = localDate(now, schedule.timeZone);
      const occurrences = occurrencesOn(schedule, date);
      const reports = await reportsForOccurrences(db, location.locationId, occurrences, now);
      return {
        locationId: location.locationId,
        timeZone: schedule.timeZone,
        date,
        windows: occurrences.map((occurrence) =>
          windowTodayOf(occurrence, statusAt(occurrence, reports, now)),
        ),
      };
    });
  },
});
