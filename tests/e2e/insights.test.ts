// Insights in Chromium against the built server on PostgreSQL: a visit records one page view and
// leaves nothing on the device; the popup, the signup and the group link move the funnel by one
// each; GPC and bots move nothing; the same visitor twice a day is one visitor; garbage beacons
// store nothing and never cause a 5xx; the dashboard's Insights tab shows a seeded range, its CSV
// matches it, and axe finds nothing serious. Each test is a visitor of its own (its own
// X-Forwarded-For address; the server trusts the proxy header here), and reads the figures before
// and after through the team API, so the tests do not depend on one another.
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { InsightsReport } from '~/lib/insights';
import { schema } from '~/server/db/db.server';
import { seriousViolations } from '../support/axe';
import { csvLines } from '../support/csv';
import { browserAvailable } from '../support/browser';
import { openDashboard } from '../support/dashboard';
import { TEST_DATABASE_URL, requireOrSkip } from '../support/requirements';
import { hydrated, useBrowserHarnessOnPostgres } from '../support/e2e';
import { teamGet } from '../support/team-client';
import { until } from '../support/until';

const postgres = () =>
  requireOrSkip('postgres', Boolean(TEST_DATABASE_URL), 'set TEST_DATABASE_URL to run the insights in the browser');

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
// Headless Chromium says so in its user agent, and isbot rightly calls that a bot: the visitors
// here present the user agent of an ordinary desktop Chrome.
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let nextAddress = 10;
/** A visitor of its own: another client address behind the (trusted) proxy. */
const visitor = (): BrowserContextOptions => ({
  viewport: { width: 1280, height: 800 },
  userAgent: CHROME,
  extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${nextAddress++}` },
});

describe.runIf(browserAvailable() && postgres())('insights', () => {
  const { site, database } = useBrowserHarnessOnPostgres({ env: { TRUST_PROXY: 'true' } });

  /** Today's figures (the default range ends today). */
  const figures = () => teamGet<InsightsReport>(site.url, '/api/insights');
  /** Every beacon answer the page gets from now on. */
  function beaconAnswers(page: Page) {
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/insights/events')) answers.push(r.status());
    });

    return answers;
  }
  async function visit(context: BrowserContext, path = '/') {
    const page = await context.newPage();
    const answers = beaconAnswers(page);
    await page.goto(`${site.url}${path}`);
    await hydrated(page);
    return { page, answers };
  }

  test('a visit to / records one page view and sets no cookie and no storage', async () => {
    const before = await figures();
    const context = await site.newContext(visitor());
    const requests: { type: string; cookie?: string; body: string | null }[] = [];
    context.on('request', (r) => {
      if (r.url().endsWith('/api/insights/events'))
        requests.push({ type: r.headers()['content-type']!, cookie: r.headers().cookie, body: r.postData() });
    });
    const { page, answers } = await visit(context);
    await until(() => answers.length === 1, 'the page view beacon');
    expect(answers).toEqual([204]);
    expect(requests).toEqual([
      { type: 'text/plain;charset=UTF-8', cookie: undefined, body: '{"name":"pageview","path":"/"}' },
    ]);
    const after = await figures();
    expect(after.totals.pageviews - before.totals.pageviews).toBe(1);
    expect(after.totals.visitors - before.totals.visitors).toBe(1);
    expect(after.funnel.landingViews - before.funnel.landingViews).toBe(1);

    // Nothing on the device: the browser's own cookie jar (Playwright and the DevTools protocol)
    // and every kind of web storage.
    expect(await context.cookies()).toEqual([]);
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Storage.getCookies')).cookies).toEqual([]);
    const origin = new URL(site.url).origin;
    const usage = await cdp.send('Storage.getUsageAndQuota', { origin });
    expect(usage.usageBreakdown.filter((u) => u.usage > 0)).toEqual([]);
    expect(
      await page.evaluate(async () => ({
        cookie: document.cookie,
        local: localStorage.length,
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).length,
        caches: (await caches.keys()).length,
      })),
    ).toEqual({ cookie: '', local: 0, session: 0, databases: 0, caches: 0 });
  });

  test('opening the popup, signing up and clicking the group link move the funnel by one each', async () => {
    const context = await site.newContext(visitor());
    // The group links lead to WhatsApp: answer them locally (no network here).
    await context.route(/^https:\/\//, (route) => route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }));
    const { page, answers } = await visit(context);
    await until(() => answers.length === 1, 'the page view beacon');
    const start = await figures();

    await page.locator('header a.site-header__cta').click();
    const dialog = page.locator('dialog.signup-dialog');
    await dialog.waitFor({ state: 'visible' });
    await until(() => answers.length === 2, 'the popup beacon');
    const opened = await figures();
    expect(opened.funnel.popupOpens - start.funnel.popupOpens).toBe(1);

    await dialog.getByLabel('Dein Name').fill('Ina Insight');
    await dialog.getByLabel('Deine E-Mail-Adresse').fill('ina@example.org');
    await dialog.locator('button[type="submit"]').click({ force: true });
    const link = dialog.locator('a.signup-group-link');
    await link.waitFor();
    const signedUp = await figures();
    expect(signedUp.funnel.signups.reiter - opened.funnel.signups.reiter).toBe(1);
    expect(signedUp.funnel.signups.trainer).toBe(opened.funnel.signups.trainer);

    // The group link is the stable link: the server counts the click as it redirects (no beacon).
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForURL(/^https:\/\/chat\.whatsapp\.com\//);
    const clicked = await figures();
    expect(clicked.funnel.groupClicks - signedUp.funnel.groupClicks).toBe(1);
    expect(clicked.funnel.popupOpens).toBe(opened.funnel.popupOpens);
    expect(clicked.totals.pageviews).toBe(start.totals.pageviews);
    expect(answers).toEqual([204, 204]);
  });

  test('a GPC visitor moves nothing: the page sends no beacon, and the server counts none', async () => {
    const before = await figures();
    const context = await site.newContext({
      ...visitor(),
      extraHTTPHeaders: { ...visitor().extraHTTPHeaders, 'Sec-GPC': '1' },
    });
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const { page, answers } = await visit(context);
    await page.locator('header a.site-header__cta').click();
    await page.locator('dialog.signup-dialog').waitFor({ state: 'visible' });
    // A beacon sent anyway (a page of an older build, a script) is answered 204 and not counted.
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/insights/events', { method: 'POST', body: '{"name":"pageview","path":"/"}' });
      return res.status;
    });
    expect(status).toBe(204);
    await page.waitForTimeout(1000);
    expect(answers).toEqual([204]); // only the fetch above
    expect(await figures()).toEqual(before);
  });

  test('a bot user agent moves nothing', async () => {
    const before = await figures();
    const context = await site.newContext({ ...visitor(), userAgent: BOT });
    // (Headless Chromium's own user agent, which the other tests replace, is one too.)
    const { answers } = await visit(context);
    await until(() => answers.length === 1, 'the page view beacon');
    expect(answers).toEqual([204]);
    expect(await figures()).toEqual(before);
  });

  test('the same visitor twice in a day is one unique visitor', async () => {
    const before = await figures();
    const options = visitor();
    for (const path of ['/', '/datenschutz']) {
      const { answers } = await visit(await site.newContext(options), path);
      await until(() => answers.length === 1, `the page view beacon of ${path}`);
    }
    const after = await figures();
    expect(after.totals.pageviews - before.totals.pageviews).toBe(2);
    expect(after.totals.visitors - before.totals.visitors).toBe(1);
  });

  test('garbage beacons store nothing and never cause a 5xx', async () => {
    const before = await figures();
    const statuses = new Set<number>();
    const value = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('pageview', 'popup_open', '/access', '/x', 'x'.repeat(2000)),
      fc.integer(),
      fc.constant(null),
      fc.object(),
    );
    const body = fc.oneof(
      fc.string({ maxLength: 4000 }),
      fc.uint8Array({ maxLength: 3000 }).map((b) => Buffer.from(b).toString('latin1')),
      fc
        .record({ name: value, path: value, referrer: value, utm_source: value }, { requiredKeys: [] })
        .map((o) => JSON.stringify(o)),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('text/plain', 'application/json', 'application/x-www-form-urlencoded'),
        async (text, type) => {
          const res = await fetch(`${site.url}/api/insights/events`, {
            method: 'POST',
            headers: {
              'Content-Type': type,
              'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
            },
            body: text,
          });
          statuses.add(res.status);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    const after = await figures();
    // Only a body that happened to be a valid beacon could have counted; fast-check's strings
    // practically never are, and the statuses say so.
    if (!statuses.has(204)) expect(after).toEqual(before);
    expect([...statuses].every((s) => [204, 400, 413].includes(s))).toBe(true);
  });

  describe('the dashboard tab', () => {
    const FROM = '2026-01-05';
    const TO = '2026-01-11';
    beforeAll(async () => {
      const { db } = database();
      const rows: (typeof schema.insightsDaily.$inferInsert)[] = [];
      for (let d = 1; d <= 11; d++) {
        const day = `2026-01-${String(d).padStart(2, '0')}`;
        rows.push(
          { day, metric: 'visitor', key: '', count: d * 3 },
          { day, metric: 'pageview', key: '/', count: d * 5 },
        );
      }
      rows.push(
        { day: '2026-01-06', metric: 'referrer', key: 'instagram', count: 12 },
        { day: '2026-01-07', metric: 'referrer', key: 'google', count: 5 },
        { day: '2026-01-07', metric: 'campaign', key: 'instagram|story|winter', count: 4 },
        { day: '2026-01-08', metric: 'device', key: 'phone', count: 14 },
        { day: '2026-01-08', metric: 'device', key: 'desktop', count: 3 },
        { day: '2026-01-09', metric: 'popup_open', key: '', count: 20 },
      );
      await db.insert(schema.insightsDaily).values(rows);
      // The group step: clicks counted where the stable link redirects, with the landing campaign.
      await db
        .insert(schema.communityClicks)
        .values({ day: '2026-01-09', groupKey: 'reiterclub-1', campaign: 'instagram|story|winter', count: 2 });
      // (The group has one click from the popup test above: its count since it was added is set.)
      await db
        .insert(schema.communityGroups)
        .values({ key: 'reiterclub-1', clicks: 2 })
        .onConflictDoUpdate({ target: schema.communityGroups.key, set: { clicks: 2 } });
      await db.insert(schema.signups).values([
        {
          id: 'seed-r',
          userType: 'reiter',
          name: 'R',
          email: 'r@example.org',
          createdAt: new Date('2026-01-09T10:00:00Z'),
        },
        {
          id: 'seed-t',
          userType: 'trainer',
          name: 'T',
          email: 't@example.org',
          createdAt: new Date('2026-01-09T11:00:00Z'),
        },
      ]);
    });

    test('shows the figures of a seeded range, its CSV matches them, and axe finds nothing serious', async () => {
      const page = await openDashboard(site, {
        path: `/teamdashboard?view=insights&range=custom&from=${FROM}&to=${TO}`,
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
        timeout: 10_000,
      });
      await page.getByRole('heading', { name: 'Insights', level: 2 }).waitFor();
      expect(await page.getByRole('button', { name: 'Insights' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByLabel('Custom range').isChecked()).toBe(true);
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(FROM);
      expect(await page.locator('.dash-range').textContent()).toBe('05.01.2026 – 11.01.2026');
      // Days 5 to 11: visitors 3·(5+…+11) = 168, page views 5·56 = 280; the 7 days before: 3·(1+…+4) = 30, 5·10 = 50.
      await page.locator('[data-figure="visitors"]').waitFor();
      expect(await page.locator('[data-figure="visitors"]').textContent()).toBe('168');
      expect(await page.locator('[data-figure="pageviews"]').textContent()).toBe('280');
      expect(await page.locator('.dash-change').first().textContent()).toContain('+460 %');

      await page.getByText('Show the chart’s figures as a table').click();
      const dayRows = await page.locator('.dash-weeks tbody tr').allTextContents();
      expect(dayRows[0]).toBe('05.01.20261525');
      expect(dayRows).toHaveLength(7);
      const funnel = await page.locator('.dash-funnel tbody tr').allTextContents();
      // A share compares figures counted the same way only, and the tab says how each is counted.
      expect(funnel).toEqual([
        'Landing page views280on the page–',
        'Signup popup opened20on the page7,1 % of landing page views',
        'WhatsApp group link clicked2on the page10,0 % of popup opens',
        'Signups2stored–',
        'riders1stored50,0 % of all signups',
        'trainers1stored50,0 % of all signups',
        '/access page views0on the page–',
        'Codes accepted0stored–',
        'Applications stored0stored–',
      ]);
      expect(await page.locator('.dash-funnel-note').textContent()).toMatch(
        /counted on the page .* every one stored; a share compares only figures counted the same way\.$/,
      );
      expect(await page.getByRole('region', { name: 'Where visitors came from' }).textContent()).toContain(
        'Instagram12',
      );
      expect(await page.getByRole('region', { name: 'Campaigns (utm)' }).textContent()).toContain(
        'instagramstorywinter42',
      );
      expect(await page.getByRole('region', { name: 'WhatsApp groups' }).textContent()).toContain(
        'ReiterclubRiders (Reiterclub)221000yes',
      );
      expect(await page.getByRole('region', { name: 'Devices' }).textContent()).toContain('Phone14');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const csv = await readFile((await (await download).path())!, 'utf8');
      const lines = csvLines(csv);
      expect(lines.filter((l) => l.startsWith('Tag;'))).toEqual(
        Array.from(
          { length: 7 },
          (_, i) => `Tag;${String(5 + i).padStart(2, '0')}.01.2026;${(5 + i) * 3};${(5 + i) * 5};`,
        ),
      );
      for (const line of [
        'Summe;05.01.2026–11.01.2026;168;280;',
        'Vorperiode;7 Tage davor;30;50;',
        'Herkunft;instagram;12;;',
        'Kampagne;instagram / story / winter;4;;2',
        'Gruppe;"Reiterclub (Reiterinnen): 2 von 1000 Plätzen, aktuell";;;2',
        'Funnel;Gruppenlink geklickt;;;2',
        'Gerät;phone;14;;',
        'Funnel;Popup geöffnet;;;20',
        'Funnel;Anmeldungen Reiter;;;1',
      ])
        expect(lines).toContain(line);

      expect(await seriousViolations(page)).toEqual([]);
      // Keyboard: the range radios are reachable and switch the range.
      await page.getByLabel('Last 7 days').focus();
      await page.keyboard.press('Space');
      await page.locator('.dash-range').filter({ hasNotText: '05.01.2026' }).waitFor();
      expect(new URL(page.url()).searchParams.get('range')).toBe('7');
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
