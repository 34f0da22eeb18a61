// Publishing without depending on one webhook call: the server follows Sanity's Live Content API
// (the stand-in's live event stream) and re-renders on a publish; after a lost connection it
// catches up when the stream returns; and however many processes serve on one PostgreSQL, each
// follows the events itself (no leader: decision record 036), so one that dies takes nothing along.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPostgresDatabase, postgresAvailable } from '../../support/postgres';
import { postRevalidate, standInEnv, startSanityStandIn, type SanityStandIn } from '../../support/sanity-standin';
import { startServer, useServerOnStandIn, type TestServer } from '../../support/server';
import { until } from '../../support/until';

const SECRET = 'webhook-secret-for-live-tests';
const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
const title = async (base: string) => h1(await (await fetch(`${base}/`)).text());
/** A server environment without the webhook: only the live events can bring a publish. */
const liveOnly = (standIn: SanityStandIn) => standInEnv(standIn, '');
const renders = async (base: string) =>
  ((await (await fetch(`${base}/healthz`)).json()) as { content: { renders: number } }).content.renders;
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('publishing through the live events, no webhook', () => {
  const site = useServerOnStandIn(async (standIn) => {
    const server = await startServer({ env: liveOnly(standIn) });
    await until(() => standIn.liveConnections() === 1, 'the server to follow the live events');
    return server;
  });

  test('a publish changes / without any webhook call', async () => {
    const settings = site.standIn.document('siteSettings')!;
    site.standIn.publish({ ...settings, tagline: 'Live veröffentlicht' });
    await until(async () => (await title(site.server.url)) === 'Live veröffentlicht', 'the published tagline on /', {
      timeoutMs: 15_000,
    });
    expect(site.standIn.requests.some((r) => r.startsWith('/api/revalidate'))).toBe(false);
    expect(site.server.output()).not.toContain('/api/revalidate');
  });

  test('a draft is no publish: the page stays', async () => {
    site.standIn.saveDraft({ ...site.standIn.document('siteSettings')!, tagline: 'Nur ein Entwurf' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await title(site.server.url)).toBe('Live veröffentlicht');
  });

  test('after a lost connection the server catches up with what was published meanwhile', async () => {
    const before = site.standIn.liveRequests.length;
    site.standIn.setLiveAvailable(false);
    site.standIn.dropLiveConnections();
    site.standIn.publish({ ...site.standIn.document('siteSettings')!, tagline: 'Veröffentlicht während der Störung' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Nothing could tell the server yet.
    expect(await title(site.server.url)).toBe('Live veröffentlicht');
    site.standIn.setLiveAvailable(true);
    await until(
      async () => (await title(site.server.url)) === 'Veröffentlicht während der Störung',
      'the tagline published during the outage on /',
      { timeoutMs: 30_000 },
    );
    // The stream was resumed where it had been (Last-Event-ID), not started afresh.
    const resumed = site.standIn.liveRequests.slice(before);
    expect(resumed.at(-1)?.lastEventId).toBeTruthy();
    expect(site.standIn.liveConnections()).toBe(1);
  });
});

describe('a webhook and a live event for the same publish', () => {
  const site = useServerOnStandIn(async (standIn) => {
    const server = await startServer({ env: standInEnv(standIn, SECRET) });
    await until(() => server.output().includes('Sanity live events: connected'), 'the live subscription');
    return server;
  });

  test('render the pages once: the second finds the content unchanged', async () => {
    await until(() => site.server.output().includes('Content sync (live)'), "the first connection's catch-up");
    const before = await renders(site.server.url);
    const unchanged = count(site.server.output(), 'content unchanged');
    site.standIn.publish({ ...site.standIn.document('siteSettings')!, tagline: 'Einmal gerendert' });
    const res = await postRevalidate(site.server.url, JSON.stringify({ _id: 'siteSettings' }), SECRET);
    expect(res.status).toBe(200);
    await until(async () => (await title(site.server.url)) === 'Einmal gerendert', 'the publish on /');
    await until(() => count(site.server.output(), 'content unchanged') > unchanged, 'the second announcement');
    expect(await renders(site.server.url)).toBe(before + 1);
  });
});

describe.runIf(postgresAvailable())('every process on one PostgreSQL follows the live events', () => {
  let standIn: SanityStandIn;
  let database: { url: string; drop: () => Promise<void> };
  let servers: TestServer[] = [];

  beforeAll(async () => {
    [standIn, database] = await Promise.all([startSanityStandIn(), createPostgresDatabase()]);
    const env = { DATABASE_URL: database.url, ...liveOnly(standIn) };
    servers = await Promise.all([startServer({ env }), startServer({ env })]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await standIn?.close();
    await database?.drop();
  });

  test('each process subscribes and renders a publish once; when one dies, the other keeps following', async () => {
    await until(() => standIn.liveConnections() === 2, 'a live subscription per process');
    const before = await Promise.all(servers.map((s) => renders(s.url)));
    standIn.publish({ ...standIn.document('siteSettings')!, tagline: 'Auf beiden Prozessen' });
    for (const server of servers)
      await until(async () => (await title(server.url)) === 'Auf beiden Prozessen', `the publish on ${server.url}`, {
        timeoutMs: 15_000,
      });
    // Each process learnt it from its own stream, and announced it to nobody: one render each.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await Promise.all(servers.map((s) => renders(s.url)))).toEqual(before.map((n) => n + 1));
    expect(servers.some((s) => s.output().includes('Content change announced'))).toBe(false);

    const [dying, survivor] = servers as [TestServer, TestServer];
    await dying.stop('SIGKILL');
    await until(() => standIn.liveConnections() === 1, "the dead process's stream to close", { timeoutMs: 20_000 });
    standIn.publish({ ...standIn.document('siteSettings')!, tagline: 'Nach dem Ausfall' });
    await until(async () => (await title(survivor.url)) === 'Nach dem Ausfall', 'the publish on the survivor', {
      timeoutMs: 15_000,
    });
  });
});
