/**
 * A location's unit roster (issue 31), imported from the rent roll a management software exports as CSV: which
 * column holds what (the mapping), each row read into a unit or refused with why, and what changed since the
 * previous version. The same code previews the import on the phone or desktop and checks it in the API.
 */
import { UNIT_NUMBER_MAX } from './constants.ts';
import { unitKey, type RosterUnit, type UnitStatus } from './lock-check.ts';
import { parseUnitRange } from './unit-check.ts';

/** A roster unit with what the import also keeps (its size as written, for the roster screen). */
export interface ImportedUnit extends RosterUnit {
  size: string | null;
}

/** Which CSV column (its header, as written) holds each field; null: the export has no such column. */
export interface RosterMapping {
  unit: string;
  status: string;
  delinquent: string | null;
  overlocked: string | null;
  size: string | null;
}
export const ROSTER_FIELDS = ['unit', 'status', 'delinquent', 'overlocked', 'size'] as const;
export type RosterField = (typeof ROSTER_FIELDS)[number];
export const ROSTER_FIELD_LABELS: Record<RosterField, string> = {
  unit: 'Unit number',
  status: 'Status',
  delinquent: 'Delinquent',
  overlocked: 'Overlocked',
  size: 'Size',
};

/** Status words the common storage management exports write, lower-cased, for each status. */
const STATUS_WORDS: Record<UnitStatus, readonly string[]> = {
  rented: ['rented', 'occupied', 'leased', 'in use', 'rent'],
  vacant: ['vacant', 'available', 'empty', 'unrented'],
  companyUse: ['company use', 'company', 'company-use', 'office', 'management'],
  unavailable: ['unavailable', 'damaged', 'out of service', 'offline', 'reserved', 'hold', 'repair'],
};
const statusByWord = new Map(
  Object.entries(STATUS_WORDS).flatMap(([status, words]) =>
    words.map((word) => [word, status as UnitStatus]),
  ),
);
const TRUE_WORDS = new Set(['y', 'yes', 'true', 'x', '1', 'delinquent', 'overlocked', 'locked out']);
const FALSE_WORDS = new Set(['', 'n', 'no', 'false', '0', '-']);

/** A flag cell: yes/no words, or a number of days past due (more than 0 is yes). Null: not a flag. */
const flagOf = (cell: string): boolean | null => {
  const word = cell.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  if (/^\d+(\.\d+)?$/.test(word)) return Number(word) > 0;
  return null;
};

/** A status cell's status (its words, case and spaces aside). Null: not a status SiteWalk knows. */
export const statusOf = (cell: string): UnitStatus | null =>
  statusByWord.get(cell.trim().toLowerCase().replace(/\s+/g, ' ')) ?? null;

export type RowResult = { unit: ImportedUnit } | { error: string };

/** One CSV row (by header) read with the mapping: a unit, or why not. */
export const readRosterRow = (row: Record<string, string | undefined>, mapping: RosterMapping): RowResult => {
  const cell = (column: string | null) => (column === null ? '' : (row[column] ?? '').trim());
  const number = cell(mapping.unit);
  if (!number) return { error: 'No unit number' };
  if (number.length > UNIT_NUMBER_MAX)
    return { error: `The unit number is longer than ${UNIT_NUMBER_MAX} characters` };
  const statusCell = cell(mapping.status);
  const status = statusOf(statusCell);
  if (!status) return { error: statusCell ? `Unknown status '${statusCell}'` : 'No status' };
  const flags: Pick<RosterUnit, 'delinquent' | 'overlocked'> = { delinquent: false, overlocked: false };
  for (const field of ['delinquent', 'overlocked'] as const) {
    const value = flagOf(cell(mapping[field]));
    if (value === null) return { error: `'${cell(mapping[field])}' is not yes or no for ${field}` };
    flags[field] = value;
  }
  const size = cell(mapping.size);
  return { unit: { number, status, ...flags, size: size || null } };
};

export interface RosterRead {
  units: ImportedUnit[];
  /** Rows refused, by their line in the file (the header is line 1). */
  errors: { line: number; error: string }[];
}

/** Every row read; a unit number seen twice is refused the second time. */
export const readRoster = (
  rows: readonly Record<string, string | undefined>[],
  mapping: RosterMapping,
): RosterRead => {
  const units: ImportedUnit[] = [];
  const errors: RosterRead['errors'] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const result = readRosterRow(row, mapping);
    if ('error' in result) return errors.push({ line, error: result.error });
    const key = unitKey(result.unit.number);
    const first = seen.get(key);
    if (first !== undefined)
      return errors.push({ line, error: `Unit ${result.unit.number} is also on line ${first}` });
    seen.set(key, line);
    units.push(result.unit);
  });
  return { units, errors };
};

/** The unit numbers of `numbers` listed more than once (as `unitKey` compares them), each once, as first written. */
export const repeatedUnitNumbers = (numbers: readonly string[]): string[] => {
  const first = new Map<string, string>();
  const repeated = new Set<string>();
  for (const number of numbers) {
    const key = unitKey(number);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, number);
    else repeated.add(seen);
  }
  return [...repeated];
};

/** What a new roster version changes (the import's summary; a warning when units disappeared). */
export interface RosterChanges {
  added: string[];
  removed: string[];
  statusChanged: { number: string; from: UnitStatus; to: UnitStatus }[];
  countBefore: number;
  countAfter: number;
}

