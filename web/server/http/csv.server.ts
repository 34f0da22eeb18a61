// CSV for German Excel: UTF-8 with a byte order mark (so umlauts survive), `;` as separator (the
// list separator of German Windows), CRLF line ends, and no formulas: a cell that starts like one
// (= + - @, their full-width forms, tab, CR, LF) is prefixed with an apostrophe so Excel shows it
// as text. A cell with a comma or a tab is quoted too: a program that splits on those instead (an
// English Excel, a text import) must still see one cell, not a second one that starts with `=`.
export const BOM = '\uFEFF';
export const SEPARATOR = ';';

export type Cell = string | number | boolean | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? 'ja' : 'nein') : String(value);
  if (/^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/.test(text)) text = `'${text}`;
  return /[";,\t\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(SEPARATOR)).join('\r\n') + '\r\n';
}

/** A CSV download named `<name>-<YYYY-MM-DD>.csv` (today's date), never cached. */
export function csvDownload(name: string, header: string[], rows: Cell[][], now = new Date()) {
  const filename = `${name}-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(toCsv(header, rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
