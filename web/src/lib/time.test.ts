import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatTime,
  formatTimeRange,
  formatTimeWithSeconds,
  viewerZoneNote,
} from './time.ts';

const LA = 'America/Los_Angeles';
// The walk: started 7:04 PM in Los Angeles, 3:04 AM the next day in UTC.
const STARTED = '2026-11-25T03:04:00.000Z';
const inLA = { timeZone: LA, viewer: 'UTC' };

describe("a location's instants, seen from a browser in UTC", () => {
  it("read the location's wall time and name its zone", () => {
    expect(formatTime(STARTED, inLA)).toBe('7:04 PM PST');
    expect(formatDateTime(STARTED, inLA)).toBe('Nov 24, 2026, 7:04 PM PST');
    // The location's day, not the viewer's (Nov 25 in UTC).
    expect(formatDate(STARTED, inLA)).toBe('Nov 24, 2026 (PST)');
  });

  it('do not name the zone when the viewer is in it, under any of its names', () => {
    expect(formatTime(STARTED, { timeZone: LA, viewer: LA })).toBe('7:04 PM');
    expect(formatDateTime(STARTED, { timeZone: LA, viewer: 'US/Pacific' })).toBe('Nov 24, 2026, 7:04 PM');
    expect(formatDate(STARTED, { timeZone: LA, viewer: LA })).toBe('Nov 24, 2026');
  });

  it('name the zone by season across a daylight-saving change', () => {
    expect(formatTime('2026-03-08T09:30:00Z', inLA)).toBe('1:30 AM PST');
    expect(formatTime('2026-03-08T10:30:00Z', inLA)).toBe('3:30 AM PDT');
  });

  it("read in the viewer's zone, unnamed, when the location's zone is not known (yet)", () => {
    expect(formatTime(STARTED, { viewer: 'UTC' })).toBe('3:04 AM');
    expect(formatTime(STARTED, { timeZone: undefined, viewer: LA })).toBe('7:04 PM');
  });

  it('answer the fallback for a missing or unreadable instant, without a zone', () => {
    expect(formatTime(null, inLA)).toBe('-');
    expect(formatDateTime(undefined, { ...inLA, fallback: 'Not resolved' })).toBe('Not resolved');
    expect(formatDateTime('yesterday', { ...inLA, fallback: '—' })).toBe('—');
  });

  it('write a window once with the zone at its end', () => {
    const [opens, closes] = ['2026-11-24T15:00:00Z', '2026-11-24T17:00:00Z'];
    expect(formatTimeRange(opens, closes, inLA)).toBe('7:00 AM–9:00 AM PST');
    expect(formatTimeRange(opens, closes, { timeZone: LA, viewer: LA })).toBe('7:00 AM–9:00 AM');
    expect(formatTimeRange(opens, closes, { viewer: 'UTC' })).toBe('3:00 PM–5:00 PM');
  });
});

describe("the viewer's own instants", () => {
  it("read in the viewer's zone, with seconds for the outbox's next try", () => {
    expect(formatTimeWithSeconds(Date.parse('2026-11-25T03:04:05Z'), { viewer: 'UTC' })).toBe('3:04:05 AM');
    expect(formatDate('2026-02-03T12:00:00Z', { viewer: 'UTC' })).toBe('Feb 3, 2026');
  });

  it('say which zone they are in', () => {
    expect(viewerZoneNote('Europe/Berlin')).toBe('Times are in your time zone, Europe/Berlin.');
  });
});

describe('formatDay', () => {
  it("writes a location's calendar day as it is, whatever the viewer's zone", () => {
    expect(formatDay('2026-11-24')).toBe('Tue, Nov 24');
    expect(formatDay('2026-03-08')).toBe('Sun, Mar 8');
  });

  it('gives back what it cannot read', () => {
    expect(formatDay('someday')).toBe('someday');
  });
});
