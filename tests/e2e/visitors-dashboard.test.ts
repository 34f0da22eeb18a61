// The team dashboard's details a new team trips over, in Chromium: a single week of signups is
// said, not drawn as one dot, and the legend has values; on a phone every signup is readable
// without a sideways scroll; the period's radio buttons are in the dashboard's colours; the funnel
// says in one line what it counts.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserAvailable } from '../support/browser';
import { TEST_TEAM_CODE } from '../support/codes';
import { useBrowserHarness } from '../support/e2e';

describe.runIf(browserAvailable())('the dashboard with a week of data', () => {
  const site = useBrowserHarness();

  async function unlocked(path: string, width: number) {
    const page = await site.openAsTeamMember(path, { viewport: { width, height: 900 }, timeout: 10_000 });
    await page.getByLabel('Access code').fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    return page;
  }
  const signUp = (name: string, userType: string) =>
    fetch(`${site.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, email: `${name.toLowerCase()}@example.org`, userType, newsletterOptIn: false }),
    });
  const noSidewaysScroll = (page: Page) =>
    page.locator('.dash-signups .dash-table-scroll').evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

  test('13: one week of signups is a sentence with its figures, and the legend has values', async () => {
    expect((await signUp('Rieke', 'reiter')).status).toBe(201);
    expect((await signUp('Theo', 'trainer')).status).toBe(201);
    const page = await unlocked('/teamdashboard?view=signups', 1280);
    const chart = page.locator('.dash-chart');
    await chart.locator('.dash-chart__single').waitFor();
    expect(await chart.locator('.dash-chart__single').textContent()).toMatch(/^Only \d{4}-W\d{2} so far:$/);
    expect(await chart.locator('.uplot').count()).toBe(0);
    expect(await chart.locator('.dash-chart__legend li').allTextContents()).toEqual(['Riders: 1', 'Trainers: 1']);
    expect(await chart.textContent()).not.toContain('--');
  });

  test('13: on a phone every signup, and the funnel, is readable without a sideways scroll', async () => {
    const page = await unlocked('/teamdashboard?view=signups', 375);
    const rows = page.locator('.dash-table--cards tbody tr');
    await rows.first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    // Every value of a row is on the screen, under its column's name.
    const cells = rows.first().locator('td');
    expect(await cells.count()).toBe(5);
    for (const cell of await cells.all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect(await cells.nth(1).evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Email"');
    // The funnel's four columns too.
    await page.getByRole('button', { name: 'Insights' }).click();
    const funnels = page.locator('.dash-table-scroll:has(.dash-funnel)');
    await funnels.first().waitFor();
    expect(await funnels.count()).toBe(2);
    for (const funnel of await funnels.all())
      expect(await funnel.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });

  test('13: the period’s radio buttons are in the dashboard’s colours; 12: the funnel says what it counts', async () => {
    const page = await unlocked('/teamdashboard?view=insights', 1280);
    const radio = page.getByLabel('Last 30 days');
    await radio.waitFor();
    expect(await radio.evaluate((el) => getComputedStyle(el).accentColor)).toBe('rgb(31, 58, 46)');
    const note = page.locator('.dash-funnel-note');
    await note.waitFor();
    expect(await note.textContent()).toContain('a share compares only figures counted the same way');
    // No share in the funnel is above 100 %.
    const shares = await page.locator('.dash-funnel td:last-child').allTextContents();
    for (const share of shares) {
      const value = /^([\d,]+) %/.exec(share)?.[1];
      if (value) expect(Number(value.replace(',', '.'))).toBeLessThanOrEqual(100);
    }
  });
});
