// The signup popup on the landing page in a real Chromium: opening from
// the calls to action, focus, Escape, scroll lock, validation, the states and texts, the links
// panel, the 500 ms close and reset, the trainer preselection, lazy loading of its code.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { SIGNUP_API_MESSAGES, SIGNUP_MESSAGES } from '~/copy/signup';
import type { CommunityGroup } from '~/lib/content-types';
import { getCommunityGroups } from '~/server/content/content.server';
import { browserAvailable } from '../support/browser';
import { hydrated, useBrowserHarness } from '../support/e2e';
import { storedSignups } from '../support/team-client';

describe.runIf(browserAvailable())('signup popup', () => {
  const site = useBrowserHarness();
  /** The pool's groups: the stable links lead to their invitations. */
  let groups: CommunityGroup[];
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  /** Set by tests that make requests fail on purpose (the browser logs those). */
  let failingRequestsExpected = false;

  beforeAll(async () => {
    groups = await getCommunityGroups();
  });
  beforeEach(async () => {
    context = await site.newContext({ viewport: { width: 1280, height: 800 } });
    // The group links lead to WhatsApp: answer them locally (no network here).
    await context.route(/^https:\/\//, (route) => route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }));
    page = await context.newPage();
    problems = [];
    failingRequestsExpected = false;
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      if (failingRequestsExpected && m.text().startsWith('Failed to load resource')) return;
      problems.push(m.text());
    });
    await page.goto(`${site.url}/`);
    // Until React has hydrated, a call to action is the plain link to /mitmachen.
    await hydrated(page);
  });
  afterEach(async () => {
    await context?.close();
    expect(problems).toEqual([]);
  });

  const dialog = () => page.locator('dialog.signup-dialog');
  const headerButton = () => page.locator('header a.site-header__cta');
  const submit = () => dialog().locator('button[type="submit"]');
  async function openFromHeader() {
    await headerButton().click();
    await dialog().waitFor({ state: 'visible' });
  }
  async function fill(name: string, email: string) {
    await dialog().getByLabel('Dein Name').fill(name);
    await dialog().getByLabel('Deine E-Mail-Adresse').fill(email);
  }
  const storedNow = () =>
    storedSignups<{ id: string; name: string; userType: string; timestamp: string | null }>(site.url);

  test('the dialog code is not loaded up front, only when a call to action is used', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    expect(html).not.toMatch(/SignupDialog|SignupForm/);
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(loaded.filter((u) => /Signup(Dialog|Form)/.test(u))).toEqual([]);
    await openFromHeader();
    const after = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(after.some((u) => /SignupDialog/.test(u))).toBe(true);
  });

  test('opens as a labelled modal dialog, focus moves in, Escape closes, focus returns to the trigger', async () => {
    await openFromHeader();
    const box = dialog();
    expect(await box.getAttribute('aria-modal')).toBe('true');
    const labelledBy = (await box.getAttribute('aria-labelledby'))!;
    expect(await page.locator(`[id="${labelledBy}"]`).textContent()).toBe('Komm in die kostenlose WhatsApp-Gruppe');
    expect(await page.getByRole('dialog', { name: 'Komm in die kostenlose WhatsApp-Gruppe' }).count()).toBe(1);
    expect(await box.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tab stays inside the modal dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(
        await box.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
    expect(await headerButton().evaluate((a) => a === document.activeElement)).toBe(true);
  });

  test('the page does not scroll while the popup is open', async () => {
    await openFromHeader();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.move(640, 50);
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await dialog().getByRole('button', { name: 'Schließen' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the form: user type "reiter" preselected, newsletter opt-in on, privacy notice naming WhatsApp/Meta', async () => {
    await openFromHeader();
    expect(await dialog().getByLabel('Reiterin').isChecked()).toBe(true);
    expect(await dialog().getByLabel('Trainerin').isChecked()).toBe(false);
    const optIn = dialog().getByRole('checkbox');
    expect(await optIn.isChecked()).toBe(true);
    expect(await optIn.evaluate((c) => (c as HTMLInputElement).labels![0]!.textContent)).toMatch(/Newsletter/);
    const privacy = (await dialog().locator('.signup-privacy').textContent())!;
    expect(privacy).toMatch(/WhatsApp/);
    expect(privacy).toMatch(/Meta/);
    expect(await dialog().locator('.signup-privacy a').getAttribute('href')).toBe('/datenschutz');
    // The honeypot is out of sight and out of the tab order.
    const honeypot = dialog().locator('input[name="referenz"]');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    expect(await honeypot.getAttribute('autocomplete')).toBe('off');
    const box = (await dialog().locator('.honeypot').boundingBox())!;
    expect(box.width * box.height).toBeLessThanOrEqual(1);
    expect(await dialog().locator('.honeypot').getAttribute('aria-hidden')).toBe('true');
    const axe = await new AxeBuilder({ page }).include('dialog.signup-dialog').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  test('validation: the button looks inactive until both rules hold, and says why on submit', async () => {
    await openFromHeader();
    expect(await submit().getAttribute('aria-disabled')).toBe('true');
    await submit().click({ force: true });
    expect(await dialog().getByRole('alert').textContent()).toBe(SIGNUP_MESSAGES.empty);
    expect(
      await dialog()
        .getByLabel('Dein Name')
        .evaluate((i) => i === document.activeElement),
    ).toBe(true);
    await fill('Anna', 'anna.example.org');
    expect(await submit().getAttribute('aria-disabled')).toBe('true');
    await submit().click({ force: true });
    expect(await dialog().getByRole('alert').textContent()).toBe(SIGNUP_MESSAGES.email);
    expect(await dialog().getByLabel('Deine E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true');
    await fill('   ', 'anna@example.org');
    expect(await submit().getAttribute('aria-disabled')).toBe('true');
    await fill('Anna', 'anna@example.org');
    expect(await submit().getAttribute('aria-disabled')).toBeNull();
    expect(await storedNow()).not.toContainEqual(expect.objectContaining({ name: 'Anna' }));
  });

  test('submitting disables the inputs, then the links panel opens the riders group in a new tab; the popup closes and resets 500 ms after the click', async () => {
    // A controllable clock (time still flows until it is paused below).
    await page.clock.install();
    await page.goto(`${site.url}/`);
    await hydrated(page);
    await openFromHeader();
    await fill('  Greta Galopp ', 'greta@example.org');
    // Hold the answer to see the submitting state.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/signups', async (route) => {
      await held;
      await route.continue();
    });
    await submit().click({ force: true });
    await dialog().locator('[data-signup-state="submitting"]').waitFor();
    for (const input of await dialog().locator('input:not([type=hidden])').all()) {
      expect(await input.isDisabled()).toBe(true);
    }
    expect(await dialog().locator('form').getAttribute('aria-busy')).toBe('true');
    release();

    const link = dialog().locator('a.signup-group-link');
    await link.waitFor();
    // The stable link, never the invitation itself.
    expect(await link.getAttribute('href')).toBe('/gruppe/reiter');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect((await link.getAttribute('rel'))!.split(' ')).toContain('noopener');
    expect(await dialog().locator('.signup-done').textContent()).toMatch(/Newsletter/);
    // Focus moved to the panel (announced to screen readers).
    expect(
      await dialog()
        .locator('.signup-done h2')
        .evaluate((h) => h === document.activeElement),
    ).toBe(true);

    const stored = (await storedNow()).find((s) => s.name === 'Greta Galopp');
    expect(stored).toMatchObject({ userType: 'reiter', timestamp: expect.stringMatching(/^\d{4}-/) });

    await page.clock.pauseAt(Date.now() + 60_000);
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    // The server sent the tab on to the riders' current group.
    await tab.waitForURL(/^https:\/\/chat\.whatsapp\.com\//);
    expect(tab.url()).toBe(groups.find((g) => g.audience === 'reiter')!.inviteUrl);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await page.clock.runFor(490);
    expect(await dialog().isVisible()).toBe(true);
    await page.clock.runFor(20);
    await dialog().waitFor({ state: 'hidden' });

    // Reset: the next opening shows an empty form again.
    await headerButton().click();
    await dialog().waitFor({ state: 'visible' });
    expect(await dialog().getByLabel('Dein Name').inputValue()).toBe('');
    expect(await dialog().getByLabel('Deine E-Mail-Adresse').inputValue()).toBe('');
    expect(await dialog().locator('a.signup-group-link').count()).toBe(0);
  });

  test('the trainer call to action preselects "trainer" and leads to the trainers group; the type resets at each opening', async () => {
    // The section animates in when it scrolls into view.
    const trainer = page.locator('.switch__option', { hasText: 'Trainerin' });
    await trainer.scrollIntoViewIfNeeded();
    await trainer.click();
    const cta = page.locator('a[href="/mitmachen?typ=trainer"]:visible').first();
    await cta.click();
    await dialog().waitFor({ state: 'visible' });
    expect(await dialog().getByLabel('Trainerin').isChecked()).toBe(true);
    await fill('Tina Trainerin', 'tina@example.org');
    await dialog().getByRole('checkbox').uncheck();
    await submit().click({ force: true });
    const link = dialog().locator('a.signup-group-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/gruppe/trainer');
    expect(await dialog().locator('.signup-done').textContent()).not.toMatch(/Newsletter/);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    expect(await cta.evaluate((a) => a === document.activeElement)).toBe(true);

    // Switch to "reiter" inside the popup, close, reopen from the trainer CTA: "trainer" again.
    await cta.click();
    await dialog().getByLabel('Reiterin').check();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await cta.click();
    expect(await dialog().getByLabel('Trainerin').isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    // Back at the top the header (which hides while scrolling down) is there again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await headerButton().click();
    expect(await dialog().getByLabel('Reiterin').isChecked()).toBe(true);
    const stored = (await storedNow()).find((s) => s.name === 'Tina Trainerin');
    expect(stored).toMatchObject({ userType: 'trainer', newsletterOptIn: false });
  });

  test('errors show the fixed texts; a retry after an error sends the same id and stores once', async () => {
    await openFromHeader();
    await fill('Rita Retry', 'rita@example.org');
    failingRequestsExpected = true;
    const ids: string[] = [];
    let mode: 'fail' | 'abort' | 'limit' | 'pass' = 'fail';
    await page.route('**/api/signups', async (route) => {
      ids.push((JSON.parse(route.request().postData()!) as { id: string }).id);
      if (mode === 'fail') return route.fulfill({ status: 500, json: { error: 'Internal error' } });
      if (mode === 'abort') return route.abort('connectionreset');
      if (mode === 'limit') return route.fulfill({ status: 429, json: { error: SIGNUP_API_MESSAGES.rateLimited } });
      return route.continue();
    });
    await submit().click({ force: true });
    expect(await dialog().getByRole('alert').textContent()).toBe(SIGNUP_MESSAGES.saveFailed);
    mode = 'abort';
    await submit().click({ force: true });
    await page.waitForFunction(
      (text) => document.querySelector('dialog [role="alert"]')?.textContent === text,
      SIGNUP_MESSAGES.unexpected,
    );
    mode = 'limit';
    await submit().click({ force: true });
    await page.waitForFunction(
      (text) => document.querySelector('dialog [role="alert"]')?.textContent === text,
      SIGNUP_API_MESSAGES.rateLimited,
    );
    // The inputs keep what was typed.
    expect(await dialog().getByLabel('Dein Name').inputValue()).toBe('Rita Retry');
    mode = 'pass';
    await submit().click({ force: true });
    await dialog().locator('a.signup-group-link').waitFor();
    expect(new Set(ids).size).toBe(1);
    expect(ids).toHaveLength(4);
    expect((await storedNow()).filter((s) => s.name === 'Rita Retry')).toHaveLength(1);
  });

  test('a double click stores one signup', async () => {
    await openFromHeader();
    await fill('Doris Doppelklick', 'doris@example.org');
    await submit().dblclick({ force: true });
    await dialog().locator('a.signup-group-link').waitFor();
    expect((await storedNow()).filter((s) => s.name === 'Doris Doppelklick')).toHaveLength(1);
  });

  test('on a phone the button in the burger menu opens the popup, which fits the screen; focus returns to the menu button', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByLabel('Menü öffnen', { exact: true }).click();
    await page.locator('.burger__panel a[aria-haspopup="dialog"]').click();
    await dialog().waitFor({ state: 'visible' });
    // The menu closed behind the popup: on Escape, focus goes to the menu's button, not the page's start.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('burger__button');
    await page.getByLabel('Menü öffnen', { exact: true }).click();
    await page.locator('.burger__panel a[aria-haspopup="dialog"]').click();
    await dialog().waitFor({ state: 'visible' });
    const box = (await dialog().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await fill('Paula Phone', 'paula@example.org');
    await submit().click({ force: true });
    await dialog().locator('a.signup-group-link').waitFor();
    expect((await dialog().locator('a.signup-group-link').boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });
});
