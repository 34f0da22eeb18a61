// The community's stable links on PGlite and PostgreSQL: /gruppe/reiter and /gruppe/trainer redirect
// to the current group of a pool (from a bundled dataset of the test's own), never cached and
// without a cookie; real clicks are counted per group, day and campaign, bots and visitors who ask
// not to be tracked are not; a full group hands the link on to the next one (also under clicks at
// the same moment), and the team hears exactly once when a group is 90 % full; one client counts at
// most 3 clicks an hour per audience; a group whose link is not a WhatsApp invitation is skipped and
// named by launch readiness; the insights report and the dashboard's overview show the pool; the QR
// codes encode the stable links.
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { encode } from 'uqr';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import * as overviewRoute from '~/routes/api.community';
import * as qrRoute from '~/routes/api.community.qr.$file';
import * as groupRoute from '~/routes/gruppe';
import * as launchRoute from '~/routes/api.launch-readiness';
import * as reportRoute from '~/routes/api.insights';
import * as csvRoute from '~/routes/api.insights[.]csv';
import type { CommunityOverview } from '~/lib/community';
import type { CommunityGroup } from '~/lib/content-types';
import type { InsightsReport } from '~/lib/insights';
import { NOT_WHATSAPP, type LaunchPlaceholder } from '~/lib/launch-readiness';
import { clearContentCache } from '~/server/content/content.server';
import { schema } from '~/server/db/db.server';
import { forgetAnnouncements } from '~/server/community/announce.server';
import { forgetCommunityMemory } from '~/server/community/clicks.server';
import { CAPACITY_MAIL_KIND } from '~/server/community/announce.server';
import { GROUP_CLICK_WINDOW_MS } from '~/server/community/links.server';
import { describeEachDatabase, emptyTables } from '../support/database';
import { awayFromWindowEdge } from '../support/rate-windows';
import { PUBLIC_URL, call, get, teamAuth, useTestConfig } from '../support/routes';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const ROOT = path.resolve(import.meta.dirname, '..', '..');

const group = (key: string, audience: 'reiter' | 'trainer', capacity: number, active = true): CommunityGroup => ({
  key,
  audience,
  name: `Gruppe ${key}`,
  inviteUrl: `https://chat.whatsapp.com/${key}`,
  capacity,
  active,
});
/** Riders: A (2 places), an inactive one, then B (3 places); trainers: T (1,000). */
const POOL = [
  group('A', 'reiter', 2),
  group('OFF', 'reiter', 5, false),
  group('B', 'reiter', 3),
  group('T', 'trainer', 1000),
];

/** A copy of the bundled content whose site settings carry `pool`; the content module reads it from now on. */
function useContentWithPool(contentDir: string, pool: CommunityGroup[]) {
  const lines = readFileSync(path.join(ROOT, 'content', 'dataset.ndjson'), 'utf8').split('\n');
  const dataset = lines.map((line) => {
    if (!line.startsWith('{"_id":"siteSettings"')) return line;
    const settings = JSON.parse(line) as Record<string, unknown>;
    settings.communityGroups = pool.map(({ key, ...g }) => ({ _key: key, _type: 'communityGroup', ...g }));
    return JSON.stringify(settings);
  });
  writeFileSync(path.join(contentDir, 'dataset.ndjson'), dataset.join('\n'));
  clearContentCache();
}

function clickRequest(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Request(`${PUBLIC_URL}${path}`, { method, headers: { 'User-Agent': BROWSER, ...headers } });
}
// Each click comes from a visitor of its own unless a test names the address: one client's clicks
// are limited (their own tests below).
let visitors = 0;
const anotherVisitor = () => (visitors++, `198.18.${(visitors >> 8) & 255}.${visitors & 255}`);
const click = (path = '/gruppe/reiter', headers: Record<string, string> = {}, method = 'GET', ip = anotherVisitor()) =>
  call(groupRoute.loader, clickRequest(path, headers, method), ip);
