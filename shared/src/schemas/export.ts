import * as z from 'zod';
import { EXPORT_RANGE_DAYS_MAX } from '../constants.ts';
import { id } from './common.ts';

const DAY_MS = 86_400_000;
const dateMessage = 'a calendar date like 2026-11-24';

/** A calendar day, `YYYY-MM-DD`, that exists (no 2026-02-30). Days are UTC days, as the files' times are. */
export const exportDate = z
  .string({ error: dateMessage })
  .regex(/^\d{4}-\d{2}-\d{2}$/, dateMessage)
  .refine((value) => {
    const day = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, dateMessage);

/** The instants a range of days covers: from the first millisecond of `from` to the last of `to` (UTC). */
export const rangeInstants = (range: { from: string; to: string }) => ({
  from: `${range.from}T00:00:00.000Z`,
  to: `${range.to}T23:59:59.999Z`,
});

export const daysInRange = (range: { from: string; to: string }) =>
  Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;

/**
 * What a CSV export covers: one location, or (no `locationId`) every location of the caller's scope, and the
 * days from `from` to `to`, both included, at most EXPORT_RANGE_DAYS_MAX of them.
 */
export const exportRangeBody = z
  .object({ locationId: id.optional(), from: exportDate, to: exportDate })
  .superRefine((range, ctx) => {
    if (range.from > range.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
    } else if (daysInRange(range) > EXPORT_RANGE_DAYS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `an export covers at most ${EXPORT_RANGE_DAYS_MAX} days`,
      });
    }
  });
export type ExportRange = z.output<typeof exportRangeBody>;

/** A file made for the caller: a short-lived download link (not the app's URL: links in mail go to the app). */
export const exportFile = z.object({
  url: z.url(),
  fileName: z.string(),
  contentType: z.string(),
  /** Seconds the link stays valid. */
  expiresIn: z.number().int().positive(),
  /** Data rows written (CSV), or pages (PDF). */
  count: z.number().int().nonnegative(),
});
export type ExportFile = z.infer<typeof exportFile>;

/**
 * The columns of the CSV exports, in order: those of the location's walk-report and incidents tables,
 * then what the detail screens add. Times are UTC (the header says so), as `YYYY-MM-DD HH:MM:SS`.
 */
/** A lock check's CSV (issue 31): a row per unit checked, or not found in a full check, in walk order. */
export const LOCK_CHECK_CSV_COLUMNS = [
  'Unit',
  'Finding',
  'Seen (UTC)',
  'Photo Mismatch',
  'Discrepancies',
  'Open',
  'Resolution',
  'Task',
] as const;

export const WALK_REPORT_CSV_COLUMNS = [
  'Id',
  'Location',
  'Walk',
  'Name',
  'Started (UTC)',
  'Completed (UTC)',
  'Total Time',
  'Total Minutes',
  'Markers Reached',
  'Markers Expected',
  'Verdict',
  /** Writes the walker discarded on the phone (issue 28). */
  'Discarded on Phone',
] as const;

export const INCIDENT_CSV_COLUMNS = [
  'Id',
  'Location',
  'Priority',
  'Status',
  'Created (UTC)',
  'Resolved (UTC)',
  'Incident',
  'Notes',
  'Images',
  'Walk Report Id',
] as const;
