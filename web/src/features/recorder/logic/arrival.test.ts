import { ACCURACY_ALLOWANCE_MAX_M, ARRIVAL_RADIUS_M } from '@sitewalk/shared/arrival';
import { describe, expect, it } from 'vitest';
import { recorderMarker } from '../../../testing/recorder-fixtures.ts';
import type { Arrival } from '../store/types.ts';
import { isAtMarker, markersInReach } from './arrival.ts';

/** Metres north of a point, as latitude degrees. */
const north = (metres: number) => metres / 111_195;
const at = (lat: number, accuracy: number) => ({ lat, lng: -89.6, accuracy, at: '2026-11-23T08:00:00.000Z' });

const one = recorderMarker({ id: 1, label: 1, lat: 39.8, lng: -89.6 });
const two = recorderMarker({ id: 2, label: 2, lat: 39.8 + north(40), lng: -89.6 });
const reachedOne: Arrival = {
  clientId: 'x',
  markerId: 1,
  arrivedAt: '2026-11-23T08:00:00.000Z',
  lat: 39.8,
  lng: -89.6,
  accuracy: 3,
  method: 'position',
  distance: 0,
};

describe('markersInReach', () => {
  it('reaches a marker within the radius with a sharp fix, not one just beyond it', () => {
    expect(
      markersInReach([one], [], at(39.8 + north(ARRIVAL_RADIUS_M - 1), 0)).map((r) => r.marker.id),
    ).toEqual([1]);
    expect(markersInReach([one], [], at(39.8 + north(ARRIVAL_RADIUS_M + 1), 0))).toEqual([]);
  });

  it('allows for the accuracy up to its cap, and no further', () => {
    const far = 39.8 + north(ARRIVAL_RADIUS_M + 10);
    expect(markersInReach([one], [], at(far, 12))).toHaveLength(1);
    expect(markersInReach([one], [], at(far, 8))).toEqual([]);
    const farther = 39.8 + north(ARRIVAL_RADIUS_M + ACCURACY_ALLOWANCE_MAX_M + 5);
    expect(markersInReach([one], [], at(farther, 300))).toEqual([]);
  });

  it('leaves reached markers out and takes any unreached one, nearest first', () => {
    const between = at(39.8 + north(20), 25);
    expect(markersInReach([one, two], [], between).map(({ marker }) => marker.id)).toEqual([2, 1]);
    expect(markersInReach([one, two], [reachedOne], between).map(({ marker }) => marker.id)).toEqual([2]);
    const [reach] = markersInReach([two], [], between);
    expect(reach?.distance).toBeCloseTo(20, 0);
  });

  it('isAtMarker says the same for one marker', () => {
    expect(isAtMarker(one, at(39.8 + north(10), 5))).toBe(true);
    expect(isAtMarker(two, at(39.8, 5))).toBe(false);
  });
});
