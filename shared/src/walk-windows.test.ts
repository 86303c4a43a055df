import { describe, expect, it } from 'vitest';
import {
  checksBetween,
  nextCheckAfter,
  occurrencesOn,
  statusAt,
  type Occurrence,
  type ReportTimes,
} from './walk-windows.ts';
import type { WalkWindow } from './schemas/schedule.ts';

const everyDay = [0, 1, 2, 3, 4, 5, 6];
const morning: WalkWindow = {
  id: 'morning',
  label: 'Morning walk',
  days: everyDay,
  start: '07:00',
  end: '10:00',
  walkIds: [],
  graceMinutes: 15,
};
const evening: WalkWindow = {
  ...morning,
  id: 'evening',
  label: 'Evening walk',
  start: '17:00',
  end: '20:00',
};
const chicago = { timeZone: 'America/Chicago', windows: [evening, morning] };
const at = (iso: string) => new Date(iso);

describe('occurrences', () => {
  it('lists the windows of a day in opening order, only on their weekdays', () => {
    const weekdaysOnly = { ...chicago, windows: [{ ...morning, days: [1, 2, 3, 4, 5] }, evening] };
    // 2026-11-22 is a Sunday, 2026-11-23 a Monday.
    expect(occurrencesOn(weekdaysOnly, '2026-11-22').map((o) => o.window.id)).toEqual(['evening']);
    expect(occurrencesOn(weekdaysOnly, '2026-11-23').map((o) => o.window.id)).toEqual(['morning', 'evening']);
  });

  it('keeps local times across a clock change: the morning window is three hours long either side', () => {
    for (const date of ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02']) {
      const first = occurrencesOn(chicago, date)[0]!;
      expect(first.closesAt.getTime() - first.opensAt.getTime()).toBe(3 * 3600_000);
    }
    expect(occurrencesOn(chicago, '2026-03-07')[0]?.opensAt.toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(occurrencesOn(chicago, '2026-03-08')[0]?.opensAt.toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('gives the grace end as close plus grace', () => {
    const [first] = occurrencesOn(chicago, '2026-11-23');
    expect(first?.graceEndsAt.toISOString()).toBe('2026-11-23T16:15:00.000Z');
  });
});

describe('checks', () => {
  it('each occurrence has a due-soon check 30 minutes before it closes and a final one when its grace ends', () => {
    const checks = checksBetween(chicago, at('2026-11-23T06:00:00Z'), at('2026-11-24T06:00:00Z'));
    expect(checks.map((c) => [c.occurrence.window.id, c.kind, c.at.toISOString()])).toEqual([
      ['morning', 'dueSoon', '2026-11-23T15:30:00.000Z'],
      ['morning', 'final', '2026-11-23T16:15:00.000Z'],
      ['evening', 'dueSoon', '2026-11-24T01:30:00.000Z'],
      ['evening', 'final', '2026-11-24T02:15:00.000Z'],
    ]);
  });

  it('takes checks after the start and up to and including the end', () => {
    const checks = checksBetween(chicago, at('2026-11-23T15:30:00Z'), at('2026-11-23T16:15:00Z'));
    expect(checks.map((c) => c.kind)).toEqual(['final']);
  });

  it('finds a window whose grace runs past local midnight', () => {
    const late = {
      timeZone: 'UTC',
      windows: [{ ...morning, start: '22:00', end: '23:50', graceMinutes: 30 }],
    };
    const checks = checksBetween(late, at('2026-11-24T00:00:00Z'), at('2026-11-24T01:00:00Z'));
    expect(checks.map((c) => [c.kind, c.occurrence.date])).toEqual([['final', '2026-11-23']]);
  });

  it('a short window is due soon from when it opens', () => {
    const short = { timeZone: 'UTC', windows: [{ ...morning, start: '07:00', end: '07:20' }] };
    const [dueSoon] = checksBetween(short, at('2026-11-23T00:00:00Z'), at('2026-11-23T23:00:00Z'));
    expect(dueSoon?.at.toISOString()).toBe('2026-11-23T07:00:00.000Z');
  });

  it('the next check is the earliest after the instant; a schedule with no windows has none', () => {
    expect(nextCheckAfter(chicago, at('2026-11-23T15:30:00Z'))?.toISOString()).toBe(
      '2026-11-23T16:15:00.000Z',
    );
    expect(nextCheckAfter(chicago, at('2026-11-24T02:15:00Z'))?.toISOString()).toBe(
      '2026-11-24T15:30:00.000Z',
    );
    expect(nextCheckAfter({ timeZone: 'UTC', windows: [] }, at('2026-11-23T00:00:00Z'))).toBeNull();
  });

  it('a window on Sundays only is next checked up to a week ahead', () => {
    const sundays = { timeZone: 'UTC', windows: [{ ...morning, days: [0] }] };
    // Monday 2026-11-23 → Sunday 2026-11-29.
    expect(nextCheckAfter(sundays, at('2026-11-23T12:00:00Z'))?.toISOString()).toBe(
      '2026-11-29T09:30:00.000Z',
    );
  });
});

describe('status', () => {
  const occurrence: Occurrence = occurrencesOn({ timeZone: 'UTC', windows: [morning] }, '2026-11-23')[0]!;
  const report = (over: Partial<ReportTimes>): ReportTimes => ({
    id: 1,
    walkId: 7,
    startedAt: '2026-11-23T08:00:00Z',
    finishedAt: '2026-11-23T08:40:00Z',
    completion: 1,
    ...over,
  });

  it.each([
    ['before it opens', '2026-11-23T06:59:00Z', 'upcoming'],
    ['while open', '2026-11-23T09:29:00Z', 'open'],
    ['30 minutes before it closes', '2026-11-23T09:30:00Z', 'dueSoon'],
    ['in its grace', '2026-11-23T10:14:59Z', 'dueSoon'],
    ['when its grace ends (the final check)', '2026-11-23T10:15:00Z', 'missed'],
  ])('with no walk, %s it is %s', (_label, now, status) => {
    expect(statusAt(occurrence, [], at(now))).toEqual({ status, walkReportId: null });
  });

  it.each([
    ['a finished walk over 90 %', [report({})], '2026-11-23T09:00:00Z', 'done', 1],
    ['a finished walk under 90 %', [report({ completion: 0.5 })], '2026-11-23T09:00:00Z', 'incomplete', 1],
    [
      'one short walk and one whole',
      [report({ completion: 0.5 }), report({ id: 2, completion: 0.95 })],
      '2026-11-23T09:00:00Z',
      'done',
      2,
    ],
    ['a walk running', [report({ finishedAt: null })], '2026-11-23T09:00:00Z', 'inProgress', 1],
    [
      'a walk still running after the grace',
      [report({ finishedAt: null })],
      '2026-11-23T11:00:00Z',
      'late',
      1,
    ],
    [
      'a walk finished after the grace',
      [report({ finishedAt: '2026-11-23T10:30:00Z' })],
      '2026-11-23T11:00:00Z',
      'late',
      1,
    ],
    [
      'a walk that will finish after the grace, seen before it finished',
      [report({ finishedAt: '2026-11-23T10:30:00Z' })],
      '2026-11-23T10:00:00Z',
      'inProgress',
      1,
    ],
    [
      'a walk finished in the grace',
      [report({ finishedAt: '2026-11-23T10:10:00Z' })],
      '2026-11-23T11:00:00Z',
      'done',
      1,
    ],
  ] as const)('with %s it is %s', (_label, reports, now, status, walkReportId) => {
    expect(statusAt(occurrence, reports, at(now))).toEqual({ status, walkReportId });
  });

  it.each([
    ['started before it opened', report({ startedAt: '2026-11-23T06:59:00Z' })],
    [
      'started after it closed',
      report({ startedAt: '2026-11-23T10:01:00Z', finishedAt: '2026-11-23T10:05:00Z' }),
    ],
    ['of a walk the window does not name', report({ walkId: 8 })],
  ])('a walk %s does not count', (_label, other) => {
    const named = { ...occurrence, window: { ...morning, walkIds: [7] } };
    expect(statusAt(named, [other], at('2026-11-23T11:00:00Z')).status).toBe('missed');
  });

  it('a walk the window names counts', () => {
    const named = { ...occurrence, window: { ...morning, walkIds: [7] } };
    expect(statusAt(named, [report({})], at('2026-11-23T11:00:00Z')).status).toBe('done');
  });
});
