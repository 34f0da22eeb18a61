// The team dashboard in Chromium against the built server on PostgreSQL: the code gate, filters,
// search and the URL, the cards (also with hostile input), status changes and their failures,
// history, live updates, keyboard review, CSV export, signups, and axe at phone and desktop width.
// Applications are written through the server's own module on the same database, so the running
// server hears them as it hears any other writer.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationRecord } from '~/lib/applications';
import { DASHBOARD_MESSAGES } from '~/copy/dashboard';
import { eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { createApplication, deleteApplications, setApplicationStatus } from '~/server/applications/store.server';
import { schema } from '~/server/db/db.server';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { TEST_TEAM_CODE } from '../support/codes';
import { TEST_DATABASE_URL, requireOrSkip } from '../support/requirements';
import { hydrated, useBrowserHarnessOnPostgres } from '../support/e2e';
import { newTeamMember } from '../support/team-client';

const postgres = () =>
  requireOrSkip('postgres', Boolean(TEST_DATABASE_URL), 'set TEST_DATABASE_URL to run the dashboard in the browser');

/** Stores an application (created now, so each one is newer than those before it). */
async function apply(input: Partial<ApplicationRecord> & { name: string }): Promise<ApplicationRecord> {
  const { record } = await createApplication({
    id: crypto.randomUUID(),
    applicationType: input.applicationType ?? 'Mentee',
    name: input.name,
    email: input.email ?? `${input.name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
    websiteLink: input.websiteLink ?? null,
    message: input.message ?? null,
  });
  return record;
}

describe.runIf(browserAvailable() && postgres())('the team dashboard', () => {
  const { site, database } = useBrowserHarnessOnPostgres({ env: { TRUST_PROXY: 'true' } });

  const open = (path = '/teamdashboard', width = 1280) =>
    site.openAsTeamMember(path, { viewport: { width, height: 900 }, acceptDownloads: true, timeout: 10_000 });
  const codeField = (page: Page) => page.getByLabel('Access code');
  async function unlock(page: Page) {
    await codeField(page).fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Application Dashboard', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Type' }).waitFor();
  }
  /** The dashboard after the code; `blockEvents`: as if its live stream could not connect. */
  async function openUnlocked(path = '/teamdashboard', width = 1280, { blockEvents = false } = {}) {
    const page = await open(path, width);
    if (blockEvents) await page.route('**/api/applications/events', (route) => route.abort());
    await unlock(page);
    return page;
  }
  /**
   * Without its stream, the page refreshes the list now and then; stopping that too keeps it
   * showing what it has, so a change made elsewhere meets the page's stale card.
   */
  const stopRefreshing = (page: Page) => page.route('**/api/applications', (route) => route.abort());
  const card = (page: Page, name: string) => page.getByRole('article', { name });
  const cardNames = (page: Page) => page.locator('.dash-card__name').allTextContents();
  const count = (page: Page) => page.locator('.dash-count').textContent();

  test('the gate: a wrong code is refused with its English message and cleared; typing clears the error', async () => {
    const page = await open();
    await codeField(page).fill('0000');
    await page.getByRole('button', { name: 'Unlock' }).click();
    const alert = page.getByRole('alert').filter({ hasText: DASHBOARD_MESSAGES.wrongCode });
    await alert.waitFor();
    expect(await codeField(page).inputValue()).toBe('');
    await codeField(page).pressSequentially('4');
    await alert.waitFor({ state: 'detached' });
    await codeField(page).fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('combobox', { name: 'Type' }).waitFor();
    // The token lives in the page only: a reload locks again.
    await page.reload();
    await hydrated(page);
    await codeField(page).waitFor();
    expect(await page.getByRole('combobox', { name: 'Type' }).count()).toBe(0);
  });

  test('too many wrong codes: the gate says so clearly', async () => {
    // The lockout counts per team member: this page is signed in as a member of its own, so the
    // other tests can still unlock.
    const rita = await newTeamMember(site.url);
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([...rita.cookies].map(([name, value]) => ({ name, value, url: site.url })));
    const page = await context.newPage();
    await page.goto(`${site.url}/teamdashboard`);
    await hydrated(page);
    const alert = page.getByRole('alert');
    for (let i = 0; i < 5; i++) {
      await codeField(page).fill(`000${i}`);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await alert.filter({ hasText: DASHBOARD_MESSAGES.wrongCode }).waitFor();
    }
    await codeField(page).fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await alert.filter({ hasText: 'Too many incorrect attempts' }).waitFor();
    expect(await codeField(page).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Type' }).count()).toBe(0);
  });

  test('the code is not in any script the page loads', async () => {
    const page = await open();
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=modulepreload]')].map(
        (s) => ('src' in s && s.src) || (s as HTMLLinkElement).href,
      ),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) expect(await (await fetch(url)).text()).not.toContain(TEST_TEAM_CODE);
    expect(await page.content()).not.toContain(TEST_TEAM_CODE);
  });

  test('the page is not for search engines and not cached', async () => {
    const response = await fetch(`${site.url}/teamdashboard`);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex/);
  });

  describe('with applications', () => {
    beforeAll(async () => {
      await apply({ name: 'Anna Alt', applicationType: 'Mentor', websiteLink: 'https://anna-alt.example' });
      const bea = await apply({ name: 'Bea Berg', applicationType: 'Mentee', email: 'bea@hof-berg.de' });
      await setApplicationStatus(bea.id, 'approved');
      const carl = await apply({
        name: 'Carl Cremer',
        applicationType: 'Business Partner',
        message: 'Wir bauen Sättel.',
      });
      await setApplicationStatus(carl.id, 'rejected');
      await apply({ name: 'Dora Dressur', applicationType: 'Mentee' });
    });

    test('newest first with the total; the filters and the search narrow the list and the count', async () => {
      const page = await openUnlocked();
      await page.locator('.dash-card').first().waitFor();
      const all = await cardNames(page);
      expect(all.slice(0, 4)).toEqual(['Dora Dressur', 'Carl Cremer', 'Bea Berg', 'Anna Alt']);
      expect(await count(page)).toBe(`${all.length} applications`);

      await page.getByRole('combobox', { name: 'Type' }).selectOption('Mentee');
      expect(await cardNames(page)).toEqual(expect.arrayContaining(['Dora Dressur', 'Bea Berg']));
      await page.getByRole('combobox', { name: 'Status' }).selectOption('approved');
      expect(await cardNames(page)).toEqual(['Bea Berg']);
      expect(await count(page)).toBe('1 application');
      await page.getByRole('combobox', { name: 'Status' }).selectOption('rejected');
      await page.getByText(DASHBOARD_MESSAGES.empty).waitFor();

      await page.getByRole('combobox', { name: 'Type' }).selectOption('All');
      await page.getByRole('combobox', { name: 'Status' }).selectOption('All');
      await page.getByRole('searchbox', { name: 'Search name or email' }).fill('HOF-BERG');
      await page.waitForFunction(() => document.querySelectorAll('.dash-card').length === 1);
      expect(await cardNames(page)).toEqual(['Bea Berg']);
    });

    test('filters and search live in the URL: a bookmarked view opens as it was, after the code', async () => {
      const page = await openUnlocked();
      await page.getByRole('combobox', { name: 'Type' }).selectOption('Mentee');
      await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
      await page.getByRole('searchbox', { name: 'Search name or email' }).fill('dora');
      await page.waitForURL((url) => url.searchParams.get('q') === 'dora');
      expect(new URL(page.url()).search).toBe('?type=Mentee&status=pending&q=dora');

      await page.reload();
      await hydrated(page);
      await unlock(page);
      expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('Mentee');
      expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('pending');
      expect(await page.getByRole('searchbox', { name: 'Search name or email' }).inputValue()).toBe('dora');
      await page.locator('.dash-card').first().waitFor();
      expect(await cardNames(page)).toEqual(['Dora Dressur']);
    });

    test('a card: type badge, status, mailto link, website link, message, German date, the current button disabled', async () => {
      const page = await openUnlocked();
      const anna = card(page, 'Anna Alt');
      await anna.waitFor();
      expect(await anna.locator('.dash-badge').textContent()).toBe('Mentor');
      expect(await anna.locator('.dash-status').textContent()).toBe('Status: pending');
      expect(await anna.getByRole('link', { name: 'anna.alt@example.org' }).getAttribute('href')).toBe(
        'mailto:anna.alt@example.org',
      );
      const website = anna.getByRole('link', { name: 'https://anna-alt.example' });
      expect(await website.getAttribute('rel')).toBe('noopener noreferrer');
      const today = new Intl.DateTimeFormat('de-DE', {
        timeZone: 'Europe/Berlin',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date());
      expect(await anna.textContent()).toContain(`Applied${today}`);
      expect(await anna.getByRole('button', { name: 'Pending' }).isDisabled()).toBe(true);
      expect(await anna.getByRole('button', { name: 'Approve' }).isEnabled()).toBe(true);
      expect(await anna.getByRole('button', { name: 'Reject' }).isEnabled()).toBe(true);
      expect(await card(page, 'Bea Berg').getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      expect(await card(page, 'Carl Cremer').getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);
      await card(page, 'Carl Cremer').getByText('Wir bauen Sättel.').waitFor();
    });

    test('hostile input is shown as harmless text', async () => {
      await apply({
        name: '<img src=x onerror="window.__pwned=1">Eve',
        message: '<script>window.__pwned=2</script><b>bold</b>',
        websiteLink: 'javascript:window.__pwned=3',
      });
      const page = await openUnlocked();
      const eve = card(page, '<img src=x onerror="window.__pwned=1">Eve');
      await eve.waitFor();
      await eve.getByText('<script>window.__pwned=2</script><b>bold</b>').waitFor();
      await eve.getByText('javascript:window.__pwned=3').click();
      expect(await eve.locator('img, script, b').count()).toBe(0);
      expect(await eve.locator('a[href^="javascript"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    });

    test('Approve, Reject and Pending change the status (with the version the card showed) and the history', async () => {
      const frida = await apply({ name: 'Frida Fuchs', applicationType: 'Mentor' });
      const page = await openUnlocked();
      const card_ = card(page, 'Frida Fuchs');
      const patches: { url: string; body: unknown; authorization?: string }[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PATCH')
          patches.push({ url: r.url(), body: r.postDataJSON(), authorization: r.headers().authorization });
      });
      const statusIs = (status: string) => card_.locator('.dash-status').filter({ hasText: status }).waitFor();
      await card_.getByRole('button', { name: 'Approve' }).click();
      await statusIs('approved');
      expect(await card_.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      await card_.getByRole('button', { name: 'Reject' }).click();
      await statusIs('rejected');
      await card_.getByRole('button', { name: 'Pending' }).click();
      await statusIs('pending');
      expect(await card_.getByRole('button', { name: 'Pending' }).isDisabled()).toBe(true);
      expect(patches.map((p) => p.body)).toEqual([
        { status: 'approved', version: 1 },
        { status: 'rejected', version: 2 },
        { status: 'pending', version: 3 },
      ]);
      expect(patches[0]!.url).toBe(`${site.url}/api/applications/${frida.id}`);
      expect(patches[0]!.authorization).toMatch(/^Bearer \S+$/);

      const toggle = card_.getByRole('button', { name: 'History' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const items = card_.locator('.dash-history__list li');
      await items.nth(3).waitFor();
      const texts = (await items.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(texts.map((t) => t.replace(/,.*$/, ''))).toEqual([
        'Created as pending',
        'pending → to approved',
        'approved → to rejected',
        'rejected → to pending',
      ]);
      expect(texts[0]).toMatch(/, \d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
    });

    test('a click while the last change is on its way (its result already shown live) waits for it, then carries the newer version', async () => {
      const paula = await apply({ name: 'Paula Pony' });
      const page = await openUnlocked();
      const card_ = card(page, 'Paula Pony');
      const patches: unknown[] = [];
      page.on('request', (r) => void (r.method() === 'PATCH' && patches.push(r.postDataJSON())));
      // The approval's answer is held back until the next click: the live stream shows its result first.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding = true;
      await page.route(`**/api/applications/${paula.id}`, async (route) => {
        if (route.request().method() !== 'PATCH' || !holding) return route.continue();
        holding = false;
        const response = await route.fetch();
        await held;
        await route.fulfill({ response });
      });
      await card_.getByRole('button', { name: 'Approve' }).click();
      await card_.locator('.dash-status').filter({ hasText: 'approved' }).waitFor();
      await card_.getByRole('button', { name: 'Reject' }).click();
      release();
      await card_.locator('.dash-status').filter({ hasText: 'rejected' }).waitFor();
      expect(patches).toEqual([
        { status: 'approved', version: 1 },
        { status: 'rejected', version: 2 },
      ]);
      expect(await card_.getByRole('status').filter({ hasText: 'Someone else' }).count()).toBe(0);
    });

    test('a change someone else made first: the card shows the newer state and says so', async () => {
      const greta = await apply({ name: 'Greta Gans' });
      // This page does not hear the other change live, as if its stream were down.
      const page = await openUnlocked('/teamdashboard', 1280, { blockEvents: true });
      const card_ = card(page, 'Greta Gans');
      await card_.waitFor();
      await stopRefreshing(page);
      await setApplicationStatus(greta.id, 'approved');
      await card_.getByRole('button', { name: 'Reject' }).click();
      await card_.getByRole('status').filter({ hasText: 'Someone else changed this application meanwhile' }).waitFor();
      await card_.locator('.dash-status').filter({ hasText: 'approved' }).waitFor();
      expect(await card_.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    });

    test('a failed update (the application was deleted meanwhile) shows the alert', async () => {
      const hans = await apply({ name: 'Hans Hafer' });
      const page = await openUnlocked('/teamdashboard', 1280, { blockEvents: true });
      await card(page, 'Hans Hafer').waitFor();
      await stopRefreshing(page);
      await deleteApplications(eq(schema.applications.id, hans.id));
      // Accepted as it opens: a modal alert left open holds up the click's own wait for the page.
      const dialog = new Promise<{ type: string; message: string }>((resolve) =>
        page.once('dialog', (alert) => {
          resolve({ type: alert.type(), message: alert.message() });
          void alert.accept();
        }),
      );
      await card(page, 'Hans Hafer').getByRole('button', { name: 'Approve' }).click();
      expect(await dialog).toEqual({
        type: 'alert',
        message: `${DASHBOARD_MESSAGES.statusErrorPrefix}Application not found`,
      });
    });

    test('keyboard review: j/k move between cards, a/r/p set the focused one; typing in the search is left alone', async () => {
      await apply({ name: 'Ida Igel' });
      await apply({ name: 'Jan Jagd' });
      const page = await openUnlocked();
      await page.getByText('Keyboard: j / k').waitFor();
      await card(page, 'Jan Jagd').waitFor();
      const focusedName = () =>
        page.evaluate(() => document.activeElement?.querySelector('.dash-card__name')?.textContent ?? null);
      await page.keyboard.press('j');
      expect(await focusedName()).toBe('Jan Jagd');
      await page.keyboard.press('j');
      expect(await focusedName()).toBe('Ida Igel');
      await page.keyboard.press('k');
      expect(await focusedName()).toBe('Jan Jagd');
      await page.keyboard.press('a');
      await card(page, 'Jan Jagd').locator('.dash-status').filter({ hasText: 'approved' }).waitFor();
      await page.keyboard.press('r');
      await card(page, 'Jan Jagd').locator('.dash-status').filter({ hasText: 'rejected' }).waitFor();
      await page.keyboard.press('p');
      await card(page, 'Jan Jagd').locator('.dash-status').filter({ hasText: 'pending' }).waitFor();

      // Approving in the pending view: the card leaves it, and the next one has the focus.
      await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
      await page.locator('.dash-count').click();
      await page.keyboard.press('j');
      const [first, second] = await cardNames(page);
      expect(await focusedName()).toBe(first);
      await page.keyboard.press('a');
      await card(page, first!).waitFor({ state: 'detached' });
      await page.waitForFunction(
        (name) => document.activeElement?.querySelector('.dash-card__name')?.textContent === name,
        second,
      );
      await page.getByRole('combobox', { name: 'Status' }).selectOption('All');

      const search = page.getByRole('searchbox', { name: 'Search name or email' });
      await search.click();
      await page.keyboard.type('jar');
      expect(await search.inputValue()).toBe('jar');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    });

    test('the CSV download holds exactly the filtered view, fetched with the token in the header', async () => {
      const page = await openUnlocked('/teamdashboard?type=Mentee&status=approved');
      await card(page, 'Bea Berg').waitFor();
      const request = page.waitForRequest((r) => r.url().includes('/api/applications.csv'));
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const sent = await request;
      expect(new URL(sent.url()).search).toBe('?type=Mentee&status=approved');
      expect(sent.headers().authorization).toMatch(/^Bearer /);
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const text = await readFile((await file.path())!, 'utf8');
      expect(text).toContain('Bea Berg');
      for (const other of ['Anna Alt', 'Carl Cremer', 'Dora Dressur']) expect(text).not.toContain(other);
    });

    test('signups: counts, newsletter confirmation, newest-first pages, the weekly chart loaded only here, CSV', async () => {
      const post = (name: string, userType: string, newsletterOptIn: boolean) =>
        fetch(`${site.url}/api/signups`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name, email: `${name.toLowerCase()}@example.org`, userType, newsletterOptIn }),
        }).then((r) => r.json() as Promise<{ id: string }>);
      // 26 signups fill one page and start the next; stored one after another, so the order is known.
      for (let i = 1; i <= 24; i++) await post(`Reiterin${String(i).padStart(2, '0')}`, 'reiter', false);
      const confirmed = await post('Bestaetigt', 'reiter', true);
      await post('Trainerin', 'trainer', true);
      await database()
        .db.update(schema.signups)
        .set({ newsletterConfirmedAt: new Date() })
        .where(eq(schema.signups.id, confirmed.id));
      // The oldest a week earlier: two weeks make a line (a single week is said in a sentence).
      await database()
        .db.update(schema.signups)
        .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(schema.signups.email, 'reiterin01@example.org'));

      const page = await openUnlocked();
      const chartRequests: string[] = [];
      page.on('request', (r) => /weekly-chart/.test(r.url()) && chartRequests.push(r.url()));
      await card(page, 'Anna Alt').waitFor();
      expect(chartRequests).toEqual([]);

      await page.getByRole('button', { name: 'Signups' }).click();
      await page.waitForURL((url) => url.searchParams.get('view') === 'signups');
      const figure = (label: string) => page.locator('.dash-figures div').filter({ hasText: label }).locator('dd');
      await figure('Riders').filter({ hasText: '25' }).waitFor();
      expect(await figure('Trainers').textContent()).toBe('1');
      expect(await figure('Newsletter confirmed').textContent()).toBe('1');
      expect(await figure('Newsletter not confirmed').textContent()).toBe('1');
      await page.locator('.dash-chart .uplot canvas').waitFor();
      expect(chartRequests.length).toBeGreaterThan(0);

      const rows = page.locator('.dash-table tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(25);
      expect(await rows.nth(0).locator('td').nth(0).textContent()).toBe('Trainerin');
      expect(await rows.nth(0).locator('td').nth(3).textContent()).toBe('Not confirmed');
      expect(await rows.nth(1).locator('td').nth(3).textContent()).toBe('Confirmed');
      expect(await rows.nth(2).locator('td').nth(3).textContent()).toBe('No');
      await page.getByText('Page 1 of 2').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Page 2 of 2').waitFor();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.getByRole('cell', { name: 'Reiterin01', exact: true }).waitFor();
      expect(await page.locator('.dash-table tbody tr').count()).toBe(1);

      // The chart's figures as a table.
      await page.getByText('Show the chart’s figures as a table').click();
      const week = page.locator('.dash-weeks tbody tr').last();
      expect(await week.locator('td').allTextContents()).toEqual(['24', '1']);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const text = await readFile((await (await download).path())!, 'utf8');
      expect(text).toContain('Reiterin01');
      expect(text).toContain('Trainerin');
      await page.screenshot({ path: '/tmp/dashboard-signups-1280.png', fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a failed load says so, shows the loading text, and loads by itself once the server answers', async () => {
      const page = await open();
      const refuse = (route: { abort: () => Promise<void> }) => route.abort();
      await page.route('**/api/applications', refuse);
      await page.route('**/api/applications/events', refuse);
      await unlock(page);
      await page
        .getByRole('alert')
        .filter({ hasText: 'The applications could not be loaded. Trying again…' })
        .waitFor();
      await page.getByText(DASHBOARD_MESSAGES.loading).waitFor();
      await page.unroute('**/api/applications', refuse);
      await page.unroute('**/api/applications/events', refuse);
      await card(page, 'Anna Alt').waitFor({ timeout: 20_000 });
      expect(await page.getByText('The applications could not be loaded').count()).toBe(0);
    });

    test('live: a new application, a change elsewhere and a deletion show without reload', async () => {
      const page = await openUnlocked();
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      await card(page, 'Anna Alt').waitFor();
      const before = Number((await count(page))!.split(' ')[0]);
      const kai = await apply({ name: 'Kai Koppel', applicationType: 'Mentor' });
      await card(page, 'Kai Koppel').waitFor();
      expect((await cardNames(page))[0]).toBe('Kai Koppel');
      expect(await count(page)).toBe(`${before + 1} applications`);
      await setApplicationStatus(kai.id, 'approved');
      await card(page, 'Kai Koppel').locator('.dash-status').filter({ hasText: 'approved' }).waitFor();
      await deleteApplications(eq(schema.applications.id, kai.id));
      await card(page, 'Kai Koppel').waitFor({ state: 'detached' });
      expect(await count(page)).toBe(`${before} applications`);
    });

    test('offline: the indicator says so, and back online the page catches up from its last event', async () => {
      const page = await openUnlocked();
      const status = page.getByRole('status').filter({ hasText: /Live|Offline/ });
      await status.filter({ hasText: 'Live' }).waitFor();
      const resumes: (string | undefined)[] = [];
      page.on(
        'request',
        (r) => r.url().endsWith('/api/applications/events') && resumes.push(r.headers()['last-event-id']),
      );
      const mia = await apply({ name: 'Mia Mähne' });
      await card(page, 'Mia Mähne').waitFor();
      await page.context().setOffline(true);
      await status.filter({ hasText: 'Offline: reconnecting…' }).waitFor();
      await apply({ name: 'Lea Longe' });
      // A deletion while away is not among the changes the stream replays; the page still drops it.
      await deleteApplications(eq(schema.applications.id, mia.id));
      await page.context().setOffline(false);
      await card(page, 'Lea Longe').waitFor();
      await card(page, 'Mia Mähne').waitFor({ state: 'detached' });
      await status.filter({ hasText: 'Live' }).waitFor();
      expect(resumes.length).toBeGreaterThan(0);
      expect(resumes.at(-1)).toMatch(/^\d+$/);
    });

    describe.each([375, 1280])('at %d px', (width) => {
      test('no serious axe violation on the gate and the dashboard; screenshots', { timeout: 120_000 }, async () => {
        const page = await open('/teamdashboard', width);
        await page.screenshot({ path: `/tmp/dashboard-gate-${width}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        await unlock(page);
        await page.locator('.dash-card').first().waitFor();
        await page.screenshot({ path: `/tmp/dashboard-list-${width}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Signups' }).click();
        // The signups test before this one stored signups, so the chart and its table are there.
        await page.locator('.dash-chart .uplot').waitFor();
        await page.getByText('Show the chart’s figures as a table').click();
        await page.screenshot({ path: `/tmp/dashboard-signups-${width}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  });
});
