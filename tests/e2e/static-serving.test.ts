// Prerendered pages and hashed assets are served like a static file server: fixed bytes in every
// encoding, a CSP with the page's inline-script hashes (no nonce, no unsafe-inline), strong ETags
// and 304s, and a content sync after a publish that swaps all of it at once, without a CSP violation.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { browserAvailable } from '../support/browser';
import { inlineScripts, scriptSrc, scriptsWithoutHash } from '../support/csp';
import { postRevalidate, standInEnv, startSanityStandIn, type SanityStandIn } from '../support/sanity-standin';
import { hydrated, pageProblems, useBrowserHarness } from '../support/e2e';

const SECRET = 'webhook-secret-for-static-serving';
const PAGES = ['/', '/imprint', '/datenschutz', '/agb'];

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent (node:http does not decode it). */
  body: Buffer;
}

function raw(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawResponse>((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (res: RawResponse) =>
  res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.body)
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.body)
      : res.body;

/** Collects CSP violations from the first script on, in every document the page loads. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe('prerendered pages and hashed assets as fixed files', () => {
  let standIn: SanityStandIn;
  const buildDir = inject('buildDir');
  // Registered before the harness: the stand-in outlives the server.
  beforeAll(async () => {
    standIn = await startSanityStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
  });
  // Without Chromium the HTTP tests still run.
  const hasBrowser = browserAvailable();
  const site = useBrowserHarness({
    browser: hasBrowser,
    env: () => standInEnv(standIn, SECRET),
  });

  test('a prerendered page is the same bytes every time, with a CSP of its inline scripts’ hashes', async () => {
    for (const pathname of PAGES) {
      const a = await raw(`${site.url}${pathname}`);
      const b = await raw(`${site.url}${pathname}`);
      expect(a.status, pathname).toBe(200);
      expect(b.body.equals(a.body), pathname).toBe(true);
      expect(b.headers.etag, pathname).toBe(a.headers.etag);
      expect(a.headers.etag, pathname).toMatch(/^"[A-Za-z0-9_-]+"$/); // strong
      const csp = String(a.headers['content-security-policy']);
      expect(b.headers['content-security-policy'], pathname).toBe(csp);
      expect(scriptSrc(csp), pathname).not.toContain('unsafe-inline');
      expect(scriptSrc(csp), pathname).not.toContain('nonce-');
      const html = a.body.toString('utf8');
      expect(inlineScripts(html).length, pathname).toBeGreaterThan(0);
      expect(scriptsWithoutHash(html, csp), pathname).toEqual([]);
      expect(a.headers['cache-control'], pathname).toBe('no-cache');
      expect(a.headers['content-type'], pathname).toBe('text/html; charset=utf-8');
    }
  });

  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding %j gets %s of the same page', async (acceptEncoding, encoding) => {
    const plain = await raw(`${site.url}/`);
    const res = await raw(`${site.url}/`, { 'accept-encoding': acceptEncoding });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(decode(res).equals(plain.body)).toBe(true);
    expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  test('a matching If-None-Match gets 304 without a body; another encoding’s tag does not', async () => {
    const br = await raw(`${site.url}/agb`, { 'accept-encoding': 'br' });
    const again = await raw(`${site.url}/agb`, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    const gzip = await raw(`${site.url}/agb`, {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);
    const head = await raw(`${site.url}/agb`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  test('hashed assets are precompressed at build time and sent as built, never compressed per request', async () => {
    const assetsDir = path.join(buildDir, 'client', 'assets');
    const scripts = readdirSync(assetsDir).filter((f) => /\.(js|css)$/.test(f));
    expect(scripts.length).toBeGreaterThan(5);
    const largest = scripts
      .map((f) => ({ f, size: readFileSync(path.join(assetsDir, f)).length }))
      .sort((a, b) => b.size - a.size)[0]!.f;
    // Every sizeable script and stylesheet has both compressed copies beside it.
    for (const f of scripts) {
      if (readFileSync(path.join(assetsDir, f)).length < 2048) continue;
      expect(readdirSync(assetsDir), f).toEqual(expect.arrayContaining([`${f}.br`, `${f}.gz`]));
    }
    const url = `${site.url}/assets/${largest}`;
    const type = largest.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    for (const [acceptEncoding, encoding, file] of [
      ['gzip, deflate, br', 'br', `${largest}.br`],
      ['gzip', 'gzip', `${largest}.gz`],
      ['identity', undefined, largest],
    ] as const) {
      const res = await raw(url, { 'accept-encoding': acceptEncoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.body.equals(readFileSync(path.join(assetsDir, file))), acceptEncoding).toBe(true);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await raw(`${site.url}/assets/gibt-es-nicht.js`)).status).toBe(404);
  });

  test.runIf(hasBrowser)(
    'Chromium runs every prerendered page without a CSP violation, also after a publish',
    async () => {
      const page = await site.newPage();
      const violations = await watchViolations(page);
      const problems = pageProblems(page);
      for (const pathname of PAGES) {
        await page.goto(`${site.url}${pathname}`);
        // The router's module script is inserted by an inline script once the view is painted:
        // hydration proves both ran under the page's hashes.
        await hydrated(page);
        expect(await violations(), pathname).toEqual([]);
        // ... and then every module preload of the page, one per task.
        await page.waitForFunction(() => {
          const inHead = new Set(
            [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
          );
          const template = document.querySelector<HTMLTemplateElement>('#rr-module-preloads')!;
          return [...template.content.children].every((l) => inHead.has(l.getAttribute('href')));
        });
      }

      const settings = standIn.document('siteSettings')!;
      const tagline = 'Neu veröffentlicht, neue Hashes';
      // Through the webhook alone (the live events are tests/integration/built-server/live-content.test.ts's).
      standIn.publish({ ...settings, tagline }, { live: false });
      const before = await raw(`${site.url}/`, { 'accept-encoding': 'br' });
      const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
      const res = await postRevalidate(site.url, body, SECRET);
      expect(res.status).toBe(200);

      // Every variant of the new page: the new text, and its own hashes.
      const identity = await raw(`${site.url}/`);
      expect(identity.body.toString('utf8')).toContain(tagline);
      expect(identity.headers.etag).not.toBe(before.headers.etag?.toString().replace('-br', ''));
      for (const acceptEncoding of ['br', 'gzip']) {
        const variant = await raw(`${site.url}/`, { 'accept-encoding': acceptEncoding });
        expect(decode(variant).equals(identity.body), acceptEncoding).toBe(true);
        expect(variant.headers['content-security-policy']).toBe(identity.headers['content-security-policy']);
      }
      expect(
        scriptsWithoutHash(identity.body.toString('utf8'), String(identity.headers['content-security-policy'])),
      ).toEqual([]);

      for (const pathname of ['/', '/agb']) {
        await page.goto(`${site.url}${pathname}`);
        await hydrated(page);
        expect(await violations(), pathname).toEqual([]);
      }
      await page.goto(`${site.url}/`);
      await page.getByText(tagline).first().waitFor();
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});
