import { describe, expect, it } from 'vitest';
import { ACCURACY_ALLOWANCE_MAX_M, ARRIVAL_RADIUS_M, distanceMeters, isWithinReach } from './arrival.ts';

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
