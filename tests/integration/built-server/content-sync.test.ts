// Instances that agree on content: plain server processes (`node server.ts`) on one PostgreSQL
// database, reading a stand-in of Sanity's API. A signed publish to one of them reaches every one
// through PostgreSQL's NOTIFY, each renders its own pages once, in memory; an instance that starts
// later serves the published content from its first answer; a content error at start keeps the
// build's pages and says so. Several instances on one database: instances.test.ts.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import { createPostgresDatabase } from '../../support/postgres';
import { TEST_DATABASE_URL, requireOrSkip } from '../../support/requirements';
import { postRevalidate, standInEnv, startSanityStandIn, type SanityStandIn } from '../../support/sanity-standin';
import { startServer, type TestServer } from '../../support/server';
import { until } from '../../support/until';

const SECRET = 'webhook-secret-for-content-sync';
const PUBLISH = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
// As the page sets it: the dash tied to the word before it (no line starts with it).
const BUILD_TAGLINE = 'Reiten im Einklang\u00a0– Bewegung, die Pferd und Mensch verbindet';

const home = async (server: TestServer) => (await fetch(`${server.url}/`)).text();
const homeData = async (server: TestServer) => (await fetch(`${server.url}/_.data`)).text();

interface Health {
  ok: boolean;
  content: { fingerprint: string; renderedAt: string | null; renders: number };
}
const health = async (server: TestServer) => (await (await fetch(`${server.url}/healthz`)).json()) as Health;

const count = (text: string, needle: string) => text.split(needle).length - 1;

/** Every file of a folder with its size and modification time: equal snapshots, nothing written. */
function snapshot(dir: string) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const stat = statSync(path.join(dir, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    });
}

const postgres = requireOrSkip('postgres', Boolean(TEST_DATABASE_URL), 'set TEST_DATABASE_URL to run two instances');
describe.runIf(postgres)('two server processes on one PostgreSQL agree on content', () => {
  let standIn: SanityStandIn;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let a: TestServer;
  let b: TestServer;
  let late: TestServer | undefined;
  const buildDir = inject('buildDir');
  let buildBefore: string[];
  const env = () => ({ DATABASE_URL: databaseUrl, ...standInEnv(standIn, SECRET) });

  beforeAll(async () => {
    standIn = await startSanityStandIn();
    ({ url: databaseUrl, drop } = await createPostgresDatabase());
    buildBefore = snapshot(buildDir);
    [a, b] = await Promise.all([startServer({ env: env() }), startServer({ env: env() })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), late?.stop()]);
    await standIn?.close();
    await drop?.();
  });

  test('each instance renders its pages from the content source before it answers', async () => {
    for (const server of [a, b]) {
      expect(server.output()).toContain(
        `Content sync (start): rendered ${PUBLIC_PAGES.join(', ')} from sanity content`,
      );
      // The start sync comes before the server listens (and so before /healthz can say ready).
      expect(server.output().indexOf('Content sync (start)')).toBeLessThan(server.output().indexOf('listening on'));
      const { ok, content } = await health(server);
      expect(ok).toBe(true);
      expect(content.renders).toBe(1);
    }
    // The same content gives the same fingerprint everywhere.
    expect((await health(a)).content.fingerprint).toBe((await health(b)).content.fingerprint);
    expect((await health(a)).content.fingerprint).not.toBe('build');
  });

  test('a signed publish to one instance changes / on both within 2 s', async () => {
    const tagline = 'Auf jeder Instanz zugleich veröffentlicht';
    // The description is in the page's route data too (its meta tags), the tagline only in its HTML.
    const siteDescription = 'Beschreibung, auf jeder Instanz zugleich veröffentlicht';
    // Through the webhook alone (the live events are live-content.test.ts's).
    standIn.publish({ ...standIn.document('siteSettings')!, tagline, siteDescription }, { live: false });
    expect(await home(b)).not.toContain(tagline);

    const res = await postRevalidate(a.url, PUBLISH, SECRET);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: true });
    await until(
      async () => (await home(a)).includes(tagline) && (await home(b)).includes(tagline),
      'the new tagline on both instances',
      { timeoutMs: 2000, intervalMs: 20 },
    );
    // b never got the webhook: it heard the announcement, rendered the page and its data itself.
    expect(await home(b)).toContain(tagline);
    expect(await homeData(b)).toContain(siteDescription);
    expect(count(b.output(), 'Content sync (webhook): rendered /')).toBe(1);
    expect(count(a.output(), 'Content sync (webhook): rendered /')).toBe(1);
    expect((await health(a)).content.fingerprint).toBe((await health(b)).content.fingerprint);
  });

  test('a publish that changes nothing the pages show renders nothing again', async () => {
    const before = await Promise.all([health(a), health(b)]);
    const unchanged = (server: TestServer) => count(server.output(), 'Content sync (webhook): content unchanged');
    const said = [unchanged(a), unchanged(b)];
    // A draft is not published content: the pages stay as they are.
    standIn.saveDraft({ ...standIn.document('siteSettings')!, tagline: 'Nur ein Entwurf' });

    const res = await postRevalidate(b.url, PUBLISH, SECRET);
    expect(res.status).toBe(200);
    await until(() => unchanged(a) > said[0]! && unchanged(b) > said[1]!, 'both instances to compare the content');
    const after = await Promise.all([health(a), health(b)]);
    expect(after.map((h) => h.content)).toEqual(before.map((h) => h.content));
    expect(await home(a)).not.toContain('Nur ein Entwurf');
  });

  test('an instance started after the publish serves the new content from its first answer', async () => {
    late = await startServer({ env: env() });
    expect(await home(late)).toContain('Auf jeder Instanz zugleich veröffentlicht');
    expect((await health(late)).content.fingerprint).toBe((await health(a)).content.fingerprint);
  });

  test('the build folder is left as it was: rendered pages live in memory', () => {
    expect(snapshot(buildDir)).toEqual(buildBefore);
  });
});

