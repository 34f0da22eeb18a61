// The community's stable links against the built server: /gruppe/reiter and /gruppe/trainer redirect
// (302, never cached) and set no cookie; the popup's panel leads through them with the landing
// page's campaign, which reaches the counted click; real browser clicks count, a bot, GPC and DNT
// do not; the dashboard's Community section offers both links and their QR codes. Then two server
// processes on one PostgreSQL, reading a stand-in of Sanity: a replaced invitation is followed by
// both within 2 s of the publish, and with 2 places the third click (whichever instance takes it)
// lands in the next group while the team gets exactly one 90 % mail.
import type { BrowserContextOptions, Request } from 'playwright-core';
import { encode } from 'uqr';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CommunityOverview } from '~/lib/community';
import type { InsightsReport } from '~/lib/insights';
import type { SanityDocument } from '~/server/content/export-format.server';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { openDashboard } from '../support/dashboard';
import { hydrated, useBrowserHarness, useServerPairOnPostgres } from '../support/e2e';
import { TEST_DATABASE_URL, requireOrSkip } from '../support/requirements';
import { postRevalidate, standInEnv, startSanityStandIn, type SanityStandIn } from '../support/sanity-standin';
import { smtpSink } from '../support/smtp';
import { teamGet } from '../support/team-client';
import { until } from '../support/until';

// Headless Chromium says so in its user agent (a bot to isbot): visitors here are an ordinary Chrome.
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const RIDERS = 'https://chat.whatsapp.com/PLATZHALTER-REITERCLUB';

/** Where a stable link leads, and its answer's headers (the redirect is not followed). */
async function follow(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: 'manual', ...init, headers: { 'User-Agent': CHROME, ...init.headers } });
  return { status: res.status, location: res.headers.get('location'), headers: res.headers };
}

/**
 * A visitor of their own: one client counts at most 3 clicks an hour, so each visitor here comes
 * from another address (the servers trust one proxy, which names it in X-Forwarded-For).
 */
let visitors = 0;
const anotherAddress = () => `198.51.100.${++visitors}`;

