import { ACCURACY_ALLOWANCE_MAX_M, ARRIVAL_RADIUS_M } from '@sitewalk/shared/arrival';
import { describe, expect, it } from 'vitest';
import { recorderMarker } from '../../../testing/recorder-fixtures.ts';
import type { Arrival } from '../store/types.ts';
import { arrivalTarget, isAtMarker, reachOf } from './arrival.ts';

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

/** A target of one marker alone, to test the reach itself. */
const alone = (marker: typeof one) => ({ markers: [marker], reached: new Set<number>(), heading: marker });

const three = recorderMarker({ id: 3, label: 3, lat: 39.8 + north(80), lng: -89.6 });
/** A loop: the last marker stands 10 m from the first. */
const last = recorderMarker({ id: 4, label: 4, lat: 39.8 - north(10), lng: -89.6 });

describe('arrivalTarget', () => {
  it('is the next expected marker when none is selected, or the selected one is reached', () => {
    expect(arrivalTarget([one, two, three], [], null)?.heading.id).toBe(1);
    expect(arrivalTarget([one, two, three], [reachedOne], null)?.heading.id).toBe(2);
    expect(arrivalTarget([one, two, three], [reachedOne], 1)?.heading.id).toBe(2);
  });

  it('is the selected marker while it is not reached: the walker may go out of order', () => {
    expect(arrivalTarget([one, two, three], [], 3)?.heading.id).toBe(3);
  });

  it('is null when every marker is reached', () => {
    expect(arrivalTarget([one], [reachedOne], null)).toBeNull();
  });
});

describe('reachOf', () => {
  it('reaches a marker within the radius with a sharp fix, not one just beyond it', () => {
    expect(reachOf(alone(one), at(39.8 + north(ARRIVAL_RADIUS_M - 1), 0))?.marker.id).toBe(1);
    expect(reachOf(alone(one), at(39.8 + north(ARRIVAL_RADIUS_M + 1), 0))).toBeNull();
  });

  it('allows for the accuracy up to its cap, and no further', () => {
    const far = 39.8 + north(ARRIVAL_RADIUS_M + 10);
    expect(reachOf(alone(one), at(far, 12))).not.toBeNull();
    expect(reachOf(alone(one), at(far, 8))).toBeNull();
    const farther = 39.8 + north(ARRIVAL_RADIUS_M + ACCURACY_ALLOWANCE_MAX_M + 5);
    expect(reachOf(alone(one), at(farther, 300))).toBeNull();
  });

  it('measures the distance to the target', () => {
    expect(reachOf(alone(two), at(39.8 + north(20), 25))?.distance).toBeCloseTo(20, 0);
  });

  it('at the start of a loop, reaches the first marker, not the last one beside it', () => {
    const start = at(39.8 - north(5), 5);
    const target = arrivalTarget([one, two, three, last], [], null);
    expect(reachOf(target, start)?.marker.id).toBe(1);
    // The last marker is in reach too, but it is not where the walker is heading.
    expect(isAtMarker(last, start)).toBe(true);
  });

  it('after a skipped marker, reaches the one after it by position; the skipped one stays unreached', () => {
    // Marker 2 is skipped (a locked gate): the walker goes from 1 straight to 3.
    const target = arrivalTarget([one, two, three, last], [reachedOne], null);
    expect(target?.heading.id).toBe(2);
    expect(reachOf(target, at(39.8 + north(80), 5))?.marker.id).toBe(3);
    expect(target?.reached.has(2)).toBe(false);
  });

  it('looks ahead of the selected marker, not of the next expected one', () => {
    const target = arrivalTarget([one, two, three, last], [], 3);
    // Standing at marker 2, before the selected marker in walk order: nothing is reached.
    expect(reachOf(target, at(39.8 + north(40), 0))).toBeNull();
    expect(reachOf(target, at(39.8 + north(80), 0))?.marker.id).toBe(3);
  });

  it('has nothing to reach without a target', () => {
    expect(reachOf(null, at(39.8, 5))).toBeNull();
  });
});

describe('isAtMarker', () => {
  it('says whether a fix is within reach of one marker', () => {
    expect(isAtMarker(one, at(39.8 + north(10), 5))).toBe(true);
    expect(isAtMarker(two, at(39.8, 5))).toBe(false);
  });
});