describe('a content error at start', () => {
  let standIn: SanityStandIn;
  let server: TestServer;

  beforeAll(async () => {
    standIn = await startSanityStandIn();
    // An image without alt text: the content module refuses to render a page with it.
    const horse = standIn.document('horseCase-3')!;
    standIn.publish({ ...horse, afterImage: { ...(horse.afterImage as object), alt: '' } }, { live: false });
    standIn.publish(
      { ...standIn.document('siteSettings')!, tagline: 'Erst nach der Korrektur sichtbar' },
      { live: false },
    );
    server = await startServer({ env: standInEnv(standIn, SECRET) });
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  test("keeps the build's pages, says so in the log, and the server is ready", async () => {
    expect(server.output()).toMatch(/Content sync at start failed; serving the build's pages: .*has no alt text/);
    const page = await home(server);
    expect(page).toContain(BUILD_TAGLINE);
    expect(page).not.toContain('Erst nach der Korrektur sichtbar');
    const { ok, content } = await health(server);
    expect(ok).toBe(true);
    expect(content).toEqual({ fingerprint: 'build', renderedAt: null, renders: 0 });
  });

  test('the next publish that fixes the content brings the pages up to date', async () => {
    const horse = standIn.document('horseCase-3')!;
    standIn.publish(
      { ...horse, afterImage: { ...(horse.afterImage as object), alt: 'Amira nach dem Training' } },
      { live: false },
    );
    const res = await postRevalidate(server.url, JSON.stringify({ _id: 'horseCase-3' }), SECRET);
    expect(res.status).toBe(200);
    // On the embedded database the webhook's answer comes once the pages are swapped.
    expect(await home(server)).toContain('Erst nach der Korrektur sichtbar');
    expect((await health(server)).content.renders).toBe(1);
  });
});
