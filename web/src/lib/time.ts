import {
  addDays,
  formatInstant,
  instantOfLocalInput,
  localDate,
  localInputOf,
  sameTimeZone,
  timeZoneAbbreviation,
  type InstantStyle,
} from '@sitewalk/shared/time';

/** Every IANA time zone this browser knows, for pickers ('UTC' where it cannot list them). */
export const timeZoneNames = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};

// Read once: making a DateTimeFormat to ask costs more than the formatting itself, and a screen writes
// hundreds of instants (a page's first screen of cards a few dozen).
let viewerZone: string | undefined;

/** The viewer's own time zone: the browser's. */
export const viewerTimeZone = (): string =>
  (viewerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

export interface InZone {
  /** The zone the instant is read in: its location's (`locationTimeZone`); the viewer's when it has none. */
  timeZone?: string;
  /** Whose screen it is; the browser's zone unless a test or a caller says otherwise. */
  viewer?: string;
  /** Shown for a missing or unreadable instant. */
  fallback?: string;
}

const format = (instant: Date | string | null | undefined, style: InstantStyle, zone: InZone): string => {
  const viewer = zone.viewer ?? viewerTimeZone();
  const timeZone = zone.timeZone ?? viewer;
  const text = formatInstant(instant, style, timeZone, zone.fallback ?? '-');
  if (instant == null || text === (zone.fallback ?? '-') || sameTimeZone(timeZone, viewer)) return text;
  const name = timeZoneAbbreviation(instant, timeZone);
  return style === 'date' ? `${text} (${name})` : `${text} ${name}`;
};

/**
 * The one way the web app writes an instant. A location's instant is read in the location's time zone, as its
 * PDFs and walk windows are, and names the zone when it is not the viewer's: 'Nov 24, 2026 (PST)'.
 */
export const formatDate = (instant: Date | string | null | undefined, zone: InZone = {}) =>
  format(instant, 'date', zone);

/** '7:04 PM', or '7:04 PM PST' for a location whose zone is not the viewer's. */
export const formatTime = (instant: Date | string | null | undefined, zone: InZone = {}) =>
  format(instant, 'time', zone);

/** '7:04:05 PM': a moment of the viewer's own device, e.g. when the outbox tries again. */
export const formatTimeWithSeconds = (instant: Date | string | number, zone: InZone = {}) =>
  format(typeof instant === 'number' ? new Date(instant) : instant, 'timeWithSeconds', zone);

/** 'Nov 24, 2026, 7:04 PM', or 'Nov 24, 2026, 7:04 PM PST' for a location whose zone is not the viewer's. */
export const formatDateTime = (instant: Date | string | null | undefined, zone: InZone = {}) =>
  format(instant, 'dateTime', zone);

/** A window of one day, '7:00 AM–9:00 AM', naming the zone once when it is not the viewer's: '… PST'. */
export const formatTimeRange = (start: Date | string, end: Date | string, zone: InZone = {}) => {
  const inZone = { ...zone, viewer: zone.timeZone ?? zone.viewer };
  const range = `${formatTime(start, inZone)}–${formatTime(end, inZone)}`;
  const named = formatTime(end, zone);
  const plain = formatTime(end, inZone);
  return named === plain ? range : `${range}${named.slice(plain.length)}`;
};

/** A calendar day (YYYY-MM-DD, already a location's day) as people write it: 'Tue, Nov 24'. */
export const formatDay = (date: string): string => {
  const day = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(day.getTime())
    ? date
    : day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
};

/** For a list of instants not tied to a location (e.g. a user's own activity): which zone they are read in. */
export const viewerZoneNote = (viewer: string = viewerTimeZone()) =>
  `Times are in your time zone, ${viewer}.`;

/**
 * A `datetime-local` field on a location's clock: its value for an instant, and the instant (ISO) a value
 * names, in the location's zone (the viewer's while it has none), so a due time reads and saves as the list shows it.
 */
export const localInputIn = (instant: Date | string, timeZone: string | undefined) =>
  localInputOf(instant, timeZone ?? viewerTimeZone());
export const instantOfLocalInputIn = (value: string, timeZone: string | undefined) =>
  instantOfLocalInput(value, timeZone ?? viewerTimeZone()).toISOString();

/** A wall-clock time tomorrow, as a `datetime-local` value ('2026-12-02T17:00'), by the viewer's calendar. */
export const tomorrowAt = (time: string, viewer: string = viewerTimeZone()) =>
  `${addDays(localDate(new Date(), viewer), 1)}T${time}`;

/** The note under a field read on a location's clock that is not the viewer's: 'Location time (CST)'. */
export const locationClockNote = (timeZone: string | undefined, viewer: string = viewerTimeZone()) =>
  timeZone && !sameTimeZone(timeZone, viewer)
    ? `Location time (${timeZoneAbbreviation(new Date(), timeZone)})`
    : undefined;
