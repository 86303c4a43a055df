import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, formatInstant, sameTimeZone, timeZoneAbbreviation } from './time.ts';

const LA = 'America/Los_Angeles';
// 7:04 PM on Nov 24 in Los Angeles (PST, UTC-8) is 3:04 AM on Nov 25 in UTC.
const EVENING_IN_LA = '2026-11-25T03:04:00.000Z';

describe('formatInstant', () => {
  it('writes an instant as the wall clock of the zone it is given, in each style', () => {
    expect(formatInstant(EVENING_IN_LA, 'date', LA)).toBe('Nov 24, 2026');
    expect(formatInstant(EVENING_IN_LA, 'time', LA)).toBe('7:04 PM');
    expect(formatInstant(EVENING_IN_LA, 'timeWithSeconds', LA)).toBe('7:04:00 PM');
    expect(formatInstant(EVENING_IN_LA, 'dateTime', LA)).toBe('Nov 24, 2026, 7:04 PM');
    expect(formatInstant(new Date(EVENING_IN_LA), 'dateTime', 'UTC')).toBe('Nov 25, 2026, 3:04 AM');
  });

  it('follows the zone across a daylight-saving change (Los Angeles springs forward at 2 AM on Mar 8, 2026)', () => {
    expect(formatInstant('2026-03-08T09:30:00Z', 'time', LA)).toBe('1:30 AM');
    expect(formatInstant('2026-03-08T10:30:00Z', 'time', LA)).toBe('3:30 AM');
    expect(formatInstant('2026-11-01T08:30:00Z', 'time', LA)).toBe('1:30 AM'); // PDT, before falling back
    expect(formatInstant('2026-11-01T09:30:00Z', 'time', LA)).toBe('1:30 AM'); // PST, the hour again
  });

  it('answers the fallback for a missing or unreadable instant', () => {
    expect(formatInstant(null, 'time', LA)).toBe('-');
    expect(formatInstant(undefined, 'dateTime', LA, 'Not resolved')).toBe('Not resolved');
    expect(formatInstant('not a date', 'dateTime', LA, '—')).toBe('—');
    expect(formatInstant(new Date(Number.NaN), 'date', LA)).toBe('-');
  });

  it('reads an unknown zone as UTC rather than failing', () => {
    expect(formatInstant(EVENING_IN_LA, 'time', 'Mars/Olympus_Mons')).toBe('3:04 AM');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBe('UTC');
  });
});

describe('zones', () => {
  it('names a zone as people read it, by season', () => {
    expect(timeZoneAbbreviation(EVENING_IN_LA, LA)).toBe('PST');
    expect(timeZoneAbbreviation('2026-07-01T12:00:00Z', LA)).toBe('PDT');
    expect(timeZoneAbbreviation(EVENING_IN_LA, 'UTC')).toBe('UTC');
  });

  it('knows an alias for the same zone, and tells different zones apart', () => {
    expect(sameTimeZone('US/Pacific', LA)).toBe(true);
    expect(sameTimeZone('Etc/UTC', 'UTC')).toBe(true);
    expect(sameTimeZone(LA, 'America/Phoenix')).toBe(false);
  });
});
