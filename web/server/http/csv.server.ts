// CSV for German Excel: UTF-8 with a byte order mark (so umlauts survive), `;` as separator (the
// list separator of German Windows), CRLF line ends, and no formulas: a cell that starts like one
// (= + - @, their full-width forms, tab, CR, LF) is prefixed with an apostrophe so Excel shows it
// as text. A cell with a comma or a tab is quoted too: a program that splits on those instead (an
// English Excel, a text import) must still see one cell, not a second one that starts with `=`.
import { berlinDay, formatDate, formatTime } from '~/lib/berlin-time';

export const BOM = '\uFEFF';
export const SEPARATOR = ';';

export type Cell = string | number | boolean | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? 'ja' : 'nein') : String(value);
  if (/^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/.test(text)) text = `'${text}`;
  return /[";,\t\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A moment as German Excel reads a date and time: Berlin's local time ("22.11.2026 14:05:03"), so
 * that a sheet shows the hour the team saw (a UTC time is one or two hours off there). A header
 * names the time zone. Empty for no time.
 */
export function excelTime(value: string | Date | null | undefined): string {
  const date = value ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${formatTime(date, { seconds: true })}`;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(SEPARATOR)).join('\r\n') + '\r\n';
}

/** A CSV download named `<name>-<YYYY-MM-DD>.csv` (today's Berlin date), never cached. */
export function csvDownload(name: string, header: string[], rows: Cell[][], now = new Date()) {
  const filename = `${name}-${berlinDay(now)}.csv`;
  return new Response(toCsv(header, rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
