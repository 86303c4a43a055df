import { Faker, base, en } from '@faker-js/faker';
import { Role } from '@sitewalk/shared/roles';
import type { LockFinding, UnitStatus } from '@sitewalk/shared/lock-check';
import type { ImportedUnit } from '@sitewalk/shared/roster';
import type { DemoTenant } from './generate.ts';

/**
 * The demo's unit rosters and lock checks (issue 31), drawn apart from the rest of the tenant (their own random
 * stream, so a tenant's other data stays what its seed made before): every location has a roster of 300–700
 * units, the first exactly DEMO_FACILITY_UNITS (the facility the lock-check journey walks); the second and third
 * were checked in full lately, with a few discrepancies; the fourth's roster went a week and more unchecked.
 */

export const DEMO_FACILITY_UNITS = 540;
const DAY = 86_400_000;
const SECOND = 1_000;

export interface DemoRoster {
  locationKey: string;
  importerKey: string;
  importedAt: string;
  units: ImportedUnit[];
}

export interface DemoLockCheck {
  locationKey: string;
  walkerKey: string;
  startedAt: string;
  finishedAt: string;
  taps: { unit: string; finding: LockFinding; seenAt: string }[];
}

const SIZES = ['5x5', '5x10', '10x10', '10x15', '10x20', '10x30'];

/** A roster of `count` units in buildings of up to 120 (A-1 … A-120, B-1 …), mostly rented. */
const rosterOf = (f: Faker, count: number): ImportedUnit[] => {
  const chance = (p: number) => f.number.float({ min: 0, max: 1 }) < p;
  return Array.from({ length: count }, (_, n) => {
    const status: UnitStatus = chance(0.84)
      ? 'rented'
      : chance(0.75)
        ? 'vacant'
        : chance(0.5)
          ? 'companyUse'
          : 'unavailable';
    const delinquent = status === 'rented' && chance(0.07);
    return {
      number: `${String.fromCharCode(65 + Math.floor(n / 120))}-${(n % 120) + 1}`,
      status,
      delinquent,
      // Most delinquent units are overlocked; a rare paid one still is.
      overlocked: delinquent ? chance(0.8) : status === 'rented' && chance(0.01),
      size: f.helpers.arrayElement(SIZES),
    };
  });
};

/** What a walker finds at a unit: as the roster says, but for a few doors. */
const findingAt = (f: Faker, unit: ImportedUnit): LockFinding => {
  const odd = f.number.float({ min: 0, max: 1 });
  if (odd < 0.004) return 'lockCut';
  if (odd < 0.008) return 'doorOpen';
  if (unit.overlocked) return 'overlock';
  if (unit.status === 'rented') return odd < 0.02 ? 'noLock' : odd < 0.03 ? 'companyLock' : 'tenantLock';
  if (unit.status === 'vacant') return odd < 0.05 ? 'tenantLock' : 'noLock';
  return 'companyLock';
};

export const demoLockData = (tenant: DemoTenant, now: Date) => {
  const rosters: DemoRoster[] = [];
  const lockChecks: DemoLockCheck[] = [];
  const owner = tenant.people[0];
  if (!owner) return { rosters, lockChecks };
  tenant.locations.forEach((location, index) => {
    const f = new Faker({ locale: [en, base] });
    f.seed(tenant.seed * 10_000 + index);
    const someone = (roleId: number) =>
      tenant.people.find((p) => p.roleId === roleId && p.locationKeys.includes(location.key));
    const units = rosterOf(f, index === 0 ? DEMO_FACILITY_UNITS : f.number.int({ min: 300, max: 700 }));
    const importer = someone(Role.Manager) ?? owner;
    const importedAt = new Date(now.getTime() - (index === 3 ? 10 : 3) * DAY);
    rosters.push({
      locationKey: location.key,
      importerKey: importer.key,
      importedAt: importedAt.toISOString(),
      units,
    });

    const walker = someone(Role.Employee);
    if ((index === 1 || index === 2) && walker) {
      const startedAt = new Date(now.getTime() - (index === 1 ? 1 : 2) * DAY - 6 * 3_600_000);
      let seenAt = startedAt.getTime();
      const taps = units.flatMap((unit) => {
        seenAt += f.number.int({ min: 8, max: 30 }) * SECOND;
        // A door or two not reached: not found in the full check.
        if (f.number.float({ min: 0, max: 1 }) < 0.004) return [];
        return [{ unit: unit.number, finding: findingAt(f, unit), seenAt: new Date(seenAt).toISOString() }];
      });
      // A unit on the property that the roster lacks.
      seenAt += 20 * SECOND;
      taps.push({ unit: 'Z-1', finding: 'tenantLock', seenAt: new Date(seenAt).toISOString() });
      lockChecks.push({
        locationKey: location.key,
        walkerKey: walker.key,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date(seenAt + 60 * SECOND).toISOString(),
        taps,
      });
    }
  });
  return { rosters, lockChecks };
};
