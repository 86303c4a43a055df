/**
 * The unit check of a completed door marker (field-operations, walk report detail): 'Matched' when the pictured unit
 * is the requested one, else 'Mismatch' with Requested and Detected ('None' if empty). Since issue 18 the
 * pictured unit is the one SiteWalk read on the door photo; a completed marker without a photo it reads (recorded
 * before, or with no photo) is judged by the unit the walker typed, as it was before.
 */
import type { UnitReadView } from './schemas/walkReport.ts';

/** One part of a unit range: the units `from`…`to`, written `width` digits wide when it has leading zeros. */
export interface UnitSpan {
  from: number;
  to: number;
  width: number;
}

const SPAN = /^(\d+)\s*(?:-\s*(\d+))?$/;

/**
 * The spans of a range ('101-105, 110': numbers and hyphenated spans, separated by commas). Parts that are not
 * a number or `number-number` ('-', '5-', '1--3', '') are left out; a span written backwards ('105-101') counts
 * as written forwards. An empty or wholly bad range has none.
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
 * One unit drawn from the range, every unit equally likely: `pick(count)` chooses an index in [0, count) (the
 * API passes a cryptographic one, functions/src/domain/walk-reports.ts). Null when the range names no unit
 * (no unit is asked, only the photo).
 */
export const drawUnit = (range: string, pick: (count: number) => number): string | null => {
  const spans = parseUnitRange(range);
  const count = unitCount(spans);
  if (count === 0) return null;
  let index = Math.min(Math.max(Math.floor(pick(count)), 0), count - 1);
  for (const { from, to, width } of spans) {
    const size = to - from + 1;
    if (index < size) return String(from + index).padStart(width, '0');
    index -= size;
  }
  return null;
};

const clean = (unit: string | null | undefined) => (unit ?? '').trim();

/**
 * Whether `pictured` is a unit `requested` names: the same text (spaces around and letter case aside), or a
 * number within the requested unit or range, however many leading zeros either is written with ('104' is
 * in '100-120, 130'; '0104' is 104).
 */
export const isRequestedUnit = (requested: string | null, pictured: string | null): boolean => {
  const wanted = clean(requested);
  const seen = clean(pictured);
  if (!wanted || !seen) return false;
  if (wanted.toUpperCase() === seen.toUpperCase()) return true;
  if (!/^\d+$/.test(seen)) return false;
  const number = Number(seen);
  return parseUnitRange(wanted).some(({ from, to }) => number >= from && number <= to);
};

/** What SiteWalk read on a door photo, as a completed marker of the API carries it (null: no door photo to read). */
export type UnitReadState = UnitReadView;

export type UnitCheck =
  /** The door photo has not been read yet (it may still be on its way from the phone). */
  | { verdict: 'pending'; requested: string }
  | {
      verdict: 'matched' | 'mismatch';
      /** The unit asked for, 'None' if empty. */
      requested: string;
      /** The unit pictured, 'None' if empty. */
      detected: string;
      /** Where the pictured unit comes from: read on the photo by SiteWalk, or typed by the walker. */
      source: 'photo' | 'walker';
      /** 0–100, when read on the photo. */
      confidence: number | null;
    };

const orNone = (unit: string | null | undefined) => clean(unit) || 'None';

/** The unit check of a completed door marker, from what was asked, what the walker typed and what SiteWalk read. */
export const unitCheckOf = (completedMarker: {
  targetUnit: string | null;
  picturedUnit: string | null;
  unitRead: UnitReadState | null;
}): UnitCheck => {
  const requested = orNone(completedMarker.targetUnit);
  const read = completedMarker.unitRead;
  if (read?.status === 'pending') return { verdict: 'pending', requested };
  const pictured = read ? read.unit : completedMarker.picturedUnit;
  return {
    verdict: isRequestedUnit(completedMarker.targetUnit, pictured) ? 'matched' : 'mismatch',
    requested,
    detected: orNone(pictured),
    source: read ? 'photo' : 'walker',
    confidence: read?.confidence ?? null,
  };
};
