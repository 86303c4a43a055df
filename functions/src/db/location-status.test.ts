import { describe, expect, it } from 'vitest';
import {
  lastLockCheckOf,
  decodeInstant,
  encodeInstant,
  flaggedStartsOf,
  reportEndEntry,
  reportStartEntry,
  reportTimesOf,
  flaggedEntry,
} from './location-status.ts';

describe("status items' entries", () => {
  const startedAt = '2026-11-27T06:59:59.600Z';
  const finishedAt = '2026-11-27T07:30:00.200Z';

  it('keep instants to the second: starts rounded down, finishes up', () => {
    expect(new Date(decodeInstant(encodeInstant(Date.parse(startedAt), 'down'))).toISOString()).toBe(
      '2026-11-27T06:59:59.000Z',
    );
    expect(new Date(decodeInstant(encodeInstant(Date.parse(finishedAt), 'up'))).toISOString()).toBe(
      '2026-11-27T07:30:01.000Z',
    );
    // A whole second stays as it is either way.
    const whole = Date.parse('2026-11-27T07:00:00.000Z');
    expect(decodeInstant(encodeInstant(whole, 'up'))).toBe(whole);
    expect(decodeInstant(encodeInstant(whole, 'down'))).toBe(whole);
  });

  it('read back as the windows need a report: its start, finish and share of markers reached', () => {
    const report = { walkReportId: 41, walkId: 7, startedAt };
    const item = {
      reportStarts: [reportStartEntry(report), reportStartEntry({ walkReportId: 42, walkId: 8, startedAt })],
      reportEnds: [reportEndEntry(41, finishedAt, 18, 20)],
    };
    expect(reportTimesOf(item)).toEqual([
      {
        id: 41,
        walkId: 7,
        startedAt: '2026-11-27T06:59:59.000Z',
        finishedAt: '2026-11-27T07:30:01.000Z',
        completion: 0.9,
      },
      { id: 42, walkId: 8, startedAt: '2026-11-27T06:59:59.000Z', finishedAt: null, completion: null },
    ]);
    expect(flaggedStartsOf({ flagged: [flaggedEntry(report)] })).toEqual([
      Date.parse('2026-11-27T06:59:59Z'),
    ]);
  });

  it('leaves out the reports started outside the span asked for, ends included', () => {
    const at = (iso: string) => Date.parse(iso);
    const item = {
      reportStarts: [
        reportStartEntry({ walkReportId: 1, walkId: 7, startedAt: '2026-11-26T19:00:00Z' }),
        reportStartEntry({ walkReportId: 2, walkId: 7, startedAt: '2026-11-27T07:00:00Z' }),
        reportStartEntry({ walkReportId: 3, walkId: 7, startedAt: '2026-11-27T11:00:01Z' }),
      ],
      reportEnds: [reportEndEntry(1, '2026-11-26T19:30:00Z', 20, 20)],
    };
    const span = { from: at('2026-11-27T07:00:00Z'), to: at('2026-11-27T11:00:00Z') };
    expect(reportTimesOf(item, span).map((r) => r.id)).toEqual([2]);
    expect(reportTimesOf(item).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(reportTimesOf(item, { from: at('2026-11-28T00:00:00Z'), to: at('2026-11-28T01:00:00Z') })).toEqual(
      [],
    );
  });
});

describe("an item's last lock check", () => {
  const finished = '2026-11-24T15:00:00.123Z';
  const lastLockCheck = `41.${Date.parse(finished).toString(36)}.3`;

  it('is none until a check finished', () => {
    expect(lastLockCheckOf({})).toBeNull();
  });

  it('counts open the discrepancies not closed since, counting only entries of that check', () => {
    expect(lastLockCheckOf({ lastLockCheck })).toEqual({
      id: 41,
      finishedAt: finished,
      openDiscrepancies: 3,
    });
    expect(
      lastLockCheckOf({
        lastLockCheck,
        lockClosed: ['41.A-101.lockCut', '4.B-1.doorOpen', '411.C-1.lockCut'],
      }),
    ).toEqual({ id: 41, finishedAt: finished, openDiscrepancies: 2 });
  });

  it('never counts below none', () => {
    expect(
      lastLockCheckOf({
        lastLockCheck: `41.${encodeInstant(Date.parse(finished), 'up')}.1`,
        lockClosed: ['41.a.x', '41.b.y'],
      })?.openDiscrepancies,
    ).toBe(0);
  });
});