const whereTo = async (path = '/gruppe/reiter', headers: Record<string, string> = {}) =>
  (await click(path, headers)).headers.get('location');

const report = async () =>
  (await (await call(reportRoute.loader, get('/api/insights', await teamAuth()))).json()) as InsightsReport;

describeEachDatabase('community links', (current) => {
  const contentDir = mkdtempSync(path.join(tmpdir(), 'bc-community-'));
  beforeAll(() => {
    copyFileSync(path.join(ROOT, 'content', 'assets.json'), path.join(contentDir, 'assets.json'));
    symlinkSync(path.join(ROOT, 'content', 'images'), path.join(contentDir, 'images'));
    useTestConfig({ TEAM_NOTIFY_EMAIL: 'team@bewegung.test' });
    // The content module reads its source from the environment, as the server does.
    process.env.CONTENT_DIR = contentDir;
  });
  afterAll(() => {
    delete process.env.CONTENT_DIR;
    clearContentCache();
  });
  beforeEach(async () => {
    const { db } = current();
    await emptyTables(db, schema.communityGroups, schema.communityClicks, schema.mailOutbox, schema.rateLimits);
    forgetCommunityMemory();
    forgetAnnouncements();
    useContentWithPool(contentDir, POOL);
  });
  const capacityMails = async () =>
    (await current().db.select().from(schema.mailOutbox)).filter((m) => m.kind === CAPACITY_MAIL_KIND);
  const clicksOf = async () =>
    Object.fromEntries(
      (await current().db.select().from(schema.communityGroups)).map((g) => [g.key, g.clicks] as const),
    );

  test('both links redirect (302, never cached) to their group and set no cookie', async () => {
    for (const [path, url] of [
      ['/gruppe/reiter', 'https://chat.whatsapp.com/A'],
      ['/gruppe/trainer', 'https://chat.whatsapp.com/T'],
    ] as const) {
      const res = await click(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(url);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    }
  });

  test('three real clicks count three; a bot, GPC, DNT, a prefetch or a HEAD request counts nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await click()).status).toBe(302);
    expect((await report()).funnel.groupClicks).toBe(3);
    const uncounted: [Record<string, string>, string?][] = [
      [{ 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
      [{ 'User-Agent': 'WhatsApp/2.24.1 A' }],
      [{ 'Sec-GPC': '1' }],
      [{ DNT: '1' }],
      [{ 'Sec-Purpose': 'prefetch' }],
      [{}, 'HEAD'],
    ];
    for (const [headers, method] of uncounted) {
      const res = await click('/gruppe/reiter', headers, method);
      // They still get to the current group (B: A is full after two clicks).
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://chat.whatsapp.com/B');
    }
    const after = await report();
    expect(after.funnel.groupClicks).toBe(3);
    expect(after.groups.filter((g) => g.audience === 'reiter')).toEqual([
      { audience: 'reiter', name: 'Gruppe A', clicks: 2, total: 2, capacity: 2, current: false },
      { audience: 'reiter', name: 'Gruppe OFF', clicks: 0, total: 0, capacity: 5, current: false },
      { audience: 'reiter', name: 'Gruppe B', clicks: 1, total: 1, capacity: 3, current: true },
    ]);
  });

  test('with capacity 2 the third click lands in the next group, and the team gets exactly one 90 % mail', async () => {
    expect(await whereTo()).toBe('https://chat.whatsapp.com/A');
    expect(await capacityMails()).toEqual([]);
    expect(await whereTo()).toBe('https://chat.whatsapp.com/A');
    expect(await whereTo()).toBe('https://chat.whatsapp.com/B');
    expect(await clicksOf()).toEqual({ A: 2, B: 1 });
    const mails = await capacityMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: 'team@bewegung.test',
      subject: 'WhatsApp-Gruppe „Gruppe A“ zu 90 % voll',
    });
    expect(mails[0]!.text).toContain('hat 2 von 2 Plätzen erreicht');
    expect(mails[0]!.text).toContain(
      `Ist sie voll, führt der Link ${PUBLIC_URL}/gruppe/reiter automatisch zur nächsten Gruppe: „Gruppe B“.`,
    );
    // This process forgetting what it knows (a restart, another instance) sends no second mail.
    forgetAnnouncements();
    forgetCommunityMemory();
    expect(await whereTo()).toBe('https://chat.whatsapp.com/B');
    expect(await capacityMails()).toHaveLength(1);
  });

  test('clicks at the same moment never overfill a group, and each group is announced once', async () => {
    const locations = await Promise.all(Array.from({ length: 12 }, () => whereTo()));
    expect(locations.filter((l) => l === 'https://chat.whatsapp.com/A')).toHaveLength(2);
    expect(locations.filter((l) => l === 'https://chat.whatsapp.com/B')).toHaveLength(10);
    // B is the last group: full at 3, it still takes every further click.
    expect(await clicksOf()).toEqual({ A: 2, B: 10 });
    const subjects = (await capacityMails()).map((m) => m.subject).sort();
    expect(subjects).toEqual(['WhatsApp-Gruppe „Gruppe A“ zu 90 % voll', 'WhatsApp-Gruppe „Gruppe B“ zu 90 % voll']);
    const last = (await capacityMails()).find((m) => m.subject.includes('Gruppe B'))!;
    expect(last.text).toContain('Danach gibt es keine weitere aktive Gruppe für Reiterinnen');
  });

  test('one client counts at most 3 clicks an hour per audience (an IPv6 client by its /64); each click is still redirected', async () => {
    await awayFromWindowEdge(GROUP_CLICK_WINDOW_MS, 30_000);
    useContentWithPool(contentDir, [group('A', 'reiter', 100), group('T', 'trainer', 100)]);
    const from = async (ip: string, path = '/gruppe/reiter') => {
      const res = await click(path, {}, 'GET', ip);
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return res.headers.get('location');
    };
    for (let i = 0; i < 6; i++) expect(await from('192.0.2.7')).toBe('https://chat.whatsapp.com/A');
    expect(await clicksOf()).toEqual({ A: 3 });
    // The other audience's link counts on its own.
    for (let i = 0; i < 4; i++) expect(await from('192.0.2.7', '/gruppe/trainer')).toBe('https://chat.whatsapp.com/T');
    expect(await clicksOf()).toEqual({ A: 3, T: 3 });
    // Addresses of one /64 are one client (and an IPv4-mapped address is its IPv4 address).
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff:ffff:ffff:9', '2001:db8:1:2::3'])
      await from(ip);
    await from('::ffff:192.0.2.7');
    expect(await clicksOf()).toEqual({ A: 6, T: 3 });
    await from('2001:db8:1:3::1');
    await from('192.0.2.8');
    expect(await clicksOf()).toEqual({ A: 8, T: 3 });
    expect((await report()).funnel.groupClicks).toBe(11);
    // The counters keep no address, only a keyed hash of it, for the hour.
    const counters = (await current().db.select().from(schema.rateLimits)).filter((r) =>
      r.bucket.startsWith('group-click'),
    );
    expect(counters.length).toBeGreaterThan(0);
    for (const { key } of counters) expect(key).toMatch(/^[\w-]{43}$/);
  });

  test('a group whose link is not a WhatsApp invitation (written past the Studio) is skipped; launch readiness names it', async () => {
    const evil = { ...group('EVIL', 'reiter', 100), name: 'Phishing', inviteUrl: 'https://evil.example/phish' };
    const split = { ...group('CRLF', 'reiter', 100), inviteUrl: 'https://chat.whatsapp.com/x\r\nSet-Cookie: a=1' };
    useContentWithPool(contentDir, [evil, split, group('A', 'reiter', 100), group('T', 'trainer', 100)]);
    for (const method of ['GET', 'HEAD']) {
      const res = await click('/gruppe/reiter', {}, method);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://chat.whatsapp.com/A');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(await clicksOf()).toEqual({ A: 1 });

    const res = await call(launchRoute.loader, get('/api/launch-readiness', await teamAuth()));
    const { placeholders } = (await res.json()) as { placeholders: LaunchPlaceholder[] };
    expect(placeholders.filter((p) => p.marker === NOT_WHATSAPP)).toEqual([
      {
        where: 'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Phishing“ › Einladungslink',
        value: 'https://evil.example/phish',
        marker: NOT_WHATSAPP,
      },
      {
        where: 'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Gruppe CRLF“ › Einladungslink',
        value: 'https://chat.whatsapp.com/x\\u000d\\u000aSet-Cookie: a=1',
        marker: NOT_WHATSAPP,
      },
    ]);

    // Without a good group the visitor gets the German page (404), never the link, never a 5xx.
    useContentWithPool(contentDir, [evil, split, group('T', 'trainer', 100)]);
    const none = await click();
    expect(none.status).toBe(404);
    expect(none.headers.get('location')).toBeNull();
    expect(await none.text()).toContain('Die Gruppe ist gerade nicht erreichbar');
    const overview = (await (
      await call(overviewRoute.loader, get('/api/community', await teamAuth()))
    ).json()) as CommunityOverview;
    expect(overview.missing).toEqual(['reiter']);
    expect(overview.groups.filter((g) => g.current).map((g) => g.key)).toEqual(['T']);
  });

  test('a campaign on the stable link is counted with its click', async () => {
    await click('/gruppe/reiter?utm_source=Instagram&utm_medium=bio&utm_campaign=Frühjahr');
    await click('/gruppe/trainer?utm_source=Instagram&utm_medium=bio&utm_campaign=Frühjahr');
    await click('/gruppe/trainer?utm_source=qr&utm_medium=print');
    await click('/gruppe/trainer');
    const { campaigns, funnel } = await report();
    expect(funnel.groupClicks).toBe(4);
    expect(campaigns).toEqual([
      { source: 'instagram', medium: 'bio', campaign: 'frühjahr', visitors: 0, groupClicks: 2 },
      { source: 'qr', medium: 'print', campaign: '', visitors: 0, groupClicks: 1 },
    ]);
    const rows = await current().db.select().from(schema.communityClicks);
    expect(
      rows
        .map(({ groupKey, campaign, count }) => ({ groupKey, campaign, count }))
        .sort((a, b) => (a.groupKey + a.campaign < b.groupKey + b.campaign ? -1 : 1)),
    ).toEqual([
      { groupKey: 'A', campaign: 'instagram|bio|frühjahr', count: 1 },
      { groupKey: 'T', campaign: '', count: 1 },
      { groupKey: 'T', campaign: 'instagram|bio|frühjahr', count: 1 },
      { groupKey: 'T', campaign: 'qr|print|', count: 1 },
    ]);
    // The CSV has the same figures.
    const csv = await (await call(csvRoute.loader, get('/api/insights.csv', await teamAuth()))).text();
    expect(csv).toContain('Kampagne;instagram / bio / frühjahr;0;;2');
    expect(csv).toContain('Gruppe;"Gruppe T (Trainerinnen): 3 von 1000 Plätzen, aktuell";;;3');
  });

  test('when every group is full the link still leads to the last one, and the overview says so', async () => {
    useContentWithPool(contentDir, [group('A', 'reiter', 1), group('T', 'trainer', 1000)]);
    for (let i = 0; i < 3; i++) expect(await whereTo()).toBe('https://chat.whatsapp.com/A');
    const res = await call(overviewRoute.loader, get('/api/community', await teamAuth('reviewer')));
    expect(res.status).toBe(200);
    const overview = (await res.json()) as CommunityOverview;
    expect(overview.full).toEqual(['reiter']);
    expect(overview.missing).toEqual([]);
    expect(overview.groups[0]).toMatchObject({ key: 'A', clicks: 3, capacity: 1, current: true, full: true });
    expect(overview.links.map((l) => l.url)).toEqual([`${PUBLIC_URL}/gruppe/reiter`, `${PUBLIC_URL}/gruppe/trainer`]);
    expect(overview.links[0]!.qr).toEqual(encode(`${PUBLIC_URL}/gruppe/reiter`, { ecc: 'M', border: 4 }).data);
  });

  test('a replaced invitation link is followed at once; its clicks stay with the group', async () => {
    await whereTo();
    useContentWithPool(contentDir, [{ ...POOL[0]!, inviteUrl: 'https://chat.whatsapp.com/A-neu' }, ...POOL.slice(1)]);
    expect(await whereTo()).toBe('https://chat.whatsapp.com/A-neu');
    expect(await whereTo()).toBe('https://chat.whatsapp.com/B');
  });

  test('an audience without an active group gets a German page, 404, no 5xx', async () => {
    useContentWithPool(contentDir, [group('T', 'trainer', 10)]);
    const res = await click('/gruppe/reiter');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('Die Gruppe ist gerade nicht erreichbar');
    const overview = (await (
      await call(overviewRoute.loader, get('/api/community', await teamAuth()))
    ).json()) as CommunityOverview;
    expect(overview.missing).toEqual(['reiter']);
  });

  test('other methods are refused', async () => {
    const res = await call(groupRoute.action, clickRequest('/gruppe/reiter', {}, 'POST'));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describeEachDatabase('community QR codes and overview', () => {
  beforeAll(() => {
    useTestConfig();
    clearContentCache();
  });

  test('the QR codes (SVG and PNG) encode the stable links', async () => {
    const auth = await teamAuth('reviewer');
    for (const audience of ['reiter', 'trainer'] as const) {
      const expected = encode(`${PUBLIC_URL}/gruppe/${audience}`, { ecc: 'M', border: 4 }).data;
      const n = expected.length;

      const svg = await call(qrRoute.loader, get(`/api/community/qr/${audience}.svg`, auth), undefined, {
        file: `${audience}.svg`,
      });
      expect(svg.status).toBe(200);
      expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(svg.headers.get('content-disposition')).toBe(`attachment; filename="gruppe-${audience}.svg"`);
      const text = await svg.text();
      const dark = Array.from({ length: n }, () => Array<boolean>(n).fill(false));
      for (const [, x, y] of text.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) dark[Number(y)]![Number(x)] = true;
      expect(dark).toEqual(expected);

      const png = await call(qrRoute.loader, get(`/api/community/qr/${audience}.png`, auth), undefined, {
        file: `${audience}.png`,
      });
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const { data, info } = await sharp(Buffer.from(await png.arrayBuffer()))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width).toBeGreaterThanOrEqual(1000);
      expect(info.width % n).toBe(0);
      const scale = info.width / n;
      // Every module's centre pixel is black exactly where the code has a dark module.
      const sampled = Array.from({ length: n }, (_, y) =>
        Array.from(
          { length: n },
          (_, x) =>
            data[(y * scale + scale / 2) * info.width * info.channels + (x * scale + scale / 2) * info.channels]! < 128,
        ),
      );
      expect(sampled).toEqual(expected);
    }
  });

  test('without a team token: 401; an unknown file: 404', async () => {
    const unauthorised = await call(qrRoute.loader, get('/api/community/qr/reiter.svg'), undefined, {
      file: 'reiter.svg',
    });
    expect(unauthorised.status).toBe(401);
    expect((await call(overviewRoute.loader, get('/api/community'))).status).toBe(401);
    const unknown = await call(qrRoute.loader, get('/api/community/qr/gast.gif', await teamAuth()), undefined, {
      file: 'gast.gif',
    });
    expect(unknown.status).toBe(404);
  });
});
