import { describe, expect, it } from 'vitest';
import { readRosterCsv } from './roster-csv.ts';

describe('readRosterCsv', () => {
  it('reads rows by the header, its names trimmed, a byte-order mark and empty lines dropped', () => {
    const csv = readRosterCsv(
      '\uFEFF Unit , Status,\r\nA-1,Rented,\r\n\r\n  \r\n"B-2","Vacant, for now",\r\n',
    );
    expect(csv.columns).toEqual(['Unit', 'Status']);
    expect(csv.rows.map((row) => [row.Unit, row.Status])).toEqual([
      ['A-1', 'Rented'],
      ['B-2', 'Vacant, for now'],
    ]);
    expect(csv.problems).toEqual([]);
  });

  it('tells an unclosed quote by its line, and not a line with fewer cells than the header', () => {
    const csv = readRosterCsv('Unit,Status,Size\nA-1,Rented\nA-2,"Vacant,5x5\nA-3,Rented,5x5\n');
    expect(csv.rows[0]).toMatchObject({ Unit: 'A-1', Status: 'Rented' });
    expect(csv.problems).toHaveLength(1);
    expect(csv.problems[0]).toMatchObject({ line: 3 });
    expect(csv.problems[0]?.problem).toMatch(/quote/i);
  });

  it('tells an unclosed quote on the first row as line 2', () => {
    expect(readRosterCsv('Unit,Status\n"A-1,Rented\n').problems).toMatchObject([{ line: 2 }]);
  });

  it('answers no columns for an empty file, and one column for a file of one', () => {
    expect(readRosterCsv('')).toEqual({ columns: [], rows: [], problems: [] });
    expect(readRosterCsv('Unit\nA-1\n')).toEqual({
      columns: ['Unit'],
      rows: [{ Unit: 'A-1' }],
      problems: [],
    });
  });
});
