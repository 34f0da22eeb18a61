import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompressAssets } from './scripts/vite-precompress.ts';

export default defineConfig({
  plugins: [reactRouter(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  // The editor's draft preview loads Sanity's Visual Editing (one 620 KB chunk, 200 KB gzip) on
  // previewed pages only; every chunk a visitor loads stays far below this.
  build: { chunkSizeWarningLimit: 700 },
});
