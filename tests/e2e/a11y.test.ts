// axe-core on every public page at phone and desktop width: no serious or critical violation,
// also with the phone menu, an FAQ answer and the signup popup open.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { scrollTo, scrollToElement, useLandingServer, WIDTHS } from '../support/landing';

/** Scrolls through the page so that every scroll-in group has been revealed. */
async function revealAll(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 400) await scrollTo(page, y);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-reveal] > *')].every((el) => getComputedStyle(el).opacity === '1'),
  );
  await scrollTo(page, 0);
}

describe.runIf(browserAvailable())('accessibility (axe)', () => {
  const site = useLandingServer();

  describe.each(WIDTHS)('at %d px', (width) => {
    test.each(PUBLIC_PAGES)('%s has no serious or critical violation', async (path) => {
      const { page, close } = await site.open(path, width);
      if (path === '/') await revealAll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await close();
    });
  });

  test('the start page with the phone menu and an FAQ answer open', async () => {
    const { page, close } = await site.open('/', 375);
    await revealAll(page);
    await scrollToElement(page, '.faq');
    await page.locator('.faq summary').nth(1).click();
    await scrollTo(page, 0);
    await page.getByLabel('Menü öffnen', { exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  // The server's HTML as a visitor sees it before the scripts arrive (or when they never do): the
  // page's own modules are blocked, so nothing hydrates, yet axe can still run.
  test.each([375, 1280])('the start page before hydration at %d px', async (width) => {
    const { page, close } = await site.open('/', width, {}, { hydrate: false });
    expect(await page.evaluate(() => 'hydrated' in document.documentElement.dataset)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });
});
