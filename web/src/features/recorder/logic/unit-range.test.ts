import { describe, expect, it } from 'vitest';
import { drawUnit, parseUnitRange, unitCount } from './unit-range.ts';

/** A `random` that returns these values in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('parseUnitRange', () => {
  it('reads numbers and spans separated by commas', () => {
    expect(parseUnitRange('101-105, 110')).toEqual([
      { from: 101, to: 105, width: 0 },
      { from: 110, to: 110, width: 0 },
    ]);
    expect(unitCount(parseUnitRange('101-105, 110'))).toBe(6);
    expect(parseUnitRange(' 7 - 9 ')).toEqual([{ from: 7, to: 9, width: 0 }]);
  });

  it('reads a span written backwards forwards, and keeps leading zeros', () => {
    expect(parseUnitRange('105-101')).toEqual([{ from: 101, to: 105, width: 0 }]);
    expect(parseUnitRange('008-010')).toEqual([{ from: 8, to: 10, width: 3 }]);
  });

  it('leaves out bad parts, and has nothing for an empty or wholly bad range', () => {
    expect(parseUnitRange('-, 5-, 1--3, 12,, 4-6-8')).toEqual([{ from: 12, to: 12, width: 0 }]);
    expect(parseUnitRange('')).toEqual([]);
    expect(parseUnitRange('  ,  ')).toEqual([]);
    expect(parseUnitRange('- -')).toEqual([]);
    expect(parseUnitRange('99999999999999999999')).toEqual([]);
  });
});

describe('drawUnit', () => {
  it('draws every unit of the range, each as likely', () => {
    const range = '101-105, 110';
    const drawn = [0, 1, 2, 3, 4, 5].map((i) => drawUnit(range, () => i / 6));
    expect(drawn).toEqual(['101', '102', '103', '104', '105', '110']);
    expect(drawUnit(range, () => 0.999999)).toBe('110');
  });

  it('draws from Math.random by default, always inside the range', () => {
    const units = new Set(['101', '102', '103', '104', '105', '110']);
    for (let i = 0; i < 50; i += 1) expect(units.has(drawUnit('101-105, 110') ?? '')).toBe(true);
  });

  it('pads a unit as its range is written', () => {
    expect(drawUnit('008-010', sequence(0))).toBe('008');
    expect(drawUnit('008-010', sequence(0.9))).toBe('010');
  });

  it('asks for no unit when the range is empty or bad', () => {
    expect(drawUnit('', Math.random)).toBeNull();
    expect(drawUnit('abc')).toBeNull();
    expect(drawUnit('-')).toBeNull();
  });
});
