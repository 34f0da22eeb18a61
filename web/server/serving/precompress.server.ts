// Compression at the highest levels, done once per file (at build time or when a page is rendered),
// never per request: brotli 11 and gzip 9. Also used by the build (scripts/vite-precompress.ts).
import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotliCompress = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);
const gzipCompress = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

export const brotli = (data: Buffer) =>
  brotliCompress(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });

export const gzip = (data: Buffer) => gzipCompress(data, { level: zlib.constants.Z_BEST_COMPRESSION });

const CODINGS = {
  br: { extension: '.br', compress: brotli, decompress: brotliDecompress },
  gzip: { extension: '.gz', compress: gzip, decompress: gunzip },
};

/** Writes through a temporary file and a rename: readers see the old or the new file, never a part. */
export async function writeFileAtomically(file: string, contents: Buffer | string) {
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(tmp, contents);
  await rename(tmp, file);
}

/**
 * `original` compressed with `coding`, taken from the file beside it (`x.html.br`) when that file
 * decompresses to exactly `original`; otherwise compressed now and written there for the next
 * start. The check makes a stale or half-written file harmless (a re-rendered page, a crash).
 */
export async function precompressedBeside(file: string, original: Buffer, coding: keyof typeof CODINGS) {
  const { extension, compress, decompress } = CODINGS[coding];
  try {
    const stored = await readFile(`${file}${extension}`);
    if ((await decompress(stored)).equals(original)) return stored;
  } catch {
    // Missing or not decompressible: make it.
  }
  const fresh = await compress(original);
  // Only a cache: a read-only build folder means compressing again at the next start.
  await writeFileAtomically(`${file}${extension}`, fresh).catch(() => {});
  return fresh;
}
