import { describe, expect, it } from 'vitest';
import { completedEnoughMarkers, walkDuration, type WalkTiming } from './walk-duration.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 8, 0) + minute * 60_000).toISOString();

const timing = (overrides: Partial<WalkTiming>): WalkTiming => ({
  startedAt: at(0),
  finishedAt: at(45),
  expectedMarkerCount: 10,
  completedMarkerCount: 10,
  firstArrivalAt: at(2),
  lastArrivalAt: at(32),
  ...overrides,
});

describe('the 90% rule', () => {
  it.each([
    [9, 10, true],
    [8, 10, false],
    [18, 20, true],
    [17, 20, false],
    [27, 30, true],
    [26, 30, false],
    [1, 1, true],
    [0, 1, false],
    [36, 40, true],
    [35, 40, false],
    [10, 10, true],
    [12, 10, true],
  ])('%i of %i completed markers reached: enough = %s', (visited, expected, enough) => {
    expect(completedEnoughMarkers(visited, expected)).toBe(enough);
  });

  it('never counts a walk without completed markers as reached', () => {
    expect(completedEnoughMarkers(0, 0)).toBe(false);
  });
});

describe('walk duration', () => {
  it('runs from the first to the last arrival when enough completed markers were reached', () => {
    expect(walkDuration(timing({}))).toEqual({ minutes: 30, label: '30 min' });
  });

  it('is Not Completed just below 90%, and a time just at 90%', () => {
    expect(walkDuration(timing({ expectedMarkerCount: 20, completedMarkerCount: 17 })).label).toBe(
      'Not Completed',
    );
    expect(walkDuration(timing({ expectedMarkerCount: 20, completedMarkerCount: 18 })).label).toBe('30 min');
  });

  it('does not fall back to start and finish when too few completed markers were reached', () => {
    expect(walkDuration(timing({ completedMarkerCount: 3 }))).toEqual({
      minutes: null,
      label: 'Not Completed',
    });
  });

  it('is Not Completed when the arrivals span no time or run backwards', () => {
    expect(walkDuration(timing({ lastArrivalAt: at(2) })).label).toBe('Not Completed');
    expect(walkDuration(timing({ firstArrivalAt: at(3), lastArrivalAt: at(2) })).label).toBe('Not Completed');
  });

  it('rounds to whole minutes', () => {
    const first = Date.parse(at(0));
    expect(
      walkDuration(
        timing({
          firstArrivalAt: new Date(first).toISOString(),
          lastArrivalAt: new Date(first + 90_500).toISOString(),
        }),
      ).minutes,
    ).toBe(2);
  });

  it('uses start and finish when no completed marker was reached', () => {
    expect(
      walkDuration(timing({ completedMarkerCount: 0, firstArrivalAt: null, lastArrivalAt: null })),
    ).toEqual({ minutes: 45, label: '45 min' });
  });

  it('is Not Completed with no completed markers and no finish', () => {
    expect(
      walkDuration(
        timing({ completedMarkerCount: 0, firstArrivalAt: null, lastArrivalAt: null, finishedAt: null }),
      ).label,
    ).toBe('Not Completed');
  });

  it('compares instants, not text, across time-zone offsets', () => {
    expect(
      walkDuration(
        timing({ firstArrivalAt: '2026-11-02T08:00:00Z', lastArrivalAt: '2026-11-02T03:20:00-05:00' }),
      ).label,
    ).toBe('20 min');
  });
});
