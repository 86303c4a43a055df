import { TZDate } from '@date-fns/tz';

/**
 * How the product writes an instant, on screens and in PDFs alike: US English, in a named time zone.
 * 'date' reads 'Nov 24, 2026', 'time' '7:04 PM', 'timeWithSeconds' '7:04:05 PM', 'dateTime'
 * 'Nov 24, 2026, 7:04 PM'.
 */
export type InstantStyle = 'date' | 'time' | 'timeWithSeconds' | 'dateTime';

const LOCALE = 'en-US';
const STYLES: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  timeWithSeconds: { timeStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
};

// Making a DateTimeFormat costs far more than using one; a screen writes hundreds of times in a few zones.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, options);
    formatters.set(key, formatter);
  }
  return formatter;
};

const canonicalNames = new Map<string, string>();
/** The zone's canonical IANA name ('US/Pacific' reads 'America/Los_Angeles'); UTC for a name no one knows. */
export const canonicalTimeZone = (timeZone: string): string => {
  let canonical = canonicalNames.get(timeZone);
  if (canonical === undefined) {
    try {
      canonical = new Intl.DateTimeFormat(LOCALE, { timeZone }).resolvedOptions().timeZone;
    } catch {
      canonical = 'UTC';
    }
    canonicalNames.set(timeZone, canonical);
  }
  return canonical;
};

/** Whether two zone names are the same zone (aliases included). */
export const sameTimeZone = (a: string, b: string): boolean => canonicalTimeZone(a) === canonicalTimeZone(b);

const toDate = (instant: Date | string): Date | null => {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The zone's short name at an instant, as people read it: 'PST', 'PDT', 'UTC', 'GMT+1'. */
export const timeZoneAbbreviation = (instant: Date | string, timeZone: string): string => {
  const date = toDate(instant) ?? new Date(0);
  const zone = canonicalTimeZone(timeZone);
  const parts = formatterOf(`zoneName ${zone}`, { timeZone: zone, timeZoneName: 'short' }).formatToParts(
    date,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
};

/**
 * An instant as people read it in `timeZone`, in one of the product's styles; `fallback` for a missing or
 * unreadable instant. An unknown zone reads as UTC rather than failing the screen or the PDF.
 */
export const formatInstant = (
  instant: Date | string | null | undefined,
  style: InstantStyle,
  timeZone: string,
  fallback = '-',
): string => {
  const date = instant == null ? null : toDate(instant);
  if (!date) return fallback;
  const zone = canonicalTimeZone(timeZone);
  return formatterOf(`${style} ${zone}`, { ...STYLES[style], timeZone: zone }).format(date);
};

// Wall clocks: a day and a time as people at a place read them, clock changes included (`@date-fns/tz` on
// the runtime's own zone data).

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date of an instant in a time zone, YYYY-MM-DD. */
export const localDate = (instant: Date, timeZone: string): string => {
  const local = new TZDate(instant.getTime(), timeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
};

/** The local date `days` after `date` (a calendar step, whatever the clocks do). */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
};

/**
 * The instant of a wall-clock time on a local date. A time the clocks skip (02:30 on the spring-forward day)
 * is taken as the same time after the change; a time they pass twice, as its first passing.
 */
export const atLocalTime = (date: string, time: string, timeZone: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime());
};

/** An instant as a `datetime-local` field's value ('2026-12-01T09:30') on the wall clock of `timeZone`. */
export const localInputOf = (instant: Date | string, timeZone: string): string => {
  const date = toDate(instant) ?? new Date(0);
  const local = new TZDate(date.getTime(), canonicalTimeZone(timeZone));
  return `${localDate(date, canonicalTimeZone(timeZone))}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
};

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;

/** Whether a `datetime-local` field's value names a real day and time ('2026-02-30T09:00' does not). */
export const isLocalInput = (value: string): boolean => {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return false;
  const [date, time] = [match[1] ?? '', match[2] ?? ''];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return addDays(date, 0) === date && hh < 24 && mm < 60;
};

/** A `datetime-local` field's value read on the wall clock of `timeZone`, as the instant it names. */
export const instantOfLocalInput = (value: string, timeZone: string): Date => {
  const [date = '', time = ''] = value.split('T');
  return atLocalTime(date, time.slice(0, 5), canonicalTimeZone(timeZone));
};
