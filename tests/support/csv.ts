// The CSV exports as a spreadsheet reads them: the lines of the text, without the byte order mark
// in front and the line break at the end.

/** The lines of a CSV export (CRLF between them), without the BOM and the trailing line break. */
export const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
