import { describe, expect, it } from 'vitest';
import { recorderMarker, recorderWalk } from '../../../testing/recorder-fixtures.ts';
import type { Arrival, RecordingSession } from '../store/types.ts';
import { finishSummary } from './finish-summary.ts';
import { aRecordingSession } from '../testing/recording-session.ts';

const ten = recorderWalk({
  markers: Array.from({ length: 10 }, (_, i) => recorderMarker({ id: 100 + i + 1, label: i + 1 })),
});

const arrivalAt = (markerId: number, minute: number): Arrival => ({
  clientId: `c-${markerId}-${minute}`,
  markerId,
  arrivedAt: new Date(Date.UTC(2026, 10, 23, 8, minute)).toISOString(),
  lat: 0,
  lng: 0,
  accuracy: 4,
  method: 'position',
  distance: 2,
});

const sessionWith = (arrivals: Arrival[], walk = ten): RecordingSession =>
  aRecordingSession({ key: 'k', userId: 1, walk, startedAt: '2026-11-23T07:58:00.000Z', arrivals });

const finishedAt = '2026-11-23T08:30:00.000Z';

describe('finishSummary', () => {
  it('a walk with every marker: Completed, timed from the first to the last arrival', () => {
    const summary = finishSummary(
      sessionWith(ten.markers.map(({ id }, i) => arrivalAt(id, i * 2))),
      finishedAt,
    );
    expect(summary).toMatchObject({ reached: 10, total: 10, missed: [], minutes: 18, verdict: 'Completed' });
    expect(summary.lines).toEqual({
      reached: 'Reached 10 of 10 markers',
      missed: 'Missed: none',
      time: 'Time: 18 min',
    });
  });

  it('9 of 10 is exactly 90 %: Completed, the missed one named', () => {
    const arrivals = ten.markers.slice(0, 9).map(({ id }, i) => arrivalAt(id, i));
    const summary = finishSummary(sessionWith(arrivals), finishedAt);
    expect(summary.verdict).toBe('Completed');
    expect(summary.lines.missed).toBe('Missed: Marker 10');
    expect(summary.lines.time).toBe('Time: 8 min');
  });

  it('8 of 10 is Not Completed, and its time is the time since the start', () => {
    const arrivals = ten.markers.filter((_, i) => i !== 2 && i !== 6).map(({ id }, i) => arrivalAt(id, i));
    const summary = finishSummary(sessionWith(arrivals), finishedAt);
    expect(summary).toMatchObject({ reached: 8, verdict: 'Not Completed', minutes: 32 });
    expect(summary.lines.missed).toBe('Missed: Marker 3, Marker 7');
  });

  it('counts a marker reached twice once, and ignores arrivals at markers not on the walk', () => {
    const arrivals = [arrivalAt(101, 1), arrivalAt(101, 2), arrivalAt(999, 3)];
    const summary = finishSummary(sessionWith(arrivals), finishedAt);
    expect(summary.reached).toBe(1);
    expect(summary.lines.reached).toBe('Reached 1 of 10 markers');
  });

  it('all reached within the same minute has no duration: Not Completed, as the report will say', () => {
    const three = recorderWalk();
    const arrivals = three.markers.map(({ id }) => arrivalAt(id, 5));
    expect(finishSummary(sessionWith(arrivals, three), finishedAt).verdict).toBe('Not Completed');
  });

  it('nothing reached: Not Completed, every marker missed', () => {
    const summary = finishSummary(sessionWith([], recorderWalk()), finishedAt);
    expect(summary.verdict).toBe('Not Completed');
    expect(summary.lines).toEqual({
      reached: 'Reached 0 of 3 markers',
      missed: 'Missed: Marker 1, Marker 2, Marker 3',
      time: 'Time: 32 min',
    });
  });
});