export const rosterChanges = (
  previous: readonly RosterUnit[],
  next: readonly RosterUnit[],
): RosterChanges => {
  const before = new Map(previous.map((unit) => [unitKey(unit.number), unit]));
  const after = new Map(next.map((unit) => [unitKey(unit.number), unit]));
  return {
    added: next.filter((unit) => !before.has(unitKey(unit.number))).map((unit) => unit.number),
    removed: previous.filter((unit) => !after.has(unitKey(unit.number))).map((unit) => unit.number),
    statusChanged: next.flatMap((unit) => {
      const was = before.get(unitKey(unit.number));
      return was && was.status !== unit.status
        ? [{ number: unit.number, from: was.status, to: unit.status }]
        : [];
    }),
    countBefore: previous.length,
    countAfter: next.length,
  };
};

/**
 * Unit numbers in walk order: numbers compared as numbers within their letters ('A-9' before 'A-10' before
 * 'B-1'), the way a walker meets them along a row of doors.
 */
export const compareUnitNumbers = (a: string, b: string): number =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** Header words that name each field in common exports, for a first guess at the mapping. */
const HEADER_WORDS: Record<RosterField, RegExp> = {
  unit: /^(unit|unit ?(#|no\.?|number|id|name)|space)$/i,
  status: /^(status|unit ?status|rental ?status|occupancy)$/i,
  delinquent: /(delinquen|past ?due|days ?late)/i,
  overlocked: /overlock|locked ?out/i,
  size: /^(size|unit ?size|dimensions?)$/i,
};

/**
 * A first guess at the mapping from a file's headers (the walker or manager confirms it): the first header
 * each field's words match, or null. Null as a whole when no column looks like the unit number or the status.
 */
export const guessRosterMapping = (headers: readonly string[]): RosterMapping | null => {
  const find = (field: RosterField) =>
    headers.find((header) => HEADER_WORDS[field].test(header.trim())) ?? null;
  const unit = find('unit');
  const status = find('status');
  if (!unit || !status) return null;
  return { unit, status, delinquent: find('delinquent'), overlocked: find('overlocked'), size: find('size') };
};

/**
 * Which units a lock check covers: all of them (a full check: a roster unit left unchecked is not found), those
 * whose numbers start with a prefix (a building letter), or a range in walk order, both ends included.
 */
export type CheckScope =
  { kind: 'all' } | { kind: 'prefix'; prefix: string } | { kind: 'range'; from: string; to: string };

export const isFullCheck = (scope: CheckScope) => scope.kind === 'all';

/** Whether a unit number is in a check's scope (letter case and spaces around aside, as `unitKey` compares). */
export const inScope = (scope: CheckScope, number: string): boolean => {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'prefix':
      return unitKey(number).startsWith(unitKey(scope.prefix));
    case 'range':
      return compareUnitNumbers(scope.from, number) <= 0 && compareUnitNumbers(number, scope.to) <= 0;
  }
};

/** The roster units a check covers, in walk order. */
export const unitsInScope = <Unit extends { number: string }>(
  units: readonly Unit[],
  scope: CheckScope,
): Unit[] =>
  units.filter((unit) => inScope(scope, unit.number)).sort((a, b) => compareUnitNumbers(a.number, b.number));

/** How a scope reads on screens and reports: "All units", "Units starting with B", "Units 100 to 199". */
export const scopeLabel = (scope: CheckScope): string =>
  scope.kind === 'all'
    ? 'All units'
    : scope.kind === 'prefix'
      ? `Units starting with ${scope.prefix.trim()}`
      : `Units ${scope.from.trim()} to ${scope.to.trim()}`;

/**
 * How much of its scope a check covered: "312 of 540 units checked (57 %)" (rounded down: 100 % is every unit; a
 * start is "< 1 %", not a "0 %" that reads as none checked).
 */
export const coverageLabel = ({ checkedCount, unitCount }: { checkedCount: number; unitCount: number }) => {
  const percent = unitCount === 0 ? 0 : Math.floor((checkedCount / unitCount) * 100);
  const share = percent === 0 && checkedCount > 0 ? '< 1' : String(percent);
  return `${checkedCount.toLocaleString('en')} of ${unitCount.toLocaleString('en')} units checked (${share} %)`;
};

/** A unit's door number, its last number ('B-012' is 12): how door markers' ranges and the door reader name units. */
const doorNumberOf = (number: string) => {
  const digits = /(\d+)\D*$/.exec(number.trim())?.[1];
  return digits === undefined ? null : Number(digits);
};

/**
 * The units in the order a walk meets them at its door markers: each marker's range ('101-140, 150', in the walk's
 * marker order) takes the units whose door number it holds, by unit number within; null when a unit is in no
 * marker's range, or the walk has no door marker.
 */
export const alongDoorMarkers = <Unit extends { number: string }>(
  units: readonly Unit[],
  doorRanges: readonly string[],
): Unit[] | null => {
  const spans = doorRanges.map(parseUnitRange);
  const placed = units.map((unit) => {
    const door = doorNumberOf(unit.number);
    const at =
      door === null ? -1 : spans.findIndex((range) => range.some((s) => door >= s.from && door <= s.to));
    return { unit, at };
  });
  if (spans.length === 0 || placed.some(({ at }) => at < 0)) return null;
  return placed
    .sort((a, b) => a.at - b.at || compareUnitNumbers(a.unit.number, b.unit.number))
    .map(({ unit }) => unit);
};

/**
 * A check's units along the door markers of the first of the location's walks (each given as its door markers'
 * ranges) whose ranges cover them all; null when none does (they are then listed by unit number).
 */
export const doorWalkOrder = <Unit extends { number: string }>(
  units: readonly Unit[],
  walks: readonly (readonly string[])[],
): Unit[] | null => {
  for (const ranges of walks) {
    const ordered = alongDoorMarkers(units, ranges);
    if (ordered) return ordered;
  }
  return null;
};
