// The signup without JavaScript: every call to action is a link to /mitmachen, whose form posts
// to the server and renders the links panel or the popup's error texts.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import { SIGNUP_MESSAGES } from '~/copy/signup';
import { browserAvailable } from '../support/browser';
import { useBrowserHarness } from '../support/e2e';
import { storedSignups } from '../support/team-client';

describe.runIf(browserAvailable())('signup without JavaScript', () => {
  const site = useBrowserHarness();
  let page: Page;

  beforeEach(async () => {
    page = await site.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  });

  const signups = () => storedSignups(site.url);

  test('the header button leads to the signup page; posting it shows the riders group link', async () => {
    await page.goto(`${site.url}/`);
    await page.locator('header a.site-header__cta').click();
    await page.waitForURL(`${site.url}/mitmachen`);
    expect(await page.getByLabel('Reiterin').isChecked()).toBe(true);
    expect(await page.getByRole('checkbox').isChecked()).toBe(true);
    await page.getByLabel('Dein Name').fill(' Nora Noscript ');
    await page.getByLabel('Deine E-Mail-Adresse').fill('nora@example.org');
    await page.getByRole('button', { name: 'Jetzt kostenlos beitreten' }).click({ force: true });
    const link = page.locator('a.signup-group-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/gruppe/reiter');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect((await link.getAttribute('rel'))!.split(' ')).toContain('noopener');
    expect((await signups()).filter((s) => s.name === 'Nora Noscript')).toEqual([
      expect.objectContaining({ userType: 'reiter', newsletterOptIn: true }),
    ]);
  });

  test('the campaign of the landing page reaches the group link, through the signup page', async () => {
    await page.goto(`${site.url}/?utm_source=Instagram&utm_medium=bio&utm_campaign=fruehjahr`);
    await page.locator('header a.site-header__cta').click();
    await page.waitForURL(`${site.url}/mitmachen`);
    await page.getByLabel('Dein Name').fill('Kira Kampagne');
    await page.getByLabel('Deine E-Mail-Adresse').fill('kira@example.org');
    await page.getByRole('button', { name: 'Jetzt kostenlos beitreten' }).click({ force: true });
    const link = page.locator('a.signup-group-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      '/gruppe/reiter?utm_source=Instagram&utm_medium=bio&utm_campaign=fruehjahr',
    );
  });

  test('the trainer call to action preselects "trainer"; an unticked newsletter box is stored as false', async () => {
    await page.goto(`${site.url}/`);
    const cta = page.locator('a[href="/mitmachen?typ=trainer"]').first();
    await cta.scrollIntoViewIfNeeded();
    await cta.click();
    await page.waitForURL(`${site.url}/mitmachen?typ=trainer`);
    expect(await page.getByLabel('Trainerin').isChecked()).toBe(true);
    await page.getByLabel('Dein Name').fill('Tom Trainer');
    await page.getByLabel('Deine E-Mail-Adresse').fill('tom@example.org');
    await page.getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Jetzt kostenlos beitreten' }).click({ force: true });
    const link = page.locator('a.signup-group-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/gruppe/trainer');
    expect((await signups()).find((s) => s.name === 'Tom Trainer')).toMatchObject({
      userType: 'trainer',
      newsletterOptIn: false,
    });
  });

  test('errors show the popup’s texts and keep what was typed', async () => {
    await page.goto(`${site.url}/mitmachen`);
    await page.getByRole('button', { name: 'Jetzt kostenlos beitreten' }).click({ force: true });
    await page.waitForLoadState();
    expect(await page.getByRole('alert').textContent()).toBe(SIGNUP_MESSAGES.empty);
    await page.getByLabel('Dein Name').fill('Emil');
    await page.getByLabel('Deine E-Mail-Adresse').fill('emil.example.org');
    await page.getByLabel('Trainerin').check();
    await page.getByRole('button', { name: 'Jetzt kostenlos beitreten' }).click({ force: true });
    await page.waitForLoadState();
    expect(await page.getByRole('alert').textContent()).toBe(SIGNUP_MESSAGES.email);
    expect(await page.getByLabel('Dein Name').inputValue()).toBe('Emil');
    expect(await page.getByLabel('Deine E-Mail-Adresse').inputValue()).toBe('emil.example.org');
    expect(await page.getByLabel('Trainerin').isChecked()).toBe(true);
    expect((await signups()).filter((s) => s.name === 'Emil')).toEqual([]);
  });

  test('sending the same form twice (double click, resubmit) stores one signup', async () => {
    await page.goto(`${site.url}/mitmachen`);
    const id = await page.locator('input[name="id"]').inputValue();
    const form = new URLSearchParams({ id, userType: 'reiter', name: 'Doppelt Gesendet', email: 'd@example.org' });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${site.url}/mitmachen`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expect(res.status).toBeLessThan(300);
      expect(await res.text()).toContain('href="/gruppe/reiter"');
    }
    expect((await signups()).filter((s) => s.name === 'Doppelt Gesendet')).toHaveLength(1);
  });

  test('the submit button is not marked disabled: nothing would ever enable it', async () => {
    await page.goto(`${site.url}/mitmachen`);
    const submit = page.getByRole('button', { name: 'Jetzt kostenlos beitreten' });
    expect(await submit.getAttribute('aria-disabled')).toBeNull();
    expect(await submit.isEnabled()).toBe(true);
    await page.getByLabel('Dein Name').fill('Klara Klick');
    await page.getByLabel('Deine E-Mail-Adresse').fill('klara@example.org');
    // A plain click (no force): the button is a real, enabled button.
    await submit.click();
    await page.locator('a.signup-group-link').waitFor();
  });

  test.each([375, 1280])('at %d px every slider row (a scrollable region) is reachable by keyboard', async (width) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${site.url}/`);
    const tracks = page.locator('.slider__track');
    expect(await tracks.count()).toBeGreaterThan(0);
    for (const track of await tracks.all()) {
      // Focusable in every browser (Chromium alone also focuses scroll containers by itself), and
      // named, so a screen reader says what the focused row is.
      expect(await track.getAttribute('tabindex')).toBe('0');
      expect(await track.getAttribute('aria-label')).toBeTruthy();
      await track.focus();
      const before = await track.evaluate((el) => el.scrollLeft);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
    }
  });
});
