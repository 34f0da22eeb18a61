import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompressAssets } from './scripts/vite-precompress.ts';

export default defineConfig({
  plugins: [reactRouter(), precompressAssets()],
  resolve: { tsconfigPaths: true },
});
