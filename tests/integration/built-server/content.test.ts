// Content reaches the pages from the data, never from components: a publish in Sanity (a local
// stand-in of its API) re-renders the prerendered pages of the running server through the signed
// webhook (on the embedded database the answer comes once the pages are swapped), and a changed
// title in content/dataset.ndjson shows after a rebuild. Images always come from our own origin.
// What several instances do is in content-sync.test.ts. Publishes here skip the live event stream
// (`live: false`), so that the webhook alone brings them: live-content.test.ts covers that path.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import { scriptsWithoutHash } from '../../support/csp';
import { postRevalidate, standInEnv } from '../../support/sanity-standin';
import { ROOT, startServer, useServerOnStandIn, type TestServer } from '../../support/server';

const SECRET = 'webhook-secret-for-tests';

/** A build folder inside the project (the server bundle resolves node_modules from there). */
const buildFolder = (prefix: string) => {
  mkdirSync(path.join(ROOT, '.test-builds'), { recursive: true });
  return mkdtempSync(path.join(ROOT, '.test-builds', prefix));
};

const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];

describe('publishing in Sanity re-renders the pages without a restart', () => {
  const site = useServerOnStandIn((standIn) => startServer({ env: standInEnv(standIn, SECRET) }));

  test('an unsigned or wrongly signed webhook changes nothing', async () => {
    const body = JSON.stringify({ _id: 'legalPage-agb', _type: 'legalPage' });
    expect((await postRevalidate(site.server.url, body)).status).toBe(401);
    expect((await postRevalidate(site.server.url, body, 'not-the-secret')).status).toBe(401);
    expect((await fetch(`${site.server.url}/api/revalidate`)).status).toBe(405);
    expect(h1(await (await fetch(`${site.server.url}/agb`)).text())).toBe('Allgemeine Geschäftsbedingungen');
  });

  test('a signed webhook after a publish brings the new titles onto the prerendered pages', async () => {
    const agb = site.standIn.document('legalPage-agb')!;
    site.standIn.publish({ ...agb, title: 'AGB – neu veröffentlicht' }, { live: false });
    const settings = site.standIn.document('siteSettings')!;
    site.standIn.publish({ ...settings, tagline: 'Frisch aus dem Studio veröffentlicht' }, { live: false });
    site.standIn.saveDraft({ ...agb, title: 'Nur ein Entwurf' });
    expect(h1(await (await fetch(`${site.server.url}/agb`)).text())).toBe('Allgemeine Geschäftsbedingungen');

    const body = JSON.stringify({ _id: 'legalPage-agb', _type: 'legalPage' });
    const res = await postRevalidate(site.server.url, body, SECRET);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: true });
    expect(site.server.output()).toContain(
      `Content sync (webhook): rendered ${PUBLIC_PAGES.join(', ')} from sanity content`,
    );

    const agbResponse = await fetch(`${site.server.url}/agb`);
    const page = await agbResponse.text();
    expect(h1(page)).toBe('AGB – neu veröffentlicht');
    // The re-rendered page's own inline scripts are the ones its CSP allows.
    expect(scriptsWithoutHash(page, agbResponse.headers.get('content-security-policy')!)).toEqual([]);
    expect(await (await fetch(`${site.server.url}/agb.data`)).text()).toContain('AGB – neu veröffentlicht');
    const home = await (await fetch(`${site.server.url}/`)).text();
    expect(home).toContain('Frisch aus dem Studio veröffentlicht');
    expect(home).not.toContain('Nur ein Entwurf');
  });

  test('every image on the page comes from our own origin', async () => {
    const home = await (await fetch(`${site.server.url}/`)).text();
    expect(home).not.toContain(site.standIn.url);
    expect(home).not.toContain('cdn.sanity.io');
    const sources = [...home.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g)].flatMap((m) =>
      m[1]!.split(',').map((s) => s.trim().split(' ')[0]!),
    );
    const images = sources.filter((s) => /\.(avif|webp|jpe?g|png)$/.test(s));
    expect(images.length).toBeGreaterThan(10);
    for (const src of images) expect(src, src).toMatch(/^\/(images|assets)\//);
    const avif = images.find((s) => s.endsWith('.avif'))!;
    const res = await fetch(`${site.server.url}${avif}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${site.server.url}/images/${'0'.repeat(40)}-10x10-480.avif`)).status).toBe(404);
  });
});

describe('the bundled dataset is the source of every visible word', () => {
  let buildDir: string;
  let contentDir: string;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    for (const dir of [buildDir, contentDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test(
    'a title changed in content/dataset.ndjson shows on the page after a rebuild',
    { timeout: 300_000 },
    async () => {
      contentDir = mkdtempSync(path.join(tmpdir(), 'bc-content-'));
      cpSync(path.join(ROOT, 'content'), contentDir, { recursive: true });
      const file = path.join(contentDir, 'dataset.ndjson');
      const changed = readFileSync(file, 'utf8')
        .replace('"title":"MAGICAL MOVEMENT"', '"title":"MAGICAL MOVEMENT – NEU"')
        .replace('"title":"Datenschutzerklärung"', '"title":"Datenschutz – geändert"');
      expect(changed).toContain('MAGICAL MOVEMENT – NEU');
      writeFileSync(file, changed);

      buildDir = buildFolder('content-rebuild-');
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build'], {
        cwd: ROOT,
        env: { ...process.env, BUILD_DIR: buildDir, CONTENT_DIR: contentDir, SANITY_PROJECT_ID: '' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      // The server renders its pages from its content source at start: the same folder.
      server = await startServer({ env: { BUILD_DIR: buildDir, CONTENT_DIR: contentDir } });
      expect(await (await fetch(`${server.url}/`)).text()).toContain('MAGICAL MOVEMENT – NEU');
      expect(h1(await (await fetch(`${server.url}/datenschutz`)).text())).toBe('Datenschutz – geändert');
    },
  );
});
