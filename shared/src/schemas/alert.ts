import * as z from 'zod';
import { id, idParam, isoDateTime, pagedQuery } from './common.ts';
import { clockTime, timeZone } from './schedule.ts';
import { unresolvedOnly } from './incident.ts';
import { DEFAULT_SUMMARY_TIME } from '../constants.ts';

/**
 * What the evaluator noticed. Window alerts are raised once per window and day: `dueSoon` (closing soon and no
 * walk started), `missed` (closed with no walk), `incomplete` (a walk under the 90 % rule), `late` (a walk
 * still running or finished after the window and its grace). `taskOverdue`: a task past its due time.
 * `noLockCheck`: a location with a unit roster has had no full lock check for its number of days (issue 31).
 */
export const alertKinds = ['dueSoon', 'missed', 'incomplete', 'late', 'taskOverdue', 'noLockCheck'] as const;
export const alertKind = z.enum(alertKinds);
export type AlertKind = z.infer<typeof alertKind>;

/** One alert as one recipient sees it. */
export const alert = z.object({
  id,
  kind: alertKind,
  locationId: id,
  location: z.object({ name: z.string() }),
  /** Window alerts: which window, on which local date, and when it opened and closed. */
  window: z
    .object({
      id: z.string(),
      label: z.string(),
      date: z.iso.date(),
      opensAt: isoDateTime,
      closesAt: isoDateTime,
    })
    .nullable(),
  walkReportId: id.nullable(),
  taskId: id.nullable(),
  /** One line a person reads ('Morning walk at Elm Street was missed (07:00–10:00)'). */
  message: z.string(),
  createdAt: isoDateTime,
  readAt: isoDateTime.nullable(),
});
export type Alert = z.infer<typeof alert>;

export const alertsQuery = pagedQuery.extend({
  kind: alertKind.optional(),
  locationId: idParam.optional(),
  /** `true`: unread only. */
  unreadOnly: unresolvedOnly,
});

export const alertsPage = z.object({
  alerts: z.array(alert),
  totalCount: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});

export const unreadCount = z.object({ unreadCount: z.number().int().nonnegative() });
export const markReadBody = z.object({ read: z.boolean() });
export const markedRead = z.object({ updated: z.number().int().nonnegative() });

/**
 * Which alerts a user gets and how. Managers and Assistant Managers get their locations' alerts; Area and Company
 * Managers (and above) get those of the locations below them only with `fromLocationsBelow`. The daily summary
 * goes out at `time` in `timeZone`.
 */
export const alertPreferences = z.object({
  inApp: z.array(alertKind).max(alertKinds.length),
  email: z.array(alertKind).max(alertKinds.length),
  fromLocationsBelow: z.boolean(),
  dailySummary: z.object({ enabled: z.boolean(), time: clockTime, timeZone }),
});
export type AlertPreferences = z.infer<typeof alertPreferences>;

export const defaultAlertPreferences = (zone: string): AlertPreferences => ({
  inApp: [...alertKinds],
  email: ['missed', 'incomplete', 'late', 'taskOverdue', 'noLockCheck'],
  fromLocationsBelow: false,
  dailySummary: { enabled: false, time: DEFAULT_SUMMARY_TIME, timeZone: zone },
});
