import { describe, expect, it } from 'vitest';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import { checkUnits } from './lock-check-actions.ts';

const roster: Pick<RosterVersion, 'units'> = {
  units: ['A-101', 'A-102', 'B-201', 'B-202'].map((number) => ({
    number,
    status: 'rented',
    delinquent: false,
    overlocked: false,
    size: null,
  })),
};
const numbers = (units: { number: string }[]) => units.map((unit) => unit.number);

describe("a lock check's list", () => {
  it('is in unit-number order, a unit added on the phone in its place, when no walk covers the units', () => {
    expect(numbers(checkUnits(roster, { kind: 'all' }, ['A-150'], [['101-102']]))).toEqual([
      'A-101',
      'A-102',
      'A-150',
      'B-201',
      'B-202',
    ]);
  });

  it("follows a walk's door markers that cover the scope, an added unit after them", () => {
    const doorWalks = [['101'], ['201-202', '101-102']];
    expect(numbers(checkUnits(roster, { kind: 'all' }, ['A-150'], doorWalks))).toEqual([
      'B-201',
      'B-202',
      'A-101',
      'A-102',
      'A-150',
    ]);
    // A part of the roster is covered by the first walk.
    expect(numbers(checkUnits(roster, { kind: 'range', from: 'A-101', to: 'A-101' }, [], doorWalks))).toEqual(
      ['A-101'],
    );
  });
});
