// The team back office in Chromium, as its people use it: the first owner invited with
// `npm run team:invite`, accepting the link (account, authenticator key read off the page, a TOTP
// code computed from it, 10 backup codes), signing in on /teamdashboard with the password and then
// the code, the 4-digit code, the Team tab inviting a reviewer, the reviewer signing in, the owner
// removing them (their open dashboard locks within seconds), and the Activity view naming who did
// what. With and without JavaScript, at phone and desktop width, axe on every step.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DASHBOARD_MESSAGES } from '~/copy/dashboard';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { TEST_TEAM_CODE } from '../support/codes';
import { hydrated, useBrowserHarness } from '../support/e2e';
import { localInviter } from '../support/team-client';
import { unusedTotp } from '../support/totp';

describe.runIf(browserAvailable())('the team back office', () => {
  // Every person here signs in from the same address: Better Auth's per-address limits (their own
  // tests are in integration/accounts.test.ts) would stop the third sign-in of the minute.
  const site = useBrowserHarness({ smtp: true, env: { AUTH_RATE_LIMIT: '0' } });
  // Test servers run on a free port without PUBLIC_URL (whose default names port 0): links are
  // followed on the server's own address.
  const onServer = (link: string) => new URL(`${new URL(link).pathname}${new URL(link).search}`, site.url).href;
  const invite = async (email: string, owner = false) =>
    onServer(await localInviter(site.server.dataDir)(email, { owner, name: '' }));

  /** Accepts an invitation in a browser; answers the key the page showed and the backup codes. */
  async function enrol(page: Page, link: string, name: string, password: string, shots?: string, axe = true) {
    await page.goto(link);
    await page.getByLabel(/Dein Name/).fill(name);
    await page.getByLabel('Neues Passwort').fill(password);
    if (shots) await page.screenshot({ path: `/tmp/team-invitation-account-${shots}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Weiter zum zweiten Faktor' }).click();
    await page.getByRole('img', { name: 'QR-Code für die Authenticator-App' }).waitFor();
    const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
    expect(await page.locator('a[href^="otpauth://totp/"]').getAttribute('href')).toContain(`secret=${key}`);
    if (shots) {
      await page.screenshot({ path: `/tmp/team-invitation-factor-${shots}.png`, fullPage: true });
      if (axe) expect(await seriousViolations(page)).toEqual([]);
    }
    await page.getByLabel('6-stelliger Code aus der App').fill(await unusedTotp(key));
    await page.getByRole('button', { name: 'Code bestätigen' }).click();
    await page.getByRole('heading', { name: /Backup-Codes/, level: 1 }).waitFor();
    const codes = await page.locator('.invitation__codes code').allTextContents();
    if (shots) {
      await page.screenshot({ path: `/tmp/team-invitation-codes-${shots}.png`, fullPage: true });
      if (axe) expect(await seriousViolations(page)).toEqual([]);
    }
    return { key, codes };
  }

  async function signIn(page: Page, email: string, password: string, key: string) {
    await page.goto(`${site.url}/teamdashboard`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code from the authenticator app').fill(await unusedTotp(key));
    await page.getByRole('button', { name: 'Verify' }).first().click();
    await page.getByLabel('Access code').waitFor();
  }

  async function unlock(page: Page) {
    await page.getByLabel('Access code').fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();
  }

  // Two browsers, three accounts and their second factors: minutes, not seconds, on a busy machine.
  test('the first owner, a reviewer, a removal and the activity log, end to end', { timeout: 180_000 }, async () => {
    const width = 1280;
    const ownerContext: BrowserContext = await site.newContext({ viewport: { width, height: 900 } });
    const owner = await ownerContext.newPage();
    owner.setDefaultTimeout(15_000);

    // The first owner: the command's link, then the enrolment in the browser.
    const ownerLink = await invite('founder@example.org', true);
    const { key: ownerKey, codes } = await enrol(owner, ownerLink, 'Frida Founder', 'frida-password-1', String(width));
    expect(codes).toHaveLength(10);
    await owner.getByRole('link', { name: 'Zum Team-Dashboard' }).click();
    await owner.getByText('Signed in as Frida Founder (owner)').waitFor();
    await hydrated(owner);
    // The spec's gate stays: the code, with its English message.
    await owner.getByLabel('Access code').fill('0000');
    await owner.getByRole('button', { name: 'Unlock' }).click();
    await owner.getByRole('alert').filter({ hasText: DASHBOARD_MESSAGES.wrongCode }).waitFor();
    await unlock(owner);

    // The Team tab: invite a reviewer; the link is shown to pass on.
    await owner.getByRole('button', { name: 'Team', exact: true }).click();
    await owner.getByRole('heading', { name: 'Team', level: 2 }).waitFor();
    await owner.getByLabel('Email', { exact: true }).fill('rita@example.org');
    await owner.getByRole('button', { name: 'Create invitation' }).click();
    const linkField = owner.locator('.dash-team__link input');
    await linkField.waitFor();
    const reviewerLink = onServer(await linkField.inputValue());
    expect(reviewerLink).toMatch(/\/team\/einladung\?token=/);
    await owner.getByText('rita@example.org (reviewer)').waitFor();
    await owner.screenshot({ path: `/tmp/team-tab-${width}.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    // The reviewer accepts in a browser of their own and signs in again with both factors.
    const reviewerContext = await site.newContext({ viewport: { width: 375, height: 812 } });
    const reviewer = await reviewerContext.newPage();
    reviewer.setDefaultTimeout(15_000);
    const { key: reviewerKey } = await enrol(reviewer, reviewerLink, 'Rita Reviewer', 'rita-password-1', '375');
    await reviewerContext.clearCookies();
    await signIn(reviewer, 'rita@example.org', 'rita-password-1', reviewerKey);
    expect(await seriousViolations(reviewer)).toEqual([]);
    await unlock(reviewer);
    // A reviewer sees no Team or Activity tab.
    expect(await reviewer.getByRole('button', { name: 'Team', exact: true }).count()).toBe(0);
    expect(await reviewer.getByRole('button', { name: 'Activity' }).count()).toBe(0);
    await reviewer.getByText('Live').waitFor();

    // The owner removes the reviewer: the reviewer's open dashboard locks within seconds.
    await owner.reload();
    await hydrated(owner);
    await unlock(owner);
    await owner.getByRole('button', { name: 'Team', exact: true }).click();
    owner.once('dialog', (dialog) => void dialog.accept());
    const row = owner.locator('tr', { hasText: 'Rita Reviewer' });
    await row.getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    const removedAt = Date.now();
    await reviewer.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 10_000 });
    expect(Date.now() - removedAt).toBeLessThan(8000);

    // The Activity view names who did what.
    await owner.getByRole('button', { name: 'Activity' }).click();
    const table = owner.locator('.dash-activity table');
    await table.waitFor();
    const text = await table.textContent();
    for (const expected of [
      'Frida Founder',
      'Joined the team',
      'Invited',
      'rita@example.org as reviewer',
      'Removed a member',
      'Signed in',
    ])
      expect(text).toContain(expected);
    await owner.screenshot({ path: `/tmp/team-activity-${width}.png`, fullPage: true });
    expect(await seriousViolations(owner)).toEqual([]);

    // A new sign-in of the owner from another browser: a German mail about it.
    const other = await (await site.newContext()).newPage();
    await signIn(other, 'founder@example.org', 'frida-password-1', ownerKey);
    const mail = await site.smtp.waitFor(
      (m) => m.to.includes('founder@example.org') && /Neue Anmeldung/.test(m.subject),
    );
    expect(mail.text).toContain('Hallo Frida Founder');
  });

  test('without JavaScript: the invitation and the two-step sign-in work as plain form posts', async () => {
    const context = await site.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const link = await invite('nojs@example.org');
    // (axe runs in the page's JavaScript: not here.)
    const { key } = await enrol(page, link, 'Nora Nojs', 'nora-password-1', 'nojs-375', false);
    await context.clearCookies();
    await page.goto(`${site.url}/teamdashboard`);
    await page.getByLabel('Email').fill('nojs@example.org');
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid/i })
      .waitFor();
    await page.getByLabel('Email').fill('nojs@example.org');
    await page.getByLabel('Password').fill('nora-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code from the authenticator app').fill(await unusedTotp(key));
    await page.getByRole('button', { name: 'Verify' }).first().click();
    await page.getByText('Signed in as Nora Nojs (reviewer)').waitFor();
    expect(await page.locator('body').innerText()).toContain('The dashboard needs JavaScript.');
    await page.screenshot({ path: '/tmp/team-signed-in-nojs-375.png', fullPage: true });
    // Signing out works without JavaScript too.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  test('a team member signing in on /auth is asked for the second factor, then taken to the dashboard', async () => {
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const link = await invite('auth-page@example.org');
    const { key } = await enrol(page, link, 'Anton Auth', 'anton-password-1');
    await context.clearCookies();
    await page.goto(`${site.url}/auth`);
    await hydrated(page);
    await page.getByLabel('Email').fill('auth-page@example.org');
    await page.getByLabel('Password').fill('anton-password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Second factor' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Code from the authenticator app').fill(await unusedTotp(key));
    await page.getByRole('button', { name: 'Verify' }).first().click();
    await page.waitForURL(`${site.url}/teamdashboard`);
    await page.getByText('Signed in as Anton Auth (reviewer)').waitFor();
  });

  test('a used or unknown invitation link shows a German message and no form', async () => {
    const page = await site.open('/team/einladung?token=nicht-gueltig', { viewport: { width: 375, height: 812 } });
    await page.getByRole('heading', { name: 'Einladung nicht gültig' }).waitFor();
    expect(await page.locator('form').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
