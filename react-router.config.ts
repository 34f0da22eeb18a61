import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { PUBLIC_PAGES } from './web/lib/public-pages';

export default {
  appDirectory: 'web',
  // BUILD_DIR lets parallel test runs build into their own folder (default: build/).
  buildDirectory: process.env.BUILD_DIR || 'build',
  ssr: true,
  // The public pages are rendered to HTML at build time; the server sends them as fixed bytes with a
  // CSP listing their inline scripts' hashes (web/server/serving/prerendered-pages.server.ts).
  prerender: [...PUBLIC_PAGES],
  // Every prerendered page leaves the build with its modules deferred (deferModules in
  // web/entry.server.tsx rewrites the tags React Router's <Scripts> renders): a router upgrade that
  // changes those tags fails the build instead of slowing the first view unnoticed.
  buildEnd({ reactRouterConfig }) {
    const clientDir = path.resolve(reactRouterConfig.buildDirectory, 'client');
    const undeferred = PUBLIC_PAGES.filter((page) => {
      const html = readFileSync(path.join(clientDir, ...page.split('/').filter(Boolean), 'index.html'), 'utf8');
      const outside = html.replace(/<template id="rr-module-preloads">[\s\S]*?<\/template>/, '');
      return outside === html || /<script type="module"|<link rel="modulepreload"/.test(outside);
    });
    if (undeferred.length > 0) {
      throw new Error(
        `Prerendered pages with undeferred modules (React Router's script tags changed? see deferModules in web/entry.server.tsx): ${undeferred.join(', ')}`,
      );
    }
  },
} satisfies Config;
