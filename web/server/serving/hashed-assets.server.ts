// The build's hashed assets (/assets/*), held in memory with the .br and .gz files the build wrote
// beside them (scripts/vite-precompress.ts). A hashed name never changes its content, so they are
// read once at start and cached by browsers for a year.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { staticFile, type StaticFile } from './static-files.server';

// The types express.static sent for these files; other files fall through to it.
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const readIfThere = (file: string) => readFile(file).catch(() => undefined);

/** Every servable file in `dir` by its URL path (`/assets/<name>`), with its precompressed variants. */
export async function loadHashedAssets(
  dir: string,
  headers: Record<string, string>,
  urlPrefix = '/assets/',
): Promise<Map<string, StaticFile>> {
  const assets = new Map<string, StaticFile>();
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  await Promise.all(
    entries.map(async (entry) => {
      const name = entry.name;
      if (!entry.isFile()) return;
      const type = CONTENT_TYPES[path.extname(name).toLowerCase()];
      if (!type) return;
      const file = path.join(dir, name);
      const [identity, gzip, br] = await Promise.all([
        readFile(file),
        readIfThere(`${file}.gz`),
        readIfThere(`${file}.br`),
      ]);
      assets.set(
        `${urlPrefix}${name}`,
        staticFile({ identity, gzip, br, headers: { ...headers, 'Cache-Control': IMMUTABLE, 'Content-Type': type } }),
      );
    }),
  );
  return assets;
}
