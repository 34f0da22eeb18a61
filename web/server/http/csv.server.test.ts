import { describe, expect, test } from 'vitest';
import { BOM, csvCell, excelTime, toCsv } from './csv.server';

describe('CSV for German Excel', () => {
  test('starts with a UTF-8 BOM, separates with semicolons, ends lines with CRLF', () => {
    const csv = toCsv(['Name', 'E-Mail'], [['Jürgen Müller', 'j@example.org']]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).toBe(`${BOM}Name;E-Mail\r\nJürgen Müller;j@example.org\r\n`);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  test('quotes separators, quotes and line breaks', () => {
    for (const value of ['a;b', 'Zeile 1\nZeile 2', ' Leerzeichen']) expect(csvCell(value)).toBe(`"${value}"`);
    expect(csvCell('Sie sagte "hallo"')).toBe('"Sie sagte ""hallo"""');
  });

  test('quotes commas and tabs, so a reader that splits on them sees one cell (never one starting with =)', () => {
    for (const value of ['Anna,=1+1', 'Anna\t=1+1']) expect(csvCell(value)).toBe(`"${value}"`);
  });

  test('never lets a cell become a formula', () => {
    for (const attack of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '\n=1']) {
      const cell = csvCell(attack);
      expect(cell.replace(/^"/, '')).toMatch(/^'/);
    }
    // The full-width forms, which spreadsheet programs may read as the ASCII ones.
    for (const attack of ['＝1+1', '＋1', '－1', '＠SUM(A1)']) {
      const cell = csvCell(attack);
      expect(cell.replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
  });

  test('writes booleans in German and leaves empty values empty', () => {
    expect(csvCell(true)).toBe('ja');
    expect(csvCell(false)).toBe('nein');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  test('times are Berlin local times as German Excel reads them, in summer and in winter', () => {
    expect(excelTime('2026-07-01T12:00:05.000Z')).toBe('01.07.2026 14:00:05');
    expect(excelTime(new Date('2026-11-22T13:05:00Z'))).toBe('22.11.2026 14:05:00');
    expect(excelTime(null)).toBe('');
    expect(excelTime('not a time')).toBe('');
  });
});
