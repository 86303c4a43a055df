import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { Role } from '@sitewalk/shared/roles';
import { UNIT_RANGE_PATTERN } from '@sitewalk/shared/schemas/walk';
import { DEFAULT_GRACE_MINUTES, DEFAULT_WINDOWS } from '@sitewalk/shared/constants';
import { atLocalTime, localDate } from '@sitewalk/shared/time';
import { timeZoneAt } from '@sitewalk/shared/time-zones';
import { occurrencesOn, statusAt, type ReportTimes } from '@sitewalk/shared/walk-windows';
import { todayStateOf } from '@sitewalk/shared/portfolio';
import {
  DEMO_MAX_COMPANIES,
  DEMO_MAX_SIZE,
  demoWindowDays,
  generateDemo,
  generateDemos,
  type DemoLocation,
  type DemoTenant,
} from './generate.ts';

const now = new Date('2026-11-22T12:00:00Z');
const demo = generateDemo({ seed: 3, size: 21, now });
const timeZoneOf = (location: DemoLocation) => timeZoneAt(location.latitude, location.longitude);
const locationOfReport = (tenant: DemoTenant) => {
  const locationOfWalk = new Map(tenant.walks.map((w) => [w.key, w.locationKey]));
  const locations = new Map(tenant.locations.map((l) => [l.key, l]));
  return (report: { walkKey: string }) =>
    locations.get(locationOfWalk.get(report.walkKey) ?? '') as DemoLocation;
};
/** Minutes after the opening of the window (in the location's own time zone) the report was begun in. */
const minutesIntoWindow = (iso: string, location: DemoLocation) => {
  const timeZone = timeZoneOf(location);
  const started = new Date(iso);
  const date = localDate(started, timeZone);
  const opening = DEFAULT_WINDOWS.map((w) => atLocalTime(date, w.start, timeZone).getTime())
    .filter((opensAt) => opensAt <= started.getTime())
    .at(-1);
  return opening === undefined ? -1 : (started.getTime() - opening) / 60_000;
};

