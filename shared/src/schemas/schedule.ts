import * as z from 'zod';
import {
  DEFAULT_GRACE_MINUTES,
  GRACE_MINUTES_MAX,
  SCHEDULE_WINDOWS_MAX,
  WINDOW_LABEL_MAX_LENGTH,
} from '../constants.ts';
import { id, isoDateTime } from './common.ts';

/** A wall-clock time, `HH:MM` (24 hours), in the location's time zone. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM, 00:00 to 23:59');

/** An IANA time-zone name this runtime knows ('America/Chicago'). */
export const timeZone = z
  .string()
  .max(64)
  .refine((name) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      return name.includes('/') || name === 'UTC';
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/** 0 is Sunday, as `Date.prototype.getDay`. */
export const weekday = z.number().int().min(0).max(6);

/**
 * A walk window: on these days, a walk of the location (of `walkIds`, or any when empty) is due between `start`
 * and `end` local time; it counts as on time up to `graceMinutes` after `end`. A window ends on the day it starts.
 */
export const walkWindowInput = z
  .object({
    /** Kept across edits so alerts of a window stay its own; a new window may leave it out. */
    id: z
      .string()
      .regex(/^[a-z0-9-]{1,36}$/)
      .optional(),
    label: z.string().trim().min(1, 'A window needs a name').max(WINDOW_LABEL_MAX_LENGTH),
    days: z
      .array(weekday)
      .min(1, 'Choose at least one day')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'A day is listed twice'),
    start: clockTime,
    end: clockTime,
    walkIds: z.array(id).max(50).default([]),
    graceMinutes: z
      .number('A grace is a number of minutes')
      .int('A grace is a whole number of minutes')
      .min(0, 'At least 0')
      .max(GRACE_MINUTES_MAX, `At most ${GRACE_MINUTES_MAX}`)
      .default(DEFAULT_GRACE_MINUTES),
  })
  .refine((w) => w.end > w.start, { message: 'The window must end after it starts', path: ['end'] });

export const walkWindow = z.object({
  id: z.string(),
  label: z.string(),
  days: z.array(weekday),
  start: clockTime,
  end: clockTime,
  walkIds: z.array(id),
  graceMinutes: z.number().int(),
});
export type WalkWindow = z.infer<typeof walkWindow>;

export const scheduleBody = z.object({
  timeZone,
  windows: z.array(walkWindowInput).max(SCHEDULE_WINDOWS_MAX, `At most ${SCHEDULE_WINDOWS_MAX} windows`),
});

export const schedule = z.object({
  locationId: id,
  /** Derived from the location's coordinates until someone sets it. */
  timeZone: z.string(),
  windows: z.array(walkWindow),
  updatedAt: isoDateTime.nullable(),
});
export type Schedule = z.infer<typeof schedule>;

export const windowStatuses = [
  'upcoming',
  'open',
  'dueSoon',
  'inProgress',
  'done',
  'late',
  'incomplete',
  'missed',
] as const;
export const windowStatus = z.enum(windowStatuses);
export type WindowStatus = z.infer<typeof windowStatus>;

export const windowToday = z.object({
  windowId: z.string(),
  label: z.string(),
  opensAt: isoDateTime,
  closesAt: isoDateTime,
  status: windowStatus,
  /** The walk report that decided the status, when one did. */
  walkReportId: id.nullable(),
});
export const scheduleToday = z.object({
  locations: z.array(
    z.object({
      locationId: id,
      timeZone: z.string(),
      /** Today in the location's time zone, YYYY-MM-DD. */
      date: z.iso.date(),
      windows: z.array(windowToday),
    }),
  ),
});
