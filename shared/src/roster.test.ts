import { describe, expect, it } from 'vitest';
import { UNIT_NUMBER_MAX } from './constants.ts';
import {
  alongDoorMarkers,
  compareUnitNumbers,
  doorWalkOrder,
  coverageLabel,
  guessRosterMapping,
  inScope,
  isFullCheck,
  readRoster,
  repeatedUnitNumbers,
  readRosterRow,
  rosterChanges,
  scopeLabel,
  statusOf,
  unitsInScope,
  type RosterMapping,
} from './roster.ts';

const mapping: RosterMapping = {
  unit: 'Unit',
  status: 'Status',
  delinquent: 'Days Past Due',
  overlocked: 'Overlock',
  size: 'Size',
};
const row = (cells: Partial<Record<'Unit' | 'Status' | 'Days Past Due' | 'Overlock' | 'Size', string>>) => ({
  Unit: '101',
  Status: 'Rented',
  'Days Past Due': '0',
  Overlock: 'N',
  Size: '10x10',
  ...cells,
});

describe('reading a rent-roll row', () => {
  it('reads a unit with its status, flags and size', () => {
    expect(readRosterRow(row({ 'Days Past Due': '12', Overlock: 'Y' }), mapping)).toEqual({
      unit: { number: '101', status: 'rented', delinquent: true, overlocked: true, size: '10x10' },
    });
  });

  it.each([
    ['Occupied', 'rented'],
    [' VACANT ', 'vacant'],
    ['Available', 'vacant'],
    ['Company  Use', 'companyUse'],
    ['Damaged', 'unavailable'],
  ] as const)('takes %j for %s', (cell, status) => {
    expect(statusOf(cell)).toBe(status);
  });

  it.each([
    [{ Unit: '  ' }, 'No unit number'],
    [
      { Unit: 'x'.repeat(UNIT_NUMBER_MAX + 1) },
      `The unit number is longer than ${UNIT_NUMBER_MAX} characters`,
    ],
    [{ Status: 'Moved out?' }, "Unknown status 'Moved out?'"],
    [{ Status: '' }, 'No status'],
    [{ Overlock: 'maybe' }, "'maybe' is not yes or no for overlocked"],
    [{ 'Days Past Due': '-3' }, "'-3' is not yes or no for delinquent"],
  ])('refuses %j: %s', (cells, error) => {
    expect(readRosterRow(row(cells), mapping)).toEqual({ error });
  });

  it('leaves the flags and size out when the export has no such column', () => {
    const bare: RosterMapping = {
      unit: 'Unit',
      status: 'Status',
      delinquent: null,
      overlocked: null,
      size: null,
    };
    expect(readRosterRow({ Unit: 'B-7', Status: 'vacant' }, bare)).toEqual({
      unit: { number: 'B-7', status: 'vacant', delinquent: false, overlocked: false, size: null },
    });
  });
});

describe('reading a rent roll', () => {
  it('keeps good rows, and says which lines were refused and why, a repeated unit among them', () => {
    const read = readRoster(
      [row({}), row({ Status: '??' }), row({ Unit: '102' }), row({ Unit: ' 101' })],
      mapping,
    );
    expect(read.units.map((unit) => unit.number)).toEqual(['101', '102']);
    expect(read.errors).toEqual([
      { line: 3, error: "Unknown status '??'" },
      { line: 5, error: 'Unit 101 is also on line 2' },
    ]);
  });
});

describe('units listed more than once', () => {
  it('names each repeated number once, as first written, comparing as unitKey does', () => {
    expect(repeatedUnitNumbers(['A-1', '101', 'a-1', 'B2', ' 101', 'A-1'])).toEqual(['A-1', '101']);
    expect(repeatedUnitNumbers(['1', '2', '3'])).toEqual([]);
  });
});

describe('what a new roster version changes', () => {
  const unit = (number: string, status: 'rented' | 'vacant') => ({
    number,
    status,
    delinquent: false,
    overlocked: false,
  });
  it('lists units added, removed and changed, and the counts', () => {
    const changes = rosterChanges(
      [unit('101', 'rented'), unit('102', 'vacant'), unit('103', 'rented')],
      [unit('101', 'vacant'), unit('103', 'rented'), unit('104', 'vacant')],
    );
    expect(changes).toEqual({
      added: ['104'],
      removed: ['102'],
      statusChanged: [{ number: '101', from: 'rented', to: 'vacant' }],
      countBefore: 3,
      countAfter: 3,
    });
  });

  it('finds nothing changed when only the case of a unit number did', () => {
    const changes = rosterChanges([unit('a-1', 'rented')], [unit('A-1', 'rented')]);
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual([]);
  });
});

