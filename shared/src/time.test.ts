import { describe, expect, it } from 'vitest';
import {
  addDays,
  atLocalTime,
  canonicalTimeZone,
  formatInstant,
  instantOfLocalInput,
  isLocalInput,
  localDate,
  localInputOf,
  sameTimeZone,
  timeZoneAbbreviation,
} from './time.ts';

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

describe('wall clocks: local dates and times', () => {
  const at = (iso: string) => new Date(iso);

  it.each([
    ['2026-11-24T05:59:00Z', 'America/Chicago', '2026-11-23'],
    ['2026-11-24T06:00:00Z', 'America/Chicago', '2026-11-24'],
    ['2026-11-24T10:00:00Z', 'Asia/Tokyo', '2026-11-24'],
    ['2026-11-24T15:00:00Z', 'Asia/Tokyo', '2026-11-25'],
    ['2026-11-24T23:30:00Z', 'UTC', '2026-11-24'],
  ])('%s is %s local date %s', (instant, zone, date) => {
    expect(localDate(at(instant), zone)).toBe(date);
  });

  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s plus %i day is %s', (date, days, expected) => expect(addDays(date, days)).toBe(expected));

  it('a wall-clock time is the right instant in winter and summer', () => {
    expect(atLocalTime('2026-01-15', '07:00', 'America/Chicago').toISOString()).toBe(
      '2026-01-15T13:00:00.000Z',
    );
    expect(atLocalTime('2026-07-15', '07:00', 'America/Chicago').toISOString()).toBe(
      '2026-07-15T12:00:00.000Z',
    );
    expect(atLocalTime('2026-07-15', '07:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-15T01:30:00.000Z');
  });

  it('a time the clocks skip is taken after the change; a time they pass twice, at its first passing', () => {
    // 2026-03-08: Chicago goes from 02:00 CST to 03:00 CDT. 2026-11-01: from 02:00 CDT back to 01:00 CST.
    expect(atLocalTime('2026-03-08', '02:30', 'America/Chicago').toISOString()).toBe(
      '2026-03-08T08:30:00.000Z',
    );
    expect(atLocalTime('2026-11-01', '01:30', 'America/Chicago').toISOString()).toBe(
      '2026-11-01T06:30:00.000Z',
    );
  });
});

describe("datetime-local fields on a location's clock", () => {
  it("writes an instant as the field's value on the location's wall clock, not the viewer's", () => {
    expect(localInputOf('2026-12-01T15:30:00Z', 'America/Chicago')).toBe('2026-12-01T09:30');
    expect(localInputOf('2026-12-01T15:30:00Z', 'Asia/Tokyo')).toBe('2026-12-02T00:30');
    expect(localInputOf('2026-07-01T15:30:00Z', 'US/Central')).toBe('2026-07-01T10:30');
  });

  it('reads the value back as the same instant, in winter and summer', () => {
    for (const iso of ['2026-12-01T15:30:00.000Z', '2026-07-01T15:30:00.000Z']) {
      for (const zone of ['America/Chicago', 'Asia/Kolkata', 'UTC']) {
        expect(instantOfLocalInput(localInputOf(iso, zone), zone).toISOString()).toBe(iso);
      }
    }
    expect(instantOfLocalInput('2026-12-01T09:30:00', 'America/Chicago').toISOString()).toBe(
      '2026-12-01T15:30:00.000Z',
    );
  });

  it.each([
    ['2026-12-01T09:30', true],
    ['2026-12-01T09:30:15', true],
    ['2028-02-29T00:00', true],
    ['', false],
    ['2026-12-01', false],
    ['2026-02-30T09:00', false],
    ['2026-13-01T09:00', false],
    ['2026-12-01T24:00', false],
    ['2026-12-01T09:60', false],
    ['tomorrow at five', false],
  ])('%j is a real day and time: %s', (value, real) => expect(isLocalInput(value)).toBe(real));
});
