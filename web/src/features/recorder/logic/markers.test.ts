import { describe, expect, it } from 'vitest';
import { recorderMarker, recorderWalk } from '../../../testing/recorder-fixtures.ts';
import type { Arrival } from '../store/types.ts';
import { markerName, markerProgress, nextExpectedMarker, orderedMarkers } from './markers.ts';

const arrival = (markerId: number): Arrival => ({
  clientId: `a-${markerId}`,
  markerId,
  arrivedAt: '2026-11-23T08:00:00.000Z',
  lat: 0,
  lng: 0,
  accuracy: 5,
  method: 'position',
  distance: 3,
});

const four = orderedMarkers(
  recorderWalk({
    markers: [
      recorderMarker({ id: 4, label: 4, order: 3 }),
      recorderMarker({ id: 2, label: 2, order: 1 }),
      recorderMarker({ id: 1, label: 1, order: 0 }),
      recorderMarker({ id: 3, label: 3, order: 2 }),
    ],
  }),
);

describe('orderedMarkers', () => {
  it('puts the markers in walk order, by label when orders tie', () => {
    expect(four.map(({ id }) => id)).toEqual([1, 2, 3, 4]);
    const tied = orderedMarkers({
      markers: [recorderMarker({ id: 9, label: 2, order: 0 }), recorderMarker({ id: 8, label: 1, order: 0 })],
    });
    expect(tied.map(({ label }) => label)).toEqual([1, 2]);
  });
});

describe('nextExpectedMarker', () => {
  it('is the first marker before any arrival', () => {
    expect(nextExpectedMarker(four, [])?.id).toBe(1);
  });

  it('is the one after the latest arrival, skipping those reached', () => {
    expect(nextExpectedMarker(four, [arrival(1)])?.id).toBe(2);
    expect(nextExpectedMarker(four, [arrival(1), arrival(3), arrival(2)])?.id).toBe(4);
  });

  it('comes back to a skipped marker at the end of the walk', () => {
    expect(nextExpectedMarker(four, [arrival(1), arrival(3)])?.id).toBe(4);
    expect(nextExpectedMarker(four, [arrival(1), arrival(3), arrival(4)])?.id).toBe(2);
  });

  it('is null when every marker is reached, and for a walk with none', () => {
    expect(nextExpectedMarker(four, [1, 2, 3, 4].map(arrival))).toBeNull();
    expect(nextExpectedMarker([], [])).toBeNull();
  });
});

describe('markerProgress', () => {
  it('tells reached, next and not reached apart', () => {
    const progress = markerProgress(four, [arrival(2)]);
    expect([...progress.entries()]).toEqual([
      [1, 'not-reached'],
      [2, 'reached'],
      [3, 'next'],
      [4, 'not-reached'],
    ]);
  });

  it('names markers by label', () => {
    expect(markerName({ label: 7 })).toBe('Marker 7');
  });
});
