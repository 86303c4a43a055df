/**
 * CSV as RFC 4180 writes it, for spreadsheets: UTF-8 with a byte-order mark (Excel reads UTF-8 only with
 * one), CRLF line ends, a field quoted when it holds a quote, comma, CR or LF (quotes doubled), and a field
 * that a spreadsheet would take for a formula (starting with `=`, `+`, `-`, `@`, a tab or CR) prefixed with
 * `'` (OWASP's advice against CSV injection), so a note reading `=HYPERLINK(…)` stays text.
 */

export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const csvCell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  // Numbers are ours (ids, counts), never a formula; a negative one stays a number.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;

/** `2026-11-24T07:05:09.123Z` → `2026-11-24 07:05:09`: UTC, the columns' headers say so, and Excel reads it as a time. */
export const csvTime = (iso: string | null | undefined): string =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : '';

/**
 * The file as a stream of text chunks: the mark and header first, then the lines of each page of rows as it
 * comes, so only one page is ever held.
 */
export async function* csvChunks<Row>(
  header: readonly string[],
  pages: AsyncIterable<readonly Row[]>,
  toValues: (row: Row) => readonly CsvValue[],
  counted: { rows: number },
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  for await (const rows of pages) {
    let chunk = '';
    for (const row of rows) chunk += csvLine(toValues(row));
    counted.rows += rows.length;
    if (chunk) yield chunk;
  }
}
