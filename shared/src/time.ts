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
  return new Intl.DateTimeFormat(LOCALE, { ...STYLES[style], timeZone: canonicalTimeZone(timeZone) }).format(
    date,
  );
};
