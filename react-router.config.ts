import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web',
  // BUILD_DIR lets parallel test runs build into their own folder (default: build/).
  buildDirectory: process.env.BUILD_DIR || 'build',
  ssr: true,
  // The public pages are rendered to HTML at build time; the server adds a CSP nonce as it sends them.
  prerender: ['/', '/imprint', '/datenschutz', '/agb'],
} satisfies Config;
