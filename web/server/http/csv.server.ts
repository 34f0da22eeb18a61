// CSV for German Excel: UTF-8 with a byte order mark (so umlauts survive), `;` as separator (the
// list separator of German Windows), CRLF line ends, and no formulas: a cell that starts like one
// (= + - @, tab, CR) is prefixed with an apostrophe so Excel shows it as text.
export const BOM = '\uFEFF';
export const SEPARATOR = ';';

export type Cell = string | number | boolean | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? 'ja' : 'nein') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
