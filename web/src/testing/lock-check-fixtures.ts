import type { LockCheck } from '@sitewalk/shared/schemas/lockCheck';

type Discrepancy = LockCheck['discrepancies'][number];

const open = { resolvedAt: null, resolvedBy: null, resolution: null, taskId: null } as const;

/** A discrepancy of a check, open unless told. */
export const aDiscrepancy = (overrides: Partial<Discrepancy> = {}): Discrepancy => ({
  unit: 'A-101',
  kind: 'lockCut',
  severity: 1,
  finding: 'lockCut',
  roster: { number: 'A-101', status: 'rented', delinquent: false, overlocked: false, size: '10x10' },
  ...open,
  ...overrides,
});

/**
 * A finished full check of Harbor Self Storage (location 11) by Eli Employee: four units on the roster, three
 * of them checked: A-101's lock cut (with a photo that reads A-107), A-102 as the roster says, A-103 vacant with a
 * tenant lock (resolved), B-7 not on the roster (open, a task made of it), and A-104 not found.
 */
export const aLockCheck = (overrides: Partial<LockCheck> = {}): LockCheck => ({
  id: 41,
  locationId: 11,
  location: { name: 'Harbor Self Storage' },
  startedBy: { firstName: 'Eli', lastName: 'Employee' },
  startedAt: '2026-11-24T15:00:00.000Z',
  finishedAt: '2026-11-24T15:40:00.000Z',
  scope: { kind: 'all' },
  fullCheck: true,
  rosterVersion: 2,
  unitCount: 4,
  checkedCount: 3,
  discrepancyCount: 4,
  openDiscrepancyCount: 3,
  countsByFinding: { tenantLock: 3, overlock: 0, companyLock: 0, noLock: 0, doorOpen: 0, lockCut: 1 },
  results: [
    {
      unit: 'A-101',
      finding: 'lockCut',
      seenAt: '2026-11-24T15:05:00.000Z',
      photoMismatch: true,
      photos: [
        {
          imageName: 'door-a101.jpg',
          url: 'http://localhost/photos/door-a101.jpg',
          takenAt: '2026-11-24T15:05:00.000Z',
          picturedUnit: 'A-107',
        },
      ],
      discrepancies: ['lockCut'],
    },
    {
      unit: 'A-102',
      finding: 'tenantLock',
      seenAt: '2026-11-24T15:06:00.000Z',
      photoMismatch: false,
      photos: [],
      discrepancies: [],
    },
    {
      unit: 'A-103',
      finding: 'tenantLock',
      seenAt: '2026-11-24T15:07:00.000Z',
      photoMismatch: false,
      photos: [],
      discrepancies: ['vacantTenantLock'],
    },
    {
      unit: 'B-7',
      finding: 'tenantLock',
      seenAt: '2026-11-24T15:30:00.000Z',
      photoMismatch: false,
      photos: [],
      discrepancies: ['notOnRoster'],
    },
  ],
  discrepancies: [
    aDiscrepancy(),
    aDiscrepancy({
      unit: 'A-103',
      kind: 'vacantTenantLock',
      finding: 'tenantLock',
      roster: { number: 'A-103', status: 'vacant', delinquent: false, overlocked: false, size: null },
      resolvedAt: '2026-11-24T16:00:00.000Z',
      resolvedBy: { firstName: 'Dana', lastName: 'Walker' },
      resolution: 'Lease entered on the wrong unit; fixed in the software',
    }),
    aDiscrepancy({
      unit: 'B-7',
      kind: 'notOnRoster',
      severity: 2,
      finding: 'tenantLock',
      roster: null,
      taskId: 77,
    }),
    aDiscrepancy({
      unit: 'A-104',
      kind: 'notFound',
      severity: 2,
      finding: null,
      roster: { number: 'A-104', status: 'rented', delinquent: true, overlocked: true, size: null },
    }),
  ],
  ...overrides,
});