describe('walk order and the mapping guess', () => {
  it('orders unit numbers as a walker meets them', () => {
    expect(['B-1', 'A-10', 'a-9', '100', '20'].sort(compareUnitNumbers)).toEqual([
      '20',
      '100',
      'a-9',
      'A-10',
      'B-1',
    ]);
  });

  it('guesses the mapping from common headers, and gives up without a unit or status column', () => {
    expect(guessRosterMapping(['Unit #', 'Size', 'Rental Status', 'Days Past Due', 'Overlocked'])).toEqual({
      unit: 'Unit #',
      status: 'Rental Status',
      delinquent: 'Days Past Due',
      overlocked: 'Overlocked',
      size: 'Size',
    });
    expect(guessRosterMapping(['Tenant', 'Balance'])).toBeNull();
  });
});

describe("a lock check's scope", () => {
  const numbers = ['B-2', 'a-10', 'A-9', 'C-1', '100', '99', '1000', 'A-100'];
  const of = (scope: Parameters<typeof unitsInScope>[1]) =>
    unitsInScope(
      numbers.map((number) => ({ number })),
      scope,
    ).map((unit) => unit.number);

  it('covers every unit, in walk order, when it is a full check', () => {
    expect(of({ kind: 'all' })).toEqual(['99', '100', '1000', 'A-9', 'a-10', 'A-100', 'B-2', 'C-1']);
    expect(isFullCheck({ kind: 'all' })).toBe(true);
    expect(isFullCheck({ kind: 'prefix', prefix: 'A' })).toBe(false);
  });

  it("covers the units starting with a building's letter, whatever their case and spaces", () => {
    expect(of({ kind: 'prefix', prefix: ' a' })).toEqual(['A-9', 'a-10', 'A-100']);
    expect(of({ kind: 'prefix', prefix: 'D' })).toEqual([]);
    expect(inScope({ kind: 'prefix', prefix: 'A-1' }, 'A-9')).toBe(false);
  });

  it('covers a range in walk order, both ends included, numbers compared as numbers', () => {
    expect(of({ kind: 'range', from: '99', to: '100' })).toEqual(['99', '100']);
    expect(of({ kind: 'range', from: 'A-9', to: 'A-99' })).toEqual(['A-9', 'a-10']);
    expect(of({ kind: 'range', from: 'A-10', to: 'A-9' })).toEqual([]);
  });

  it('says how much of it a check covered, never 100 % before every unit', () => {
    expect(coverageLabel({ checkedCount: 312, unitCount: 540 })).toBe('312 of 540 units checked (57 %)');
    expect(coverageLabel({ checkedCount: 1199, unitCount: 1200 })).toBe(
      '1,199 of 1,200 units checked (99 %)',
    );
    expect(coverageLabel({ checkedCount: 0, unitCount: 0 })).toBe('0 of 0 units checked (0 %)');
    expect(coverageLabel({ checkedCount: 0, unitCount: 540 })).toBe('0 of 540 units checked (0 %)');
    expect(coverageLabel({ checkedCount: 1, unitCount: 540 })).toBe('1 of 540 units checked (< 1 %)');
  });

  it('reads as the report writes it', () => {
    expect(scopeLabel({ kind: 'all' })).toBe('All units');
    expect(scopeLabel({ kind: 'prefix', prefix: 'B ' })).toBe('Units starting with B');
    expect(scopeLabel({ kind: 'range', from: '100', to: '199' })).toBe('Units 100 to 199');
  });
});

describe('walk order along door markers', () => {
  const units = ['A-101', 'A-102', 'B-201', 'B-202', 'A-150'].map((number) => ({ number }));
  const numbers = (list: { number: string }[] | null) => list?.map((u) => u.number) ?? null;

  it("follows the markers' order, by unit number within a marker", () => {
    expect(numbers(alongDoorMarkers(units, ['201-202', '150', '101-102']))).toEqual([
      'B-201',
      'B-202',
      'A-150',
      'A-101',
      'A-102',
    ]);
    // A unit in two ranges goes with the first marker.
    expect(numbers(alongDoorMarkers(units, ['101-202', '150']))).toEqual([
      'A-101',
      'A-102',
      'A-150',
      'B-201',
      'B-202',
    ]);
  });

  it('is none when a unit is in no range, a unit has no number, or there is no door marker', () => {
    expect(alongDoorMarkers(units, ['101-102', '201-202'])).toBeNull();
    expect(alongDoorMarkers([{ number: 'OFFICE' }], ['1-999'])).toBeNull();
    expect(alongDoorMarkers(units, [])).toBeNull();
  });

  it('takes the first walk whose doors cover every unit, else none', () => {
    const partial = ['101-102'];
    const whole = ['201-202', '101-150'];
    expect(numbers(doorWalkOrder(units, [partial, whole]))).toEqual([
      'B-201',
      'B-202',
      'A-101',
      'A-102',
      'A-150',
    ]);
    expect(doorWalkOrder(units, [partial])).toBeNull();
    expect(doorWalkOrder(units, [])).toBeNull();
  });
});