describe('the demo tenant', () => {
  it('is the same for the same seed, size and day, and different for another seed', () => {
    expect(generateDemo({ seed: 3, size: 21, now })).toEqual(demo);
    const other = generateDemo({ seed: 4, size: 21, now });
    expect(other.company.name).not.toBe(demo.company.name);
    expect(other.locations.map((l) => l.zipcode)).not.toEqual(demo.locations.map((l) => l.zipcode));
  });

  it('is the same for the same seed at 500 locations too', () => {
    expect(generateDemo({ seed: 3, size: 500, days: 2, now })).toEqual(large);
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

  it('walks every location in its morning and evening windows, on its own clock, for 90 days and today so far, some late, short, unfinished, with notes or photos', () => {
    const starts = demo.reports.map((r) => Date.parse(r.startedAt));
    expect(Math.min(...starts)).toBeLessThan(now.getTime() - 89 * 86_400_000);
    expect(Math.max(...starts)).toBeLessThanOrEqual(now.getTime());
    // Two a day at 21 locations (fewer on the weekend evenings of every fourth), less the missed ones.
    expect(demo.reports.length).toBeGreaterThan(21 * 90 * 2 * 0.85);
    expect(demo.reports.length).toBeLessThanOrEqual(21 * 91 * 2);
    const locationOf = locationOfReport(demo);
    const windowLength = 180;
    const offsets = demo.reports.map((r) => minutesIntoWindow(r.startedAt, locationOf(r)));
    // Begun from the window's opening; late ones after it closed, within its grace and half an hour.
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(windowLength + DEFAULT_GRACE_MINUTES + 30);
    expect(offsets.filter((m) => m > windowLength).length).toBeGreaterThan(0); // late
    expect(offsets.filter((m) => m <= 90).length).toBeGreaterThan(demo.reports.length * 0.8);
    const hours = new Set(
      demo.reports.map((r) =>
        Number(
          new Intl.DateTimeFormat('en-US', {
            hour: 'numeric',
            hourCycle: 'h23',
            timeZone: timeZoneOf(locationOf(r)),
          }).format(new Date(r.startedAt)),
        ) < 12
          ? 'morning'
          : 'evening',
      ),
    );
    expect(hours).toEqual(new Set(['morning', 'evening']));
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

  it('refuses sizes and numbers of companies it cannot make', () => {
    expect(() => generateDemo({ seed: 1, size: 0 })).toThrow(
      'The demo size is a number of locations from 1 to 1000; 0 is not',
    );
    expect(() => generateDemo({ seed: 1, size: 5000 })).toThrow(/size .* 5000 is not/);
    expect(() => generateDemo({ seed: 1, size: 2.5 })).toThrow(/size/);
    expect(() => generateDemos({ seed: 1, size: 1, companies: 0 })).toThrow(
      `The demo's companies are a number from 1 to ${DEMO_MAX_COMPANIES}; 0 is not`,
    );
    expect(() => generateDemos({ seed: 1, size: 1, companies: DEMO_MAX_COMPANIES + 1 })).toThrow(/companies/);
    expect(DEMO_MAX_SIZE).toBe(1000);
  });
});

const large = generateDemo({ seed: 3, size: 500, days: 2, now });

describe('a demo tenant of 500 locations', () => {
  it('places every location at a unique, well-formed US address near a real ZIP centre, with a unique name', () => {
    expect(large.locations).toHaveLength(500);
    const addresses = large.locations.map((l) => `${l.address}, ${l.city}, ${l.state} ${l.zipcode}`);
    expect(new Set(addresses).size).toBe(500);
    expect(new Set(large.locations.map((l) => l.name)).size).toBe(500);
    for (const location of large.locations) {
      expect(location.address).toMatch(/^\d{1,5} [A-Z0-9][A-Za-z0-9 .'-]+$/);
      expect(location.zipcode).toMatch(/^\d{5}$/);
      expect(location.state).toMatch(/^[A-Z]{2}$/);
      const centre = zipcodes.lookup(location.zipcode);
      expect(centre?.country).toBe('US');
      expect(centre?.city).toBe(location.city);
      expect(centre?.state).toBe(location.state);
      expect(Math.abs(location.latitude - (centre?.latitude ?? 0))).toBeLessThanOrEqual(0.02);
      expect(Math.abs(location.longitude - (centre?.longitude ?? 0))).toBeLessThanOrEqual(0.02);
    }
    // The 66 metro centres and, around them, other real ZIP centres.
    expect(new Set(large.locations.map((l) => l.zipcode)).size).toBeGreaterThan(400);
  });

  it('groups its locations in areas of about 25 neighbouring ones, each with its Area Manager and staff', () => {
    expect(large.organizations).toHaveLength(20);
    expect(new Set(large.organizations.map((o) => o.name)).size).toBe(20);
    for (const area of large.organizations) {
      const members = large.locations.filter((l) => l.organizationKey === area.key);
      expect(members).toHaveLength(25);
      // Neighbours: an area spans a few states at most.
      expect(new Set(members.map((l) => l.state)).size).toBeLessThanOrEqual(6);
      expect(
        large.people.filter((p) => p.roleId === Role.AreaManager && p.organizationKeys.includes(area.key)),
      ).toHaveLength(1);
    }
    expect(new Set(large.people.map((p) => p.email)).size).toBe(large.people.length);
    expect(large.people).toHaveLength(2 + 20 + 500 * 3);
  });

  it('shows today walked, due-soon and missed windows and open incidents of every priority', () => {
    // 15:30 UTC: on the east coast the morning window's grace is over, in the centre it closes within
    // half an hour, in the west it is open.
    const at = new Date('2026-11-23T15:30:00Z');
    const today = generateDemo({ seed: 3, size: 500, days: 1, now: at });
    const locationOf = locationOfReport(today);
    const reportsAt = new Map<string, ReportTimes[]>();
    const markersOf = new Map(today.walks.map((w) => [w.key, w.markers.length]));
    today.reports.forEach((report, id) => {
      const key = locationOf(report).key;
      reportsAt.set(key, [
        ...(reportsAt.get(key) ?? []),
        {
          id,
          walkId: 0,
          startedAt: report.startedAt,
          finishedAt: report.finishedAt,
          completion:
            new Set(report.arrivals.map((a) => a.markerIndex)).size / (markersOf.get(report.walkKey) ?? 1),
        },
      ]);
    });
    const states = today.locations.map((location) => {
      const timeZone = timeZoneOf(location);
      const windows = DEFAULT_WINDOWS.map((w) => ({
        id: w.label,
        label: w.label,
        days: demoWindowDays(location, w.label),
        start: w.start,
        end: w.end,
        walkIds: [],
        graceMinutes: DEFAULT_GRACE_MINUTES,
      }));
      const statuses = occurrencesOn({ timeZone, windows }, localDate(at, timeZone)).map(
        (occurrence) => statusAt(occurrence, reportsAt.get(location.key) ?? [], at).status,
      );
      return todayStateOf(statuses);
    });
    const count = (state: string) => states.filter((s) => s === state).length;
    expect(count('walked')).toBeGreaterThan(50);
    expect(count('missed')).toBeGreaterThan(0);
    expect(count('dueSoon')).toBeGreaterThan(0);
    expect(count('missed') + count('dueSoon')).toBeLessThan(100);
    const open = today.incidents.filter((i) => i.resolvedAt === null);
    expect(new Set(open.map((i) => i.priority))).toEqual(new Set([1, 2, 3]));
    expect(open.every((i) => i.createdAt <= at.toISOString())).toBe(true);
    // No walk reaches a marker later than now.
    expect(today.reports.flatMap((r) => r.arrivals).every((a) => a.arrivedAt <= at.toISOString())).toBe(true);
  });
});

describe('several demo companies', () => {
  const companies = generateDemos({ seed: 7, size: 30, companies: 3, days: 2, now });

  it('are the tenants of consecutive seeds, the same each time, each with its own owner and people', () => {
    expect(generateDemos({ seed: 7, size: 30, companies: 3, days: 2, now })).toEqual(companies);
    expect(companies[1]).toEqual(generateDemo({ seed: 8, size: 30, days: 2, now }));
    expect(new Set(companies.map((c) => c.company.name)).size).toBe(3);
    const emails = companies.flatMap((c) => c.people.map((p) => p.email));
    expect(new Set(emails).size).toBe(emails.length);
    for (const tenant of companies) {
      expect(tenant.locations).toHaveLength(30);
      expect(tenant.people.filter((p) => p.roleId === Role.Owner)).toHaveLength(1);
    }
  });
});