describe.runIf(browserAvailable())('the stable links on one server', () => {
  const site = useBrowserHarness({ env: { TRUST_PROXY: 'true' } });
  const insights = () => teamGet<InsightsReport>(site.url, '/api/insights');
  const visitor = (extra: BrowserContextOptions = {}) =>
    site.newContext({
      viewport: { width: 1280, height: 800 },
      userAgent: CHROME,
      ...extra,
      extraHTTPHeaders: { 'X-Forwarded-For': anotherAddress(), ...extra.extraHTTPHeaders },
    });

  test('both links redirect (302, no-store) to their group and set no cookie', async () => {
    for (const [audience, invite] of [
      ['reiter', RIDERS],
      ['trainer', 'https://chat.whatsapp.com/PLATZHALTER-TRAINERINNEN'],
    ]) {
      const { status, location, headers } = await follow(`${site.url}/gruppe/${audience}`);
      expect(status).toBe(302);
      expect(location).toBe(invite);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('set-cookie')).toBeNull();
      expect(headers.get('content-security-policy')).toBeTruthy();
    }
    // Anything else under /gruppe/ is the German 404 page.
    expect((await follow(`${site.url}/gruppe/gast`)).status).toBe(404);
  });

  test('the panel leads through the stable link, with the campaign of the landing URL, which reaches the click', async () => {
    const before = await insights();
    const context = await visitor();
    // The invitation is on WhatsApp: answer it locally (no network here).
    await context.route(/^https:\/\/chat\.whatsapp\.com\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }),
    );
    const page = await context.newPage();
    await page.goto(`${site.url}/?utm_source=Instagram&utm_medium=story&utm_campaign=fruehjahr`);
    await hydrated(page);
    await page.locator('header a.site-header__cta').click();
    const dialog = page.locator('dialog.signup-dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByLabel('Dein Name').fill('Carla Kampagne');
    await dialog.getByLabel('Deine E-Mail-Adresse').fill('carla@example.org');
    await dialog.locator('button[type="submit"]').click({ force: true });
    const link = dialog.locator('a.signup-group-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      '/gruppe/reiter?utm_source=Instagram&utm_medium=story&utm_campaign=fruehjahr',
    );
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForURL(RIDERS);

    const after = await insights();
    expect(after.funnel.groupClicks - before.funnel.groupClicks).toBe(1);
    const campaign = after.campaigns.find((c) => c.campaign === 'fruehjahr');
    expect(campaign).toMatchObject({ source: 'instagram', medium: 'story', groupClicks: 1 });
    // Nothing on the device: the redirect sets no cookie either.
    expect(await context.cookies()).toEqual([]);
  });

  test('three real clicks count three; a bot, a GPC and a DNT click count nothing', async () => {
    const clicks = async (extra: BrowserContextOptions) => {
      const page = await (await visitor(extra)).newPage();
      const requests: Request[] = [];
      page.on('request', (r) => requests.push(r));
      // WhatsApp is not reachable here: the navigation's hop after the redirect fails, and the
      // redirect itself is what counts.
      await page.goto(`${site.url}/gruppe/reiter`).catch(() => {});
      const redirect = await requests.find((r) => r.url() === `${site.url}/gruppe/reiter`)!.response();
      expect(redirect?.status()).toBe(302);
      expect(redirect?.headers().location).toBe(RIDERS);
    };
    const start = (await insights()).funnel.groupClicks;
    for (let i = 0; i < 3; i++) await clicks({});
    expect((await insights()).funnel.groupClicks - start).toBe(3);
    await clicks({ userAgent: BOT });
    await clicks({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await clicks({ extraHTTPHeaders: { DNT: '1' } });
    expect((await insights()).funnel.groupClicks - start).toBe(3);
  });

  test('the Community section: both stable links to copy, a QR code of each, SVG and PNG downloads', async () => {
    const page = await openDashboard(site, {
      path: '/teamdashboard?view=community',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      timeout: 10_000,
    });
    await page.getByRole('heading', { name: 'Community', level: 2 }).waitFor();
    const links = page.locator('.dash-community__link');
    await links.first().waitFor();
    const overview = await teamGet<CommunityOverview>(site.url, '/api/community');
    for (const audience of ['reiter', 'trainer'] as const) {
      // The absolute link on the server's PUBLIC_URL.
      const url = overview.links.find((l) => l.audience === audience)!.url;
      expect(url).toMatch(new RegExp(`^http://[^/]+/gruppe/${audience}$`));
      const figure = page.locator(`.dash-community__link[data-audience="${audience}"]`);
      expect(await figure.getByLabel('Stable link').inputValue()).toBe(url);
      // The QR code drawn is the one of the stable link.
      const drawn = await figure.locator('svg.qr-code path').getAttribute('d');
      const dark = [...drawn!.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${x},${y}`);
      const expected = encode(url, { ecc: 'M', border: 4 }).data.flatMap((row, y) =>
        row.flatMap((on, x) => (on ? [`${x},${y}`] : [])),
      );
      expect(dark).toEqual(expected);
      for (const format of ['svg', 'png']) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          figure.getByRole('button', { name: `QR code as ${format.toUpperCase()}` }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`gruppe-${audience}.${format}`);
      }
    }
    expect(overview.groups.filter((g) => g.current).map((g) => g.name)).toEqual(['Reiterclub', 'Trainerinnen']);
    await page.locator('tr[data-group="reiterclub-1"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

const postgres = requireOrSkip('postgres', Boolean(TEST_DATABASE_URL), 'set TEST_DATABASE_URL to run two instances');
describe.runIf(postgres)('the stable links on two server processes on one PostgreSQL', () => {
  const SECRET = 'webhook-secret-for-community';
  const smtp = smtpSink();
  let standIn: SanityStandIn;
  const settings = () => standIn.document('siteSettings') as SanityDocument & { communityGroups: object[] };
  const pool = (groups: { key: string; audience: string; inviteUrl: string; capacity: number }[]) =>
    groups.map(({ key, ...g }) => ({ _key: key, _type: 'communityGroup', name: `Gruppe ${key}`, active: true, ...g }));
  beforeAll(async () => {
    standIn = await startSanityStandIn();
    // Riders: A with 2 places, then B; trainers: T.
    standIn.publish(
      {
        ...settings(),
        communityGroups: pool([
          { key: 'A', audience: 'reiter', inviteUrl: 'https://chat.whatsapp.com/A', capacity: 2 },
          { key: 'B', audience: 'reiter', inviteUrl: 'https://chat.whatsapp.com/B', capacity: 1000 },
          { key: 'T', audience: 'trainer', inviteUrl: 'https://chat.whatsapp.com/T', capacity: 1000 },
        ]),
      },
      { live: false },
    );
    return () => standIn.close();
  });
  const pair = useServerPairOnPostgres(() => ({
    ...standInEnv(standIn, SECRET),
    SMTP_URL: smtp.url,
    TEAM_NOTIFY_EMAIL: 'team@bewegung.test',
    TRUST_PROXY: 'true',
  }));

  test('replacing a link in the content is live within 2 s on every instance', async () => {
    // HEAD: where the link leads, without counting a click.
    const leadsTo = async (server: { url: string }) =>
      (await follow(`${server.url}/gruppe/trainer`, { method: 'HEAD' })).location;
    expect(await leadsTo(pair.a)).toBe('https://chat.whatsapp.com/T');
    expect(await leadsTo(pair.b)).toBe('https://chat.whatsapp.com/T');
    const groups = settings().communityGroups.map((g) =>
      (g as { _key: string })._key === 'T' ? { ...g, inviteUrl: 'https://chat.whatsapp.com/T-neu' } : g,
    );
    standIn.publish({ ...settings(), communityGroups: groups }, { live: false });
    const published = Date.now();
    const res = await postRevalidate(
      pair.a.url,
      JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' }),
      SECRET,
    );
    expect(res.status).toBe(200);
    await until(
      async () =>
        (await leadsTo(pair.a)) === 'https://chat.whatsapp.com/T-neu' &&
        (await leadsTo(pair.b)) === 'https://chat.whatsapp.com/T-neu',
      'the new invitation on both instances',
      { timeoutMs: 2000, intervalMs: 20 },
    );
    expect(Date.now() - published).toBeLessThan(2000);
  });

  test('with 2 places the third click lands in the next group, and the team gets exactly one 90 % mail', async () => {
    const click = async (server: { url: string }) =>
      (await follow(`${server.url}/gruppe/reiter`, { headers: { 'X-Forwarded-For': anotherAddress() } })).location;
    expect(await click(pair.a)).toBe('https://chat.whatsapp.com/A');
    expect(await click(pair.b)).toBe('https://chat.whatsapp.com/A');
    expect(await click(pair.a)).toBe('https://chat.whatsapp.com/B');
    expect(await click(pair.b)).toBe('https://chat.whatsapp.com/B');
    const mail = await smtp.waitFor((m) => m.subject.includes('zu 90 % voll'));
    expect(mail.to).toContain('team@bewegung.test');
    expect(mail.subject).toBe('WhatsApp-Gruppe „Gruppe A“ zu 90 % voll');
    expect(mail.text).toContain('„Gruppe B“');
    // Both instances run the outbox: give a second mail every chance to arrive.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.mails.filter((m) => m.subject.includes('zu 90 % voll'))).toHaveLength(1);
    const overview = await teamGet<CommunityOverview>(pair.b.url, '/api/community');
    expect(overview.groups.map((g) => [g.key, g.clicks, g.current])).toEqual([
      ['A', 2, false],
      ['B', 2, true],
      ['T', 0, true],
    ]);
  });
});
