/**
 * A door marker's unit range ('101-105, 110': numbers and hyphenated spans, separated by commas) and the
 * one unit the walker is asked to picture, drawn at random from it.
 */

/** One part of a range: the units `from`…`to`, written `width` digits wide when the range has leading zeros. */
export interface UnitSpan {
  from: number;
  to: number;
  width: number;
}

const SPAN = /^(\d+)\s*(?:-\s*(\d+))?$/;

/**
 * The spans of a range. Parts that are not a number or `number-number` ('-', '5-', '1--3', '') are left out;
 * a span written backwards ('105-101') counts as written forwards. An empty or wholly bad range has none.
 */
export const parseUnitRange = (range: string): UnitSpan[] =>
  range.split(',').flatMap((part) => {
    const match = SPAN.exec(part.trim());
    if (!match) return [];
    const [, first = '', last] = match;
    const a = Number(first);
    const b = last === undefined ? a : Number(last);
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) return [];
    const width = first.startsWith('0') && first.length > 1 ? first.length : 0;
    return [{ from: Math.min(a, b), to: Math.max(a, b), width }];
  });

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
