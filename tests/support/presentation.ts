// The Studio's side of the draft preview, for tests and the preview benchmark: a preview secret
// created the way the Presentation tool creates it, and a fake Presentation tool page on an
// origin of its own that frames the site (presentation-parent.ts, bundled here with Vite).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient } from '@sanity/client';
import { createPreviewSecret } from '@sanity/preview-url-secret/create-secret';
import type { SanityStandIn } from './sanity-standin.ts';

/** A preview secret for `studioUrl`, stored as the Studio stores it (with an editor's token). */
export async function previewSecret(standIn: SanityStandIn, studioUrl: string): Promise<string> {
  const client = createClient({
    projectId: standIn.projectId,
    dataset: standIn.dataset,
    apiHost: standIn.url,
    useProjectHostname: false,
    useCdn: false,
    apiVersion: '2025-02-19',
    token: standIn.editorToken,
  });
  const { secret } = await createPreviewSecret(client, 'tests', studioUrl, 'editor');
  return secret;
}

/** The URL the Presentation tool opens in its frame to start the preview of `pathname`. */
export const enableUrl = (siteUrl: string, secret: string, pathname = '/') =>
  `${siteUrl}/api/preview/enable?${new URLSearchParams({
    'sanity-preview-secret': secret,
    'sanity-preview-pathname': pathname,
    'sanity-preview-perspective': 'drafts',
  })}`;

let bundle: Promise<string> | undefined;
/** presentation-parent.ts as one browser module. */
function parentScript(): Promise<string> {
  bundle ??= (async () => {
    const { build } = await import('vite');
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        write: false,
        minify: false,
        lib: { entry: path.join(import.meta.dirname, 'presentation-parent.ts'), formats: ['es'], fileName: 'parent' },
      },
    });
    const results = Array.isArray(output) ? output : [output];
    const chunk = results
      .flatMap((result) => ('output' in result ? result.output : []))
      .find((file) => file.type === 'chunk' && file.isEntry);
    if (!chunk || chunk.type !== 'chunk') throw new Error('Building the Presentation test page failed');
    return chunk.code;
  })();
  return bundle;
}

export interface PresentationPage {
  /** The page's origin: the Studio origin the site must be configured with (SANITY_STUDIO_URL). */
  url: string;
  /** The page that frames `src` (the preview's enable URL). */
  pageUrl(src: string): string;
  close(): Promise<void>;
}

/** A fake Presentation tool on its own origin (another port of 127.0.0.1). */
export async function startPresentationPage(): Promise<PresentationPage> {
  const script = await parentScript();
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    if (u.pathname === '/parent.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(script);
      return;
    }
    if (u.pathname !== '/') {
      res.writeHead(404).end();
      return;
    }
    const src = u.searchParams.get('src') ?? 'about:blank';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Presentation (Test)</title>
<style>body{margin:0;font:14px system-ui;background:#f2f2f2}header{padding:8px 12px;background:#101112;color:#fff}
iframe{border:0;width:100%;height:calc(100vh - 36px);display:block;background:#fff}</style></head>
<body><header>Vorschau · Presentation</header>
<iframe id="preview" src="${src.replace(/"/g, '&quot;')}"></iframe>
<script type="module" src="/parent.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    pageUrl: (src) => `${url}/?${new URLSearchParams({ src })}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What the fake Presentation tool records in its page (presentation-parent.ts), for the tests to read. */
declare global {
  interface Window {
    presentation: {
      status: string[];
      focus: unknown[];
      refreshed: unknown[];
      refresh: (source: 'manual' | 'mutation') => void;
    };
  }
}
