/**
 * A door marker's unit range ('101-105, 110': numbers and hyphenated spans, separated by commas) and the
 * one unit the walker is asked to picture, drawn at random from it.
 */

import { parseUnitRange, type UnitSpan } from '@sitewalk/shared/unit-check';

// The range's grammar is shared with the walk report's unit check (shared/src/unit-check.ts).
export { parseUnitRange, type UnitSpan };

/** How many units a range names (a unit in two spans counts twice: each span is drawn by its size). */
export const unitCount = (spans: readonly UnitSpan[]) =>
  spans.reduce((sum, { from, to }) => sum + to - from + 1, 0);

/**
 * One unit drawn from the range, every unit equally likely (`random` in [0, 1), Math.random unless told);
 * null when the range names none (no unit is asked, only the photo).
 */
export const drawUnit = (range: string, random: () => number = Math.random): string | null => {
  const spans = parseUnitRange(range);
  const count = unitCount(spans);
  if (count === 0) return null;
  let index = Math.min(Math.floor(random() * count), count - 1);
  for (const { from, to, width } of spans) {
    const size = to - from + 1;
    if (index < size) return String(from + index).padStart(width, '0');
    index -= size;
  }
  return null;
};
