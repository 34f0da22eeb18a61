// QR codes of the stable links for print: the module matrix (uqr), drawn as an SVG path (sharp at
// any size) and as a PNG of whole pixels per module (no blurred edges for a scanner or a printer).
import sharp from 'sharp';
import { encode } from 'uqr';
import { qrPath } from '~/lib/qr-path';

/**
 * The matrix of a link's QR code, with the quiet zone of four modules the standard asks for, and
 * error correction M (15 %): a printed code still scans with a crease or a smudge.
 */
export const qrModules = (text: string): boolean[][] => encode(text, { ecc: 'M', border: 4 }).data;

/** The QR code as a standalone SVG document: one path of unit squares on white, `size` px wide. */
export function qrSvg(modules: boolean[][], size = 1024): string {
  const n = modules.length;
  const d = qrPath(modules);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${size}" height="${size}" shape-rendering="crispEdges">` +
    `<rect width="${n}" height="${n}" fill="#fff"/><path d="${d}" fill="#000"/></svg>\n`
  );
}

/** The PNG's width at least: about 8 cm at 300 dpi. */
export const QR_PNG_MIN_WIDTH = 1000;

/** The QR code as a black-and-white PNG, each module a square of whole pixels, at least 1,000 px wide. */
export async function qrPng(modules: boolean[][]): Promise<Buffer> {
  const n = modules.length;
  const scale = Math.ceil(QR_PNG_MIN_WIDTH / n);
  const width = n * scale;
  const pixels = Buffer.alloc(width * width, 255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        pixels.fill(0, (y * scale + dy) * width + x * scale, (y * scale + dy) * width + (x + 1) * scale);
    }),
  );
  return sharp(pixels, { raw: { width, height: width, channels: 1 } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
}
