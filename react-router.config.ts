import type { Config } from '@react-router/dev/config';
import { PUBLIC_PAGES } from './web/lib/public-pages';

export default {
  appDirectory: 'web',
  // BUILD_DIR lets parallel test runs build into their own folder (default: build/).
  buildDirectory: process.env.BUILD_DIR || 'build',
  ssr: true,
  // The public pages are rendered to HTML at build time; the server sends them as fixed bytes with a
  // CSP listing their inline scripts' hashes (web/server/prerendered-pages.server.ts).
  prerender: [...PUBLIC_PAGES],
} satisfies Config;
