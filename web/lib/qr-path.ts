// A QR code's module matrix (rows of dark/light) as one SVG path of unit squares: what the
// dashboard draws and what the print download (SVG) holds, from one function.

/** The `d` of a path that draws every dark module as a 1×1 square at its column and row. */
export function qrPath(modules: boolean[][]): string {
  let d = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return d;
}
