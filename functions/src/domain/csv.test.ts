import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvChunks, csvLine, csvTime } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['plain', 'Morning walk', 'Morning walk'],
    ['a comma', 'Gate, north', '"Gate, north"'],
    ['a quote', 'Unit "12B"', '"Unit ""12B"""'],
    ['a line break', 'line one\nline two', '"line one\nline two"'],
    ['a CRLF', 'a\r\nb', '"a\r\nb"'],
    ['a formula', '=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['a leading plus', '+1 555', "'+1 555"],
    ['a leading minus', '-2+3', "'-2+3"],
    ['a leading at', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1', "'\t=1"],
    ['an inner equals sign', 'a=b', 'a=b'],
    ['accents and emoji', 'José ✓', 'José ✓'],
    ['empty text', '', ''],
  ])('writes %s correctly', (_, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    [42, '42'],
    [-3, '-3'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
    [true, 'true'],
  ])('writes %s as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('csvLine and csvTime', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine([1, 'a,b', null, '=x'])).toBe('1,"a,b",,\'=x\r\n');
  });

  it.each([
    ['2026-11-24T07:05:09.123Z', '2026-11-24 07:05:09'],
    [null, ''],
    [undefined, ''],
  ])('writes the time %s as %j', (iso, expected) => {
    expect(csvTime(iso)).toBe(expected);
  });
});

describe('csvChunks', () => {
  it('starts with the byte-order mark and header, then one chunk per page, counting rows', async () => {
    // Prepare
    async function* pages() {
      yield [{ id: 1 }, { id: 2 }];
      yield [];
      yield [{ id: 3 }];
    }
    const counted = { rows: 0 };
    // Act
    const chunks: string[] = [];
    for await (const chunk of csvChunks(['Id'], pages(), (row) => [row.id], counted)) chunks.push(chunk);
    // Assess
    expect(chunks).toEqual([`${CSV_BOM}Id\r\n`, '1\r\n2\r\n', '3\r\n']);
    expect(counted.rows).toBe(3);
  });
});
