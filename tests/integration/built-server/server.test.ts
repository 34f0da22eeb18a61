// The foundation as a visitor and an operator see it: one process, right database, headers, 404s,
// refusal of bad configuration and of a second server on the same data directory.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inlineScripts, scriptSrc, scriptsWithoutHash } from '../../support/csp';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import { createPostgresDatabase } from '../../support/postgres';
import { TEST_DATABASE_URL, requireOrSkip } from '../../support/requirements';
import { freshDataDir, startServer, startServerExpectingFailure, type TestServer } from '../../support/server';
import { until } from '../../support/until';

describe('server on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  test('/healthz names the embedded database', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, db: 'pglite' });
  });

  test('every public route answers 200 with German HTML', async () => {
    for (const path of [...PUBLIC_PAGES, '/access', '/auth', '/teamdashboard']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await res.text(), path).toContain('<html lang="de"');
    }
  });

  test('security headers are on pages, API answers and assets', async () => {
    const page = await fetch(`${server.url}/`);
    const html = await page.text();
    const assetPath = /href="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const responses: [string, Response, RegExp][] = [
      // Prerendered: fixed bytes, inline scripts allowed by their hashes.
      ['/', page, /^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/],
      ['/auth', await fetch(`${server.url}/auth`), /^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/],
      ['/healthz', await fetch(`${server.url}/healthz`), /^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/],
      // The signup endpoint's own transport (decision record 008), with a 400 for an empty body.
      [
        'POST /api/signups',
        await fetch(`${server.url}/api/signups`, { method: 'POST', body: '{}' }),
        /^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/,
      ],
      [assetPath!, await fetch(`${server.url}${assetPath}`), /^script-src 'self'$/],
    ];
    const others = (csp: string) => csp.replace(scriptSrc(csp), '');
    const reference = others(page.headers.get('content-security-policy')!);
    for (const [what, res, expected] of responses) {
      const csp = res.headers.get('content-security-policy')!;
      expect(scriptSrc(csp), what).toMatch(expected);
      expect(scriptSrc(csp), what).not.toContain('unsafe-inline');
      // Apart from script-src, every response has the same policy.
      expect(others(csp), what).toBe(reference);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull(); // http PUBLIC_URL
    }
  });

  test('inline scripts of server-rendered pages carry the response nonce', async () => {
    const res = await fetch(`${server.url}/auth`);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1];
    // Executable scripts only: JSON-LD data blocks are not run and carry no nonce.
    const scripts = (await res.text()).match(/<script(?![^>]*application\/ld\+json)[^>]*>/g)!;
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test('inline scripts of prerendered pages are allowed by their hashes, without a nonce', async () => {
    for (const path of ['/', '/imprint', '/datenschutz', '/agb']) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy')!;
      const html = await res.text();
      expect(inlineScripts(html).length, path).toBeGreaterThan(0);
      expect(scriptsWithoutHash(html, csp), path).toEqual([]);
      expect(html, path).not.toMatch(/<script[^>]*\snonce=/);
      expect(csp, path).not.toContain("'nonce-");
    }
  });

  test('two requests to a server-rendered page get two different nonces', async () => {
    const a = (await fetch(`${server.url}/auth`)).headers.get('content-security-policy');
    const b = (await fetch(`${server.url}/auth`)).headers.get('content-security-policy');
    expect(a).not.toBe(b);
  });

  test('hashed assets are cached for a year and compressed', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const assetPath = /href="(\/assets\/entry\.client[^"]+\.js)"/.exec(html)![1];
    const res = await fetch(`${server.url}${assetPath}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  test('/agb is served as it is, without a redirect to /agb/', async () => {
    const res = await fetch(`${server.url}/agb`, { redirect: 'manual' });
    expect(res.status).toBe(200);
  });

  test('unknown pages answer a German 404 page, unknown API paths a JSON 404', async () => {
    const page = await fetch(`${server.url}/gibt-es-nicht`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain('Seite nicht gefunden');
    expect(html).toContain('noindex');
    const api = await fetch(`${server.url}/api/gibt-es-nicht`, { method: 'POST' });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found' });
  });

  test('without a team member the log says how to invite the first owner: in the compose stack and without containers', async () => {
    await until(() => server.output().includes('No team member yet'), 'the first-owner hint');
    const hint = server
      .output()
      .split('\n')
      .find((line) => line.includes('No team member yet'))!;
    expect(hint).toContain('`deploy/stack.sh invite EMAIL --owner');
    expect(hint).toContain('`npm run team:invite -- EMAIL --owner');
  });

  test('a second server on the same DATA_DIR is refused with a clear message', async () => {
    const { code, output } = await startServerExpectingFailure({ dataDir: server.dataDir });
    expect(code).toBe(1);
    expect(output).toContain('is in use by another server');
    // The first server is unaffected.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('start-up refusals', () => {
  test('a bad TEAM_ACCESS_CODE stops the server with the variable named', async () => {
    const { code, output } = await startServerExpectingFailure({ env: { TEAM_ACCESS_CODE: 'abcd' } });
    expect(code).toBe(1);
    expect(output).toContain('TEAM_ACCESS_CODE: must be exactly 4 digits');
  });

  test('production refuses to start without AUTH_SECRET', async () => {
    const { code, output } = await startServerExpectingFailure({ env: { AUTH_SECRET: '' } });
    expect(code).toBe(1);
    expect(output).toContain('AUTH_SECRET: required when NODE_ENV=production');
  });

  test('SIGTERM shuts the server down cleanly and the data directory can be opened again', async () => {
    const dataDir = freshDataDir();
    const first = await startServer({ dataDir });
    expect(await first.stop('SIGTERM')).toBe(0);
    const second = await startServer({ dataDir });
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    await second.stop();
  });

  test('HSTS is sent when PUBLIC_URL is https', async () => {
    const server = await startServer({ env: { PUBLIC_URL: 'https://example.org' } });
    try {
      const res = await fetch(`${server.url}/healthz`);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
    } finally {
      await server.stop();
    }
  });
});

const postgres = requireOrSkip(
  'postgres',
  Boolean(TEST_DATABASE_URL),
  'set TEST_DATABASE_URL to run the server on PostgreSQL',
);
describe.runIf(postgres)('server on PostgreSQL', () => {
  test('/healthz names PostgreSQL when DATABASE_URL is set, and two servers share it', async () => {
    const { url, drop } = await createPostgresDatabase();
    const a = await startServer({ env: { DATABASE_URL: url } });
    const b = await startServer({ env: { DATABASE_URL: url } });
    try {
      expect(await (await fetch(`${a.url}/healthz`)).json()).toMatchObject({ ok: true, db: 'postgres' });
      expect(await (await fetch(`${b.url}/healthz`)).json()).toMatchObject({ ok: true, db: 'postgres' });
    } finally {
      await a.stop();
      await b.stop();
      await drop();
    }
  });
});
