import { describe, expect, it } from 'vitest';
import { drawUnit, isRequestedUnit, parseUnitRange, unitCheckOf, unitCount } from './unit-check.ts';

describe('a requested unit against the pictured one', () => {
  it.each([
    ['104', '104', true],
    [' 104 ', '104', true],
    ['104', '105', false],
    ['104', '0104', true],
    ['0104', '104', true],
    ['100-120, 130', '104', true],
    ['100-120, 130', '100', true],
    ['100-120, 130', '120', true],
    ['100-120, 130', '130', true],
    ['100-120, 130', '121', false],
    ['100-120, 130', '129', false],
    ['120-100', '110', true],
    ['A12', 'a12', true],
    ['A12', 'A13', false],
    ['104', null, false],
    ['104', '', false],
    ['', '104', false],
    [null, '104', false],
    ['100-120', '1O4', false],
    ['100-120', '104B', false],
    ['-', '104', false],
  ])('%j names %j: %s', (requested, pictured, named) => {
    expect(isRequestedUnit(requested, pictured)).toBe(named);
  });

  it('parses ranges, leaving bad parts out', () => {
    expect(parseUnitRange('101-105, 110, 5-, 1--3, 007')).toEqual([
      { from: 101, to: 105, width: 0 },
      { from: 110, to: 110, width: 0 },
      { from: 7, to: 7, width: 3 },
    ]);
  });
});

describe('the unit check of a door marker', () => {
  const read = (unit: string | null, confidence: number | null = unit ? 93 : null) => ({
    status: unit ? ('read' as const) : ('unreadable' as const),
    unit,
    confidence,
  });

  it('judges by what SiteWalk read on the photo, whatever the walker typed', () => {
    expect(unitCheckOf({ targetUnit: '104', picturedUnit: '105', unitRead: read('104') })).toEqual({
      verdict: 'matched',
      requested: '104',
      detected: '104',
      source: 'photo',
      confidence: 93,
    });
    expect(unitCheckOf({ targetUnit: '104', picturedUnit: '104', unitRead: read('868') })).toMatchObject({
      verdict: 'mismatch',
      detected: '868',
    });
  });

  it("says 'None' when nothing was read, or nothing was requested", () => {
    expect(unitCheckOf({ targetUnit: '104', picturedUnit: '104', unitRead: read(null) })).toEqual({
      verdict: 'mismatch',
      requested: '104',
      detected: 'None',
      source: 'photo',
      confidence: null,
    });
    expect(unitCheckOf({ targetUnit: '', picturedUnit: null, unitRead: read('12') })).toMatchObject({
      verdict: 'mismatch',
      requested: 'None',
      detected: '12',
    });
  });

  it('is pending while the photo is being read', () => {
    expect(
      unitCheckOf({
        targetUnit: '104',
        picturedUnit: '104',
        unitRead: { status: 'pending', unit: null, confidence: null },
      }),
    ).toEqual({ verdict: 'pending', requested: '104' });
  });

  it('falls back to the unit the walker typed when there is no door photo to read', () => {
    expect(unitCheckOf({ targetUnit: '100-120, 130', picturedUnit: '130', unitRead: null })).toEqual({
      verdict: 'matched',
      requested: '100-120, 130',
      detected: '130',
      source: 'walker',
      confidence: null,
    });
  });
});

describe('unit ranges', () => {
  it('reads numbers and spans separated by commas, a span written backwards forwards, leading zeros kept', () => {
    expect(parseUnitRange('101-105, 110')).toEqual([
      { from: 101, to: 105, width: 0 },
      { from: 110, to: 110, width: 0 },
    ]);
    expect(unitCount(parseUnitRange('101-105, 110'))).toBe(6);
    expect(parseUnitRange(' 7 - 9 ')).toEqual([{ from: 7, to: 9, width: 0 }]);
    expect(parseUnitRange('105-101')).toEqual([{ from: 101, to: 105, width: 0 }]);
    expect(parseUnitRange('008-010')).toEqual([{ from: 8, to: 10, width: 3 }]);
  });

  it('has nothing for an empty or wholly bad range', () => {
    expect(parseUnitRange('-, 5-, 1--3, 12,, 4-6-8')).toEqual([{ from: 12, to: 12, width: 0 }]);
    expect(parseUnitRange('')).toEqual([]);
    expect(parseUnitRange('  ,  ')).toEqual([]);
    expect(parseUnitRange('- -')).toEqual([]);
    expect(parseUnitRange('99999999999999999999')).toEqual([]);
  });
});

describe('drawing the unit a door check asks for', () => {
  it('can draw every unit of the range, each by its index', () => {
    const range = '101-105, 110';
    const counts: number[] = [];
    const drawn = [0, 1, 2, 3, 4, 5].map((i) =>
      drawUnit(range, (count) => {
        counts.push(count);
        return i;
      }),
    );
    expect(drawn).toEqual(['101', '102', '103', '104', '105', '110']);
    expect(counts).toEqual([6, 6, 6, 6, 6, 6]);
  });

  it('keeps a pick outside [0, count) inside the range', () => {
    expect(drawUnit('101-105', () => 5)).toBe('105');
    expect(drawUnit('101-105', () => -1)).toBe('101');
    expect(drawUnit('101-105', () => 2.7)).toBe('103');
  });

  it('pads a unit as its range is written', () => {
    expect(drawUnit('008-010', () => 0)).toBe('008');
    expect(drawUnit('008-010', () => 2)).toBe('010');
  });

  it('asks for no unit when the range names none, without picking', () => {
    const pick = () => {
      throw new Error('nothing to pick from');
    };
    expect(drawUnit('', pick)).toBeNull();
    expect(drawUnit('abc', pick)).toBeNull();
    expect(drawUnit('-', pick)).toBeNull();
  });
});
