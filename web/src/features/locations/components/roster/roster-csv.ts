import Papa from 'papaparse';

/** A rent-roll CSV read into rows by its header row: what the column-mapping step and `readRoster` read. */
export interface RosterCsv {
  /** The header row's names (trimmed, blanks left out), in file order: the columns a field can be mapped to. */
  columns: string[];
  /** Each non-empty line under the header, cell by column name. */
  rows: Record<string, string>[];
  /** What made lines unreadable as CSV (an unclosed quote …), by line: shown beside the rows' own errors. */
  problems: { line: number; problem: string }[];
}

/**
 * Problems worth telling: quotes left open or misplaced. A line with more or fewer cells than the header is read
 * as far as it goes, and a file of one column has no delimiter to find (its mapping then says what is missing).
 */
const TOLD_PROBLEMS = new Set<Papa.ParseError['type']>(['Quotes']);

/**
 * Reads a CSV's text with Papa Parse: the first row is the header (names trimmed, so a remembered mapping
 * matches a file saved with stray spaces), empty lines skipped, a byte-order mark dropped. Run it in the
 * roster's worker (parse-roster-csv.ts): 5,000 rows are tens of milliseconds a phone's screen should not freeze for.
 */
export const readRosterCsv = (text: string): RosterCsv => {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  return {
    columns: (parsed.meta.fields ?? []).filter((column) => column !== ''),
    rows: parsed.data,
    problems: parsed.errors
      .filter((error) => TOLD_PROBLEMS.has(error.type))
      // Papa counts the rows it read from 0, the header's included: the header is line 1, as readRoster counts.
      .map((error) => ({ line: (error.row ?? 0) + 1, problem: error.message })),
  };
};
