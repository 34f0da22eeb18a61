// Vite plugin: once the whole app is built and its pages prerendered, writes `.br` (brotli 11) and
// `.gz` (gzip 9) beside each compressible file of the client build's hashed assets and beside each
// prerendered page. The server sends these as they are and never compresses such a file per request
// (web/server/serving/hashed-assets.server.ts and prerendered-pages.server.ts). Part of every
// `react-router build`, whoever runs it (npm run build, the test harness, the benchmarks).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { brotli, gzip } from '../web/server/serving/precompress.server.ts';

const COMPRESSIBLE_ASSET = /^assets\/[^/]+\.(?:js|mjs|css|svg|json|map|txt)$/;
const PRERENDERED_PAGE = /(?:^|\/)index\.html$/;
/** A compressed copy that saves less than this share is not worth a second file (or decoding). */
const MIN_SAVING = 0.1;

async function precompressClientBuild(clientDir: string) {
  const names = (await readdir(clientDir, { recursive: true }))
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => COMPRESSIBLE_ASSET.test(name) || PRERENDERED_PAGE.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(clientDir, name);
      const original = await readFile(file);
      const [br, gz] = await Promise.all([brotli(original), gzip(original)]);
      for (const [extension, compressed] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (compressed.length <= original.length * (1 - MIN_SAVING)) await writeFile(`${file}${extension}`, compressed);
      }
    }),
  );
}

export function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    // Wraps the app build (React Router's client and server builds and its prerendering, which
    // writes files after the bundles), like React Router's own build steps do: this runs last.
    config: {
      order: 'post',
      handler({ builder: { buildApp } = {} }) {
        return {
          builder: {
            async buildApp(builder) {
              await buildApp?.(builder);
              const client = builder.environments.client;
              if (client) await precompressClientBuild(path.resolve(builder.config.root, client.config.build.outDir));
            },
          },
        };
      },
    },
  };
}
