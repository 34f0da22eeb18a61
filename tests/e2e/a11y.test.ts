// axe-core on every public page at phone and desktop width: no serious or critical violation,
// also with the phone menu, an FAQ answer and the signup popup open. And every view of the team
// dashboard on a phone, signed in as an owner and as a reviewer: axe at 375 px, and nothing that
// scrolls sideways from 320 to 414 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { fileApplication, openDashboard, viewLoaded } from '../support/dashboard';
import { useBrowserHarness } from '../support/e2e';
import { newTeamMember, teamOwner } from '../support/team-client';
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

/**
 * What scrolls sideways: the page when it is wider than the window, and any scrolling region of a
 * table that is wider than its box (the Team table's own region aside: that view lays out its own
 * table).
 */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const wide: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth) wide.push(`the page: ${scrollWidth} px in a ${window.innerWidth} px window`);
    for (const region of document.querySelectorAll<HTMLElement>('.dash-table-scroll'))
      if (region.scrollWidth > region.clientWidth + 1 && !region.closest('.dash-team'))
        wide.push(`${region.getAttribute('aria-label')}: ${region.scrollWidth} px in ${region.clientWidth} px`);
    return wide;
  });

describe.runIf(browserAvailable())('the team dashboard on a phone', () => {
  const site = useBrowserHarness();
  beforeAll(async () => {
    // Long words and addresses, as real applicants write them.
    await fileApplication(site.url, 'Maximiliane Alexandrowna Württemberg-Hohenzollern', {
      type: 'Business Partner',
      email: `maximiliane.alexandrowna.wuerttemberg-hohenzollern-${Date.now()}@reitsportzentrum-beispiel.example`,
      websiteLink: 'https://www.reitsportzentrum-wuerttemberg-hohenzollern.example/ueber-uns/unser-team',
      message: 'Pferdegesundheitsberatungsunternehmen sucht Zusammenarbeit.',
    });
    await fileApplication(site.url, 'Bea Berg');
    await fetch(`${site.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Sophie Reiterin', email: 'sophie@example.org', userType: 'reiter' }),
    });
  });

  test.each(['owner', 'reviewer'] as const)(
    'signed in as %s: every view passes axe at 375 px and nothing scrolls sideways at 320–414 px',
    { timeout: 180_000 },
    async (role) => {
      const member = role === 'owner' ? await teamOwner(site.url) : await newTeamMember(site.url);
      const page = await openDashboard(site, { member, viewport: { width: 375, height: 740 }, timeout: 15_000 });
      const tabs = page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('button');
      const names = await tabs.allTextContents();
      expect(names.includes('Team')).toBe(role === 'owner');
      expect(names.length).toBeGreaterThanOrEqual(4);
      for (const name of names) {
        await page.setViewportSize({ width: 375, height: 740 });
        await tabs.filter({ hasText: name }).click();
        await viewLoaded(page);
        for (const width of [320, 375, 414]) {
          await page.setViewportSize({ width, height: 740 });
          expect(await sideways(page), `${name} at ${width} px`).toEqual([]);
        }
        await page.setViewportSize({ width: 375, height: 740 });
        expect(await seriousViolations(page), name).toEqual([]);
      }
    },
  );
});
