import { describe, expect, it } from 'vitest';
import {
  ACCURACY_ALLOWANCE_MAX_M,
  ARRIVAL_LOOK_AHEAD,
  ARRIVAL_RADIUS_M,
  distanceMeters,
  isWithinReach,
  markerReachedBy,
} from './arrival.ts';

describe('distanceMeters', () => {
  it('is zero at the same point and symmetric', () => {
    const a = { lat: 33.4484, lng: -112.074 };
    const b = { lat: 33.4489, lng: -112.0735 };
    expect(distanceMeters(a, a)).toBe(0);
    expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 9);
  });

  it('measures a thousandth of a degree of latitude as about 111 m', () => {
    expect(distanceMeters({ lat: 40, lng: -75 }, { lat: 40.001, lng: -75 })).toBeCloseTo(111.2, 0);
  });

  it('shrinks a degree of longitude with the cosine of the latitude', () => {
    const atEquator = distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 0.001 });
    const at60 = distanceMeters({ lat: 60, lng: 0 }, { lat: 60, lng: 0.001 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 3);
  });
});

describe('isWithinReach', () => {
  it.each([
    ['inside the radius with a perfect fix', 10, 0, true],
    ['exactly at the radius', ARRIVAL_RADIUS_M, 0, true],
    ['just outside the radius with a perfect fix', ARRIVAL_RADIUS_M + 0.1, 0, false],
    ['outside the radius but within the accuracy credited', ARRIVAL_RADIUS_M + 10, 12, true],
    [
      'beyond the radius and the largest allowance',
      ARRIVAL_RADIUS_M + ACCURACY_ALLOWANCE_MAX_M + 1,
      500,
      false,
    ],
    [
      'at the radius plus the largest allowance, with a poor fix',
      ARRIVAL_RADIUS_M + ACCURACY_ALLOWANCE_MAX_M,
      500,
      true,
    ],
    ['a negative accuracy credits nothing', ARRIVAL_RADIUS_M + 1, -50, false],
  ])('%s', (_name, distance, accuracy, reached) => {
    expect(isWithinReach(distance, accuracy)).toBe(reached);
  });

  it('takes a marker radius of its own', () => {
    expect(isWithinReach(40, 0, 50)).toBe(true);
    expect(isWithinReach(40, 0, 30)).toBe(false);
  });
});

describe('markerReachedBy (the look-ahead in walk order)', () => {
  /** Metres north of the first marker, as latitude degrees. */
  const north = (metres: number) => 39.8 + metres / 111_195;
  const marker = (id: number, metresNorth: number) => ({ id, lat: north(metresNorth), lng: -89.6 });
  const fixAt = (metresNorth: number, accuracy = 0) => ({ lat: north(metresNorth), lng: -89.6, accuracy });
  // A straight walk with markers every 100 m.
  const line = [marker(1, 0), marker(2, 100), marker(3, 200), marker(4, 300), marker(5, 400)];
  const none = new Set<number>();

  it('reaches the next expected marker within reach, with the distance measured', () => {
    const reach = markerReachedBy(line, none, 1, fixAt(10));
    expect(reach?.marker.id).toBe(1);
    expect(reach?.distance).toBeCloseTo(10, 0);
    expect(markerReachedBy(line, none, 1, fixAt(ARRIVAL_RADIUS_M + 1))).toBeNull();
  });

  it('after a skipped marker, reaches the next one by position; the skipped one stays missed', () => {
    // 1 reached, 2 skipped (a locked gate): the walker stands at 3 while 2 is still expected.
    const reached = new Set([1]);
    expect(markerReachedBy(line, reached, 2, fixAt(200))?.marker.id).toBe(3);
    // Standing at 4 too (two unreached markers ahead of the expected one).
    expect(markerReachedBy(line, reached, 2, fixAt(300))?.marker.id).toBe(4);
  });

  it('looks no further than two unreached markers after the expected one', () => {
    expect(ARRIVAL_LOOK_AHEAD).toBe(2);
    expect(markerReachedBy(line, new Set([1]), 2, fixAt(400))).toBeNull();
    // Reached markers are not counted: with 3 reached, 5 is the second unreached marker after 2.
    expect(markerReachedBy(line, new Set([1, 3]), 2, fixAt(400))?.marker.id).toBe(5);
  });

  it('never reaches a marker before the expected one in walk order', () => {
    expect(markerReachedBy(line, new Set([1]), 3, fixAt(100))).toBeNull();
  });

  it('on a loop, reaches the first marker at the start, not the last one beside it', () => {
    const loop = [marker(1, 0), marker(2, 100), marker(3, 200), marker(4, 100), marker(5, -10)];
    const start = fixAt(-5, 5);
    expect(markerReachedBy(loop, none, 1, start)?.marker.id).toBe(1);
    // Away from the first marker but beside the last: the last is three markers ahead, too far to look.
    expect(markerReachedBy(loop, none, 1, fixAt(-30))).toBeNull();
    expect(isWithinReach(distanceMeters(fixAt(-30), loop[4]!), 0)).toBe(true);
    // At the end of the loop the last marker is expected and reached.
    expect(markerReachedBy(loop, new Set([1, 2, 3, 4]), 5, fixAt(-10))?.marker.id).toBe(5);
  });

  it('of two markers closer together than the radius, reaches the earlier in walk order, then the later', () => {
    const close = [marker(1, 0), marker(2, 100), marker(3, 110), marker(4, 300)];
    const between = fixAt(105);
    expect(markerReachedBy(close, new Set([1]), 2, between)?.marker.id).toBe(2);
    expect(markerReachedBy(close, new Set([1, 2]), 3, between)?.marker.id).toBe(3);
    // With 2 skipped and the walker past it at 3's far side, 3 is reached (2 is out of reach there).
    expect(markerReachedBy(close, new Set([1]), 2, fixAt(130))?.marker.id).toBe(3);
  });

  it('reaches nothing when the expected marker is unknown or already reached, or the walk is done', () => {
    expect(markerReachedBy(line, none, 99, fixAt(0))).toBeNull();
    expect(markerReachedBy(line, new Set([1]), 1, fixAt(0))).toBeNull();
    expect(markerReachedBy(line, none, null, fixAt(0))).toBeNull();
    expect(markerReachedBy([], none, null, fixAt(0))).toBeNull();
  });

  it('credits the fix accuracy as the single-marker rule does, and no more', () => {
    expect(markerReachedBy(line, none, 1, fixAt(ARRIVAL_RADIUS_M + 10, 12))?.marker.id).toBe(1);
    expect(
      markerReachedBy(
        line.slice(0, 1),
        none,
        1,
        fixAt(-(ARRIVAL_RADIUS_M + ACCURACY_ALLOWANCE_MAX_M + 1), 500),
      ),
    ).toBeNull();
  });
});
