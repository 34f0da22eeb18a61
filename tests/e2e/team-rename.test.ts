// An owner renames a member from the Team tab, in Chromium at a desktop's and a phone's width: the
// row's Rename button opens a form in the row (labelled, the current name selected to type over),
// Save and Cancel are named with whose name it is, a mistake is said under the field, the result
// is said in the live region and the keyboard goes back to the row's button; the new name is in the
// list and in the Activity view (old → new), and the server's refusal is shown in words. A
// reviewer's dashboard has no such control.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACTIVITY_COPY, TEAM_COPY, TEAM_INPUT_MESSAGES } from '~/copy/team';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { TEST_TEAM_CODE } from '../support/codes';
import { hydrated, useBrowserHarness } from '../support/e2e';
import { newTeamMember } from '../support/team-client';

const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '');
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.runIf(browserAvailable())('renaming a member in the Team tab', () => {
  const site = useBrowserHarness({ env: { AUTH_RATE_LIMIT: '0' } });

  async function unlock(page: Page) {
    await page.getByLabel('Access code').fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();
  }
  const owner = async (width: number, view = 'team') => {
    const page = await site.openAsTeamMember(`/teamdashboard?view=${view}`, {
      viewport: { width, height: 800 },
      timeout: 15_000,
    });
    await unlock(page);
    return page;
  };

  for (const width of [1280, 375]) {
    test(`at ${width} px: the owner renames a member; the list and the Activity view show the new name`, async () => {
      const before = `Nora Newcomer ${width}`;
      const after = `Nora Nachname-Geändert ${width}`;
      await newTeamMember(site.url, { name: before });
      const page = await owner(width);
      // The dashboard is English inside the site's German document.
      expect(await page.locator('.dash-team').evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('en');
      const row = page.locator('.dash-team__members tr', { hasText: before });
      const rename = row.getByRole('button', { name: TEAM_COPY.renameOf(before) });
      expect(await rename.getAttribute('aria-expanded')).toBe('false');

      // Cancel: nothing changes, the focus is back on the row's button.
      await rename.click();
      const field = page.getByLabel(TEAM_COPY.newName(before));
      await field.waitFor();
      expect(await rename.getAttribute('aria-expanded')).toBe('true');
      expect(await focused(page)).toBe(await field.getAttribute('id'));
      expect(await field.inputValue()).toBe(before);
      // The current name is selected: typing replaces it.
      expect(await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([
        0,
        before.length,
      ]);
      await page.getByRole('button', { name: TEAM_COPY.cancelRenaming(before) }).click();
      await field.waitFor({ state: 'detached' });
      expect(await focused(page)).toBe(TEAM_COPY.renameOf(before));
      // Escape cancels too.
      await rename.click();
      await field.waitFor();
      await page.keyboard.press('Escape');
      await field.waitFor({ state: 'detached' });
      expect(await focused(page)).toBe(TEAM_COPY.renameOf(before));

      // An empty name and one over 100 characters: said under the field, in words; nothing sent.
      await rename.click();
      await field.fill('   ');
      const save = page.getByRole('button', { name: TEAM_COPY.saveNameOf(before) });
      await save.click();
      await row.getByText(TEAM_INPUT_MESSAGES.nameMissing).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await focused(page)).toBe(await field.getAttribute('id'));
      await field.fill('x'.repeat(101));
      await save.click();
      await row.getByText(TEAM_INPUT_MESSAGES.name).waitFor();
      expect(await page.locator('.dash-team').textContent()).not.toContain('Expected');
      expect(await noSidewaysScroll(page), `${width}`).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/team-rename-form-${width}.png`, fullPage: true });

      // Saved (trimmed): said in the live region, the focus on the renamed row's button.
      await field.fill(`  ${after}  `);
      await save.click();
      const message = page.locator('.dash-team__message[role=status]');
      await message.filter({ hasText: TEAM_COPY.renamed(before, after) }).waitFor();
      const renamedRow = page.locator('.dash-team__members tr', { hasText: after });
      await renamedRow.getByRole('button', { name: TEAM_COPY.renameOf(after) }).waitFor();
      await page.waitForFunction(
        (label) => document.activeElement?.getAttribute('aria-label') === label,
        TEAM_COPY.renameOf(after),
      );
      expect(await page.locator('.dash-team__members').textContent()).not.toContain(before);
      expect(await noSidewaysScroll(page), `${width}`).toBe(true);
      await page.screenshot({ path: `/tmp/team-rename-done-${width}.png`, fullPage: true });

      // The Activity view: who renamed whom, old → new.
      await page.getByRole('button', { name: 'Activity', exact: true }).click();
      const entry = page.locator('.dash-activity tr[data-action=renamed]', { hasText: after });
      await entry.waitFor();
      expect(await entry.textContent()).toContain(ACTIVITY_COPY.actions.renamed);
      expect(await entry.textContent()).toContain(`${before} → ${after}`);
      expect(await entry.textContent()).toContain('Olivia Owner');
      expect(await noSidewaysScroll(page), `${width}`).toBe(true);
      await page.screenshot({ path: `/tmp/team-rename-activity-${width}.png`, fullPage: true });
    });
  }

  test('the server’s refusal is said in the form: a member removed meanwhile', async () => {
    const name = 'Gina Gone';
    await newTeamMember(site.url, { name });
    const page = await owner(375);
    const row = page.locator('.dash-team__members tr', { hasText: name });
    await row.getByRole('button', { name: TEAM_COPY.renameOf(name) }).click();
    const field = page.getByLabel(TEAM_COPY.newName(name));
    await field.fill('Gina Geblieben');
    // Another owner's dashboard removes her meanwhile.
    const other = await owner(1280);
    other.once('dialog', (dialog) => void dialog.accept());
    await other.getByRole('button', { name: TEAM_COPY.removeOf(name) }).click();
    await other.getByText(TEAM_COPY.removed(name)).waitFor();

    await page.getByRole('button', { name: TEAM_COPY.saveNameOf(name) }).click();
    await row.getByText(TEAM_COPY.renameFailed(name, 'Team member not found')).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await focused(page)).toBe(await field.getAttribute('id'));
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test('a reviewer has no Team tab and no rename control, not even with ?view=team', async () => {
    const rita = await newTeamMember(site.url, { name: 'Rita Readonly' });
    const context = await site.newContext({ viewport: { width: 375, height: 800 } });
    await context.addCookies([...rita.cookies].map(([cookie, value]) => ({ name: cookie, value, url: site.url })));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${site.url}/teamdashboard?view=team`);
    await hydrated(page);
    await unlock(page);
    await page.getByText('Signed in as Rita Readonly (reviewer)').waitFor();
    expect(await page.getByRole('button', { name: 'Team', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Rename\b/ }).count()).toBe(0);
    expect(await page.locator('.dash-team').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
