import { describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { UNIT_RANGE_PATTERN } from '@sitewalk/shared/schemas/walk';
import { generateDemo } from './generate.ts';

const now = new Date('2026-11-22T12:00:00Z');
const demo = generateDemo({ seed: 3, size: 21, now });
/** Minutes after the shift's usual start (14:00 or 01:00 UTC). */
const minutesIntoShift = (iso: string) => {
  const minutes = new Date(iso).getUTCHours() * 60 + new Date(iso).getUTCMinutes();
  return minutes >= 12 * 60 ? minutes - 14 * 60 : minutes - 60;
};

describe('the demo tenant', () => {
  it('is the same for the same seed, size and day, and different for another seed', () => {
    expect(generateDemo({ seed: 3, size: 21, now })).toEqual(demo);
    const other = generateDemo({ seed: 4, size: 21, now });
    expect(other.company.name).not.toBe(demo.company.name);
    expect(other.locations.map((l) => l.zipcode)).not.toEqual(demo.locations.map((l) => l.zipcode));
  });

  it('has the asked number of locations at real US ZIP centres, each staffed and with walks of 10–40 markers', () => {
    expect(demo.locations).toHaveLength(21);
    expect(new Set(demo.locations.map((l) => l.zipcode)).size).toBe(21);
    for (const location of demo.locations) {
      expect(location.zipcode).toMatch(/^\d{5}$/);
      expect(location.state).toMatch(/^[A-Z]{2}$/);
      expect(Math.abs(location.latitude)).toBeGreaterThan(18);
      expect(location.longitude).toBeLessThan(-60);
      const walks = demo.walks.filter((w) => w.locationKey === location.key);
      expect(walks.length).toBeGreaterThan(0);
      for (const walk of walks) {
        expect(walk.markers.length).toBeGreaterThanOrEqual(10);
        expect(walk.markers.length).toBeLessThanOrEqual(40);
        for (const m of walk.markers) expect(m.unitNumberRange).toMatch(UNIT_RANGE_PATTERN);
      }
      const roles = demo.people.filter((p) => p.locationKeys.includes(location.key)).map((p) => p.roleId);
      expect(roles).toEqual(expect.arrayContaining([Role.Manager, Role.Employee]));
    }
    expect(new Set(demo.people.map((p) => p.email)).size).toBe(demo.people.length);
    expect(demo.people.map((p) => p.roleId)).toEqual(expect.arrayContaining([Role.Owner, Role.AreaManager]));
  });

  it('walks every location morning and evening for 90 days, some late, short, unfinished, with notes or photos', () => {
    const starts = demo.reports.map((r) => Date.parse(r.startedAt));
    expect(Math.min(...starts)).toBeLessThan(now.getTime() - 89 * 86_400_000);
    expect(Math.max(...starts)).toBeLessThanOrEqual(now.getTime());
    // Two a day at 21 locations, less the missed ones.
    expect(demo.reports.length).toBeGreaterThan(21 * 90 * 2 * 0.9);
    expect(demo.reports.length).toBeLessThanOrEqual(21 * 90 * 2);
    const shifts = new Set(
      demo.reports.map((r) => (new Date(r.startedAt).getUTCHours() >= 12 ? 'am' : 'pm')),
    );
    expect(shifts).toEqual(new Set(['am', 'pm']));
    const offsets = demo.reports.map((r) => minutesIntoShift(r.startedAt));
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(offsets.filter((m) => m > 40).length).toBeGreaterThan(0); // late
    expect(offsets.filter((m) => m <= 40).length).toBeGreaterThan(demo.reports.length * 0.8);
    const markersOf = new Map(demo.walks.map((w) => [w.key, w.markers.length]));
    expect(demo.reports.some((r) => r.arrivals.length < (markersOf.get(r.walkKey) ?? 0))).toBe(true);
    expect(demo.reports.some((r) => r.finishedAt === null)).toBe(true);
    expect(demo.reports.some((r) => r.notes.length > 0)).toBe(true);
    expect(demo.reports.some((r) => r.photos.length > 0)).toBe(true);
    // Most arrivals by position, a few marked by hand (where the fix was at its worst).
    const arrivals = demo.reports.flatMap((r) => r.arrivals);
    const byHand = arrivals.filter((a) => a.method === 'hand');
    expect(byHand.length).toBeGreaterThan(0);
    expect(byHand.length).toBeLessThan(arrivals.length * 0.1);
    expect(byHand.every((a) => a.accuracy >= 25)).toBe(true);
    for (const report of demo.reports.slice(0, 200)) {
      const times = report.arrivals.map((a) => a.arrivedAt);
      expect(times).toEqual([...times].sort());
      if (report.finishedAt) expect(report.finishedAt > (times.at(-1) ?? report.startedAt)).toBe(true);
    }
  });

  it('has incidents of every priority, some resolved after they were made, some still open', () => {
    expect(new Set(demo.incidents.map((i) => i.priority))).toEqual(new Set([1, 2, 3]));
    const resolved = demo.incidents.filter((i) => i.resolvedAt !== null);
    expect(resolved.length).toBeGreaterThan(0);
    expect(resolved.length).toBeLessThan(demo.incidents.length);
    for (const incident of resolved) {
      expect(Date.parse(incident.resolvedAt ?? '')).toBeGreaterThan(Date.parse(incident.createdAt));
      expect(Date.parse(incident.resolvedAt ?? '')).toBeLessThanOrEqual(now.getTime());
    }
    expect(demo.incidents.some((i) => i.reportKey !== null)).toBe(true);
    expect(demo.incidents.every((i) => i.texts.length > 0)).toBe(true);
  });

  it('refuses sizes it cannot place', () => {
    expect(() => generateDemo({ seed: 1, size: 0 })).toThrow(/size/);
    expect(() => generateDemo({ seed: 1, size: 500 })).toThrow(/size/);
  });
});
