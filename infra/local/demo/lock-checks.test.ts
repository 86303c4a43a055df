import { describe, expect, it } from 'vitest';
import { discrepanciesOf, unitKey } from '@sitewalk/shared/lock-check';
import { compareUnitNumbers, repeatedUnitNumbers } from '@sitewalk/shared/roster';
import { rosterUnit } from '@sitewalk/shared/schemas/lockCheck';
import { generateDemo } from './generate.ts';
import { DEMO_FACILITY_UNITS, demoLockData } from './lock-checks.ts';

const now = new Date('2026-11-24T15:00:00Z');
const tenant = generateDemo({ seed: 9, size: 6, days: 3, now });
const data = demoLockData(tenant, now);

describe("the demo's rosters and lock checks", () => {
  it('gives every location a valid roster: the first of the facility size, the others 300 to 700 units', () => {
    expect(data.rosters.map((r) => r.locationKey)).toEqual(tenant.locations.map((l) => l.key));
    expect(data.rosters[0]?.units).toHaveLength(DEMO_FACILITY_UNITS);
    for (const roster of data.rosters) {
      expect(roster.units.length).toBeGreaterThanOrEqual(300);
      expect(roster.units.length).toBeLessThanOrEqual(700);
      expect(repeatedUnitNumbers(roster.units.map((u) => u.number))).toEqual([]);
      for (const unit of roster.units) expect(rosterUnit.safeParse(unit).success).toBe(true);
      expect(new Set(roster.units.map((u) => u.status)).size).toBeGreaterThan(1);
    }
  });

  it('is the same for the same seed, and another for another', () => {
    expect(demoLockData(tenant, now)).toEqual(data);
    expect(demoLockData({ ...tenant, seed: 10 }, now).rosters[1]?.units).not.toEqual(data.rosters[1]?.units);
  });

  it('leaves the rest of the tenant as its seed made it', () => {
    expect(generateDemo({ seed: 9, size: 6, days: 3, now })).toEqual(tenant);
  });

  it('checked the second and third locations in full lately, by one of their Employees, door after door', () => {
    expect(data.lockChecks.map((c) => c.locationKey)).toEqual([
      tenant.locations[1]?.key,
      tenant.locations[2]?.key,
    ]);
    for (const check of data.lockChecks) {
      const walker = tenant.people.find((p) => p.key === check.walkerKey);
      expect(walker?.locationKeys).toContain(check.locationKey);
      expect(Date.parse(check.finishedAt)).toBeLessThan(now.getTime());
      const seen = check.taps.map((t) => Date.parse(t.seenAt));
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(check.taps[0] && Date.parse(check.taps[0].seenAt)).toBeGreaterThan(Date.parse(check.startedAt));
      const numbers = check.taps.map((t) => t.unit).filter((n) => n !== 'Z-1');
      expect(numbers).toEqual([...numbers].sort(compareUnitNumbers));
    }
  });

  it('finds a few discrepancies in each check, of several kinds, a unit not on the roster among them', () => {
    for (const check of data.lockChecks) {
      const roster = data.rosters.find((r) => r.locationKey === check.locationKey)!;
      const byKey = new Map(roster.units.map((u) => [unitKey(u.number), u]));
      const kinds = check.taps.flatMap((tap) =>
        discrepanciesOf({
          unit: byKey.get(unitKey(tap.unit)) ?? null,
          finding: tap.finding,
          fullCheck: true,
        }),
      );
      expect(kinds).toContain('notOnRoster');
      expect(new Set(kinds).size).toBeGreaterThanOrEqual(3);
      expect(kinds.length).toBeLessThan(roster.units.length / 5);
    }
  });

  it("let the fourth location's roster go more than a week unchecked, the others under one", () => {
    const ages = data.rosters.map((r) => (now.getTime() - Date.parse(r.importedAt)) / 86_400_000);
    expect(ages[3]).toBeGreaterThan(7);
    expect(ages.filter((age, i) => i !== 3 && age >= 7)).toEqual([]);
  });
});
