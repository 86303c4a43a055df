import { describe, expect, it } from 'vitest';
import {
  photoShowsUnit,
  DISCREPANCY_KINDS,
  DISCREPANCY_RULES,
  DISCREPANCY_SEVERITY,
  LOCK_FINDINGS,
  UNIT_STATUSES,
  discrepanciesOf,
  photoRequired,
  unitKey,
  type LockFinding,
  type RosterUnit,
  type UnitStatus,
} from './lock-check.ts';

const unit = (
  status: UnitStatus,
  flags: Partial<Pick<RosterUnit, 'delinquent' | 'overlocked'>> = {},
): RosterUnit => ({
  number: '101',
  status,
  delinquent: false,
  overlocked: false,
  ...flags,
});
const check = (roster: RosterUnit | null, finding: LockFinding | null, fullCheck = false) =>
  discrepanciesOf({ unit: roster, finding, fullCheck });

describe('the discrepancy rule table (issue 31)', () => {
  it.each([
    // What the audit practice looks for, one line of the issue each.
    ['rented, no lock: unsecured', unit('rented'), 'noLock', ['unsecured']],
    ['rented, door open', unit('rented'), 'doorOpen', ['doorOpen']],
    ['rented, lock cut', unit('rented'), 'lockCut', ['lockCut']],
    ['vacant, door open', unit('vacant'), 'doorOpen', ['doorOpen']],
    ['vacant with a tenant lock', unit('vacant'), 'tenantLock', ['vacantTenantLock']],
    [
      'delinquent with only a tenant lock',
      unit('rented', { delinquent: true }),
      'tenantLock',
      ['delinquentNotOverlocked'],
    ],
    ['delinquent and overlocked', unit('rented', { delinquent: true, overlocked: true }), 'overlock', []],
    [
      'delinquent, lock cut',
      unit('rented', { delinquent: true }),
      'lockCut',
      ['lockCut', 'delinquentNotOverlocked'],
    ],
    ['overlocked and paid', unit('rented'), 'overlock', ['overlockedNotDelinquent']],
    [
      'overlocked on the roster, paid, overlock seen',
      unit('rented', { overlocked: true }),
      'overlock',
      ['overlockedNotDelinquent'],
    ],
    ['rented with a company lock', unit('rented'), 'companyLock', ['rentedCompanyLock']],
    ['rented with a tenant lock: as it should be', unit('rented'), 'tenantLock', []],
    ['vacant with a company lock: as it should be', unit('vacant'), 'companyLock', []],
    ['vacant with no lock: the site decides', unit('vacant'), 'noLock', []],
    ['company use with a company lock', unit('companyUse'), 'companyLock', []],
    ['a unit not on the roster', null, 'tenantLock', ['notOnRoster']],
    ['a unit not on the roster, open', null, 'doorOpen', ['doorOpen', 'notOnRoster']],
  ] as const)('%s', (_, roster, finding, expected) => {
    expect(check(roster, finding)).toEqual(expected);
  });

  it('a roster unit left unchecked is not found in a full check only', () => {
    expect(check(unit('rented'), null, true)).toEqual(['notFound']);
    expect(check(unit('vacant'), null, true)).toEqual(['notFound']);
    expect(check(unit('rented'), null, false)).toEqual([]);
    // Neither on the roster nor checked: nothing to say.
    expect(check(null, null, true)).toEqual([]);
  });

  it('an unchecked delinquent unit is not found, not judged on a lock nobody saw', () => {
    expect(check(unit('rented', { delinquent: true }), null, true)).toEqual(['notFound']);
  });

  it('lists a unit’s discrepancies most severe first, whatever the combination', () => {
    const rosters = [
      null,
      ...UNIT_STATUSES.flatMap((status) =>
        [false, true].flatMap((delinquent) =>
          [false, true].map((overlocked) => unit(status, { delinquent, overlocked })),
        ),
      ),
    ];
    for (const roster of rosters)
      for (const finding of [null, ...LOCK_FINDINGS])
        for (const fullCheck of [false, true]) {
          const severities = check(roster, finding, fullCheck).map((kind) => DISCREPANCY_SEVERITY[kind]);
          expect(severities).toEqual([...severities].sort((a, b) => a - b));
        }
  });

  it('has one rule per kind, in the order of the kinds', () => {
    expect(DISCREPANCY_RULES.map((rule) => rule.kind)).toEqual([...DISCREPANCY_KINDS]);
  });

  it('asks for a photo exactly where what was seen is a discrepancy', () => {
    expect(photoRequired(unit('rented'), 'tenantLock')).toBe(false);
    expect(photoRequired(unit('rented'), 'noLock')).toBe(true);
    expect(photoRequired(unit('vacant'), 'tenantLock')).toBe(true);
    expect(photoRequired(unit('rented', { delinquent: true }), 'overlock')).toBe(false);
    expect(photoRequired(null, 'companyLock')).toBe(true);
  });

  it('compares unit numbers as the roster writes them, spaces and case aside', () => {
    expect(unitKey(' a-101 ')).toBe(unitKey('A-101'));
    expect(unitKey('101')).not.toBe(unitKey('0101'));
  });

  it.each([
    ['748', '748', true],
    ['a-12', 'A-12', true],
    ['B-012', '12', true],
    ['0104', '104', true],
    ['A-12', '121', false],
    ['748', '868', false],
    ['A-12', 'B-12', false],
    ['Office', '12', false],
  ])('a photo of unit %s reading %s shows it: %s', (unit, pictured, shows) => {
    expect(photoShowsUnit(unit, pictured)).toBe(shows);
  });
});
