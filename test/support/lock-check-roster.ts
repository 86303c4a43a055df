import type { LockFinding } from '@sitewalk/shared/lock-check';
import type { ImportedUnit } from '@sitewalk/shared/roster';
import { apiAs } from './api.ts';
import type { Person } from './people.ts';

/**
 * A storage facility's roster for the lock-check journeys and benches (issue 31): buildings A, B, C … of 100
 * units each, most rented; every 10th vacant, every 50th the company's, every 25th rented unit delinquent (and
 * every other of those already overlocked).
 */
export const facilityRoster = (count: number): ImportedUnit[] =>
  Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const number = `${String.fromCharCode(65 + Math.floor(i / 100))}-${(i % 100) + 1}`;
    const status = n % 50 === 0 ? 'companyUse' : n % 10 === 0 ? 'vacant' : 'rented';
    const delinquent = status === 'rented' && n % 25 === 5;
    return { number, status, delinquent, overlocked: delinquent && n % 50 === 5, size: '10x10' };
  });

/** What a walker sees at a unit where all is as the roster says: no discrepancy, so no photo is asked. */
export const expectedFinding = (unit: ImportedUnit): LockFinding => {
  if (unit.delinquent) return 'overlock';
  if (unit.status === 'rented') return 'tenantLock';
  if (unit.status === 'companyUse') return 'companyLock';
  return 'noLock';
};

/** Imports `units` as the location's roster, as a Manager of it (its first version). */
export const importRoster = async (
  baseUrl: string,
  manager: Person,
  locationId: number,
  units: ImportedUnit[],
) =>
  apiAs(baseUrl)(manager, 'roster.import', {
    params: { locationId },
    body: { basedOnVersion: null, units, fileName: 'rent-roll.csv' },
  });
