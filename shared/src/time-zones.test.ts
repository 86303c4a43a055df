import { describe, expect, it } from 'vitest';
import { locationTimeZone, timeZoneAt } from './time-zones.ts';

describe('timeZoneAt', () => {
  it("finds a location's zone from its coordinates, UTC where the coordinates are no place", () => {
    expect(locationTimeZone({ latitude: 34.05, longitude: -118.24 })).toBe('America/Los_Angeles');
    expect(timeZoneAt(40.71, -74.01)).toBe('America/New_York');
    expect(timeZoneAt(200, 0)).toBe('UTC');
    expect(timeZoneAt(Number.NaN, 10)).toBe('UTC');
  });
});
