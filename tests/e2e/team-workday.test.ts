// The team's working day in Chromium, where it used to trip people up: the invitation's steps
// (focus, a wrong code, the last button, keeping the backup codes), the sign-in's two code forms
// and backup codes typed on a phone, the team's own "forgot password", the code gate (which code,
// how many tries), and the Team tab: on a phone without a sideways scroll, a role change that is
// chosen and then confirmed (and told to the person it signs out), actions named with whom they
// are for, results that take the focus. Boxes, computed styles and the accessibility tree.
import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DASHBOARD_MESSAGES, GATE_TEXTS } from '~/copy/dashboard';
import { INVITATION_COPY, INVITATION_MESSAGES, TEAM_COPY, TEAM_INPUT_MESSAGES, TEAM_SIGN_IN_COPY } from '~/copy/team';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { TEST_TEAM_CODE } from '../support/codes';
import { hydrated, useBrowserHarness } from '../support/e2e';
import { localInviter, newTeamMember, type TeamMemberLogin } from '../support/team-client';
import { totp } from '../support/totp';

/** WCAG's contrast ratio of two computed colours ("rgb(…)" or "rgba(…)"). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase(), text: el?.textContent?.trim() ?? '', id: el?.id ?? '' };
  });
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.runIf(browserAvailable())('the team’s working day', () => {
  const site = useBrowserHarness({ smtp: true, env: { AUTH_RATE_LIMIT: '0' } });
  const onServer = (link: string) => new URL(`${new URL(link).pathname}${new URL(link).search}`, site.url).href;

  /** A browser of a member (their session cookies), at /teamdashboard. */
  async function memberPage(login: TeamMemberLogin, width: number, options: { unlock?: boolean } = {}) {
    const context: BrowserContext = await site.newContext({ viewport: { width, height: 800 } });
    await context.addCookies([...login.cookies].map(([name, value]) => ({ name, value, url: site.url })));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${site.url}/teamdashboard`);
    await hydrated(page);
    if (options.unlock) await unlock(page);
    return page;
  }
  async function unlock(page: Page) {
    await page.getByLabel('Access code').fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();
  }
  /** Answers the next dialog (accepted, or dismissed), and tells what it asked. */
  function nextDialog(page: Page, accept = true): Promise<string> {
    return new Promise((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      }),
    );
  }
  const status = (page: Page, selector = '[role=status]') =>
    page.locator(selector).evaluateAll((els) => els.map((el) => el.textContent ?? '').join(' '));

  test('the invitation: each step takes the focus and is said; a wrong code is cleared; the codes are kept in three ways; the last button is readable', async () => {
    const context = await site.newContext({
      viewport: { width: 320, height: 740 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const link = onServer(await localInviter(site.server.dataDir)('ines@example.org', { owner: false, name: '' }));
    await page.goto(link);
    await hydrated(page);
    // One naming of the roles per language: the German name, and the dashboard's word for it.
    expect(await page.locator('.account-form > p').first().textContent()).toContain(
      'als Prüferin oder Prüfer eingeladen (im englischsprachigen Team-Dashboard heißt die Rolle „reviewer“)',
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByLabel(/Dein Name/).fill('Ines Invited');
    await page.getByLabel('Neues Passwort').fill('ines-password-1');
    await page.getByRole('button', { name: 'Weiter zum zweiten Faktor' }).click();
    await page.getByRole('heading', { name: INVITATION_COPY.factorTitle }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'h2', text: INVITATION_COPY.factorTitle });
    expect(await status(page)).toContain('Schritt 2 von 3: Zweiter Faktor');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // A wrong code: said, cleared from the field, which has the focus for the next one.
    const code = page.getByLabel(INVITATION_COPY.code);
    await code.fill('000000');
    await page.getByRole('button', { name: 'Code bestätigen' }).click();
    await page.getByRole('alert').filter({ hasText: INVITATION_MESSAGES.wrongCode }).waitFor();
    expect(await code.inputValue()).toBe('');
    expect(await focused(page)).toMatchObject({ id: 'invitation-code' });
    expect(await code.getAttribute('aria-invalid')).toBe('true');

    const key = (await page.getByTestId('totp-key').textContent())!;
    expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    await code.fill(totp(key.replace(/\s/g, '')));
    await page.getByRole('button', { name: 'Code bestätigen' }).click();
    await page.getByRole('heading', { name: INVITATION_COPY.doneTitle, level: 1 }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: INVITATION_COPY.doneTitle });
    expect(await status(page)).toContain('Schritt 3 von 3: Backup-Codes');
    const codes = await page.locator('.invitation__codes code').allTextContents();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);

    // Saved as a file (a plain link: also without JavaScript) …
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: INVITATION_COPY.downloadCodes }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(INVITATION_COPY.codesFileName);
    const file = readFileSync((await download.path())!, 'utf8');
    for (const c of codes) expect(file).toContain(c);
    // … copied …
    await page.getByRole('button', { name: INVITATION_COPY.copyCodes }).click();
    await page.getByText(INVITATION_COPY.copiedCodes).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const c of codes) expect(copied).toContain(c);
    // … or printed: the paper has the codes, not the buttons.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', '');
    });
    await page.getByRole('button', { name: INVITATION_COPY.printCodes }).click();
    expect(await page.locator('body[data-printed]').count()).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.invitation__keep').isVisible()).toBe(false);
    expect(await page.locator('.invitation__codes').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // The last button is readable (it was drawn in its background's colour).
    const next = page.getByRole('link', { name: INVITATION_COPY.toDashboard });
    const [color, background] = await next.evaluate((el) => [
      getComputedStyle(el).color,
      getComputedStyle(el).backgroundColor,
    ]);
    expect(contrast(color!, background!)).toBeGreaterThanOrEqual(4.5);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/team-workday-codes-320.png', fullPage: true });

    // The link, used: no dead end, the way to sign in.
    await page.goto(link);
    await page.getByRole('heading', { name: INVITATION_COPY.invalidTitle }).waitFor();
    const signIn = page.getByRole('link', { name: INVITATION_COPY.toSignIn });
    expect(await signIn.getAttribute('href')).toBe('/teamdashboard');
    const [fg, bg] = await signIn.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    expect(contrast(fg!, bg!)).toBeGreaterThanOrEqual(4.5);
    await signIn.click();
    // (This browser is signed in already: the team sign-in opens with the code gate.)
    await page.getByLabel('Access code').waitFor();
  });

  test('signing in: each code form names what it checks, a refusal shows under its own form and clears the code, a backup code counts as a phone types it', async () => {
    const rita = await newTeamMember(site.url, { name: 'Rita Backup' });
    const page = await site.open('/teamdashboard', { viewport: { width: 320, height: 740 }, timeout: 15_000 });
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await page.getByRole('link', { name: TEAM_SIGN_IN_COPY.forgot }).getAttribute('href')).toBe(
      '/teamdashboard?forgot-password',
    );
    await page.getByLabel('Email').fill(rita.email);
    await page.getByLabel('Password').fill(rita.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const app = page.getByLabel(TEAM_SIGN_IN_COPY.totp);
    await app.waitFor();
    // No two buttons of the same name.
    const names = await page
      .locator('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining([TEAM_SIGN_IN_COPY.verifyTotp, TEAM_SIGN_IN_COPY.verifyBackup]));

    const totpForm = page.locator('form:has(input[name=method][value=totp])');
    const backupForm = page.locator('form:has(input[name=method][value=backup])');
    await app.fill('000000');
    await page.getByRole('button', { name: TEAM_SIGN_IN_COPY.verifyTotp }).click();
    await totpForm.getByRole('alert').filter({ hasText: TEAM_SIGN_IN_COPY.wrongCode }).waitFor();
    expect(await app.inputValue()).toBe('');
    expect(await focused(page)).toMatchObject({ id: 'team-totp' });

    await page.getByText(TEAM_SIGN_IN_COPY.useBackupCode).click();
    const backup = page.getByLabel(TEAM_SIGN_IN_COPY.backupCode, { exact: true });
    expect(
      await backup.evaluate((el) => [
        el.getAttribute('autocapitalize'),
        el.getAttribute('autocorrect'),
        el.getAttribute('spellcheck'),
      ]),
    ).toEqual(['none', 'off', 'false']);
    await backup.fill('AAAAA-AAAAA');
    await page.getByRole('button', { name: TEAM_SIGN_IN_COPY.verifyBackup }).click();
    // Under the backup form (its disclosure stays open), not under the app's.
    await backupForm.getByRole('alert').filter({ hasText: TEAM_SIGN_IN_COPY.wrongBackupCode }).waitFor();
    expect(await totpForm.getByRole('alert').textContent()).toBe('');
    expect(await page.locator('details.dash-gate__backup').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await backup.inputValue()).toBe('');
    expect(await focused(page)).toMatchObject({ id: 'team-backup' });
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // As a phone's keyboard types it: the first letter capital, the rest small.
    const [first] = rita.backupCodes;
    await backup.fill(first![0] + first!.slice(1).toLowerCase());
    await page.getByRole('button', { name: TEAM_SIGN_IN_COPY.verifyBackup }).click();
    await page.getByLabel('Access code').waitFor();
  });

  test('“Forgot your password?” on the team sign-in: a team reset that leads back to the team sign-in', async () => {
    const fred = await newTeamMember(site.url, { name: 'Fred Forgot' });
    // His dashboard, open elsewhere: the new password ends that session too.
    const elsewhere = await memberPage(fred, 1280, { unlock: true });
    const page = await site.open('/teamdashboard', { viewport: { width: 320, height: 740 }, timeout: 15_000 });
    await page.getByRole('link', { name: TEAM_SIGN_IN_COPY.forgot }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(fred.email);
    await page.getByRole('button', { name: 'Mail me the link' }).click();
    await page.getByRole('status').filter({ hasText: 'the link is on its way' }).waitFor();
    const mail = await site.smtp.waitFor((m) => m.to.includes(fred.email) && /neues Passwort/.test(m.subject));
    expect(mail.text).toContain('Team-Konto');
    const link = /https?:\/\/\S+\/passwort-neu\?\S+/.exec(mail.text)![0];
    await page.goto(onServer(link));
    await hydrated(page);
    await page.getByLabel('Dein neues Passwort').fill('fred-new-password-1');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    // The dashboard that closed says that the session ended (no owner did anything).
    await elsewhere
      .locator('.dash-gate__notice')
      .filter({ hasText: TEAM_SIGN_IN_COPY.ended.other })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Zur Anmeldung im Team-Dashboard' }).click();
    await page.getByRole('heading', { name: TEAM_SIGN_IN_COPY.title }).waitFor();
    await page.getByLabel('Email').fill(fred.email);
    await page.getByLabel('Password').fill('fred-new-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel(TEAM_SIGN_IN_COPY.totp).waitFor();
  });

  test('the gate asks for the team’s 4 digits, not the app’s 6, and counts the tries left; unlocking takes the focus to the dashboard and says so', async () => {
    const gus = await newTeamMember(site.url, { name: 'Gus Gate' });
    const page = await memberPage(gus, 320);
    const field = page.getByLabel('Access code');
    expect(await field.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '')).toBe(
      'Team access code (4 digits)',
    );
    const description = await field.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toContain('not the 6-digit code from your authenticator app');
    await field.fill('0000');
    await page.getByRole('button', { name: 'Unlock' }).click();
    const alert = page.getByRole('alert').filter({ hasText: DASHBOARD_MESSAGES.wrongCode });
    await alert.waitFor();
    // The spec's message, word for word, then the tries left.
    expect(await alert.textContent()).toBe(`${DASHBOARD_MESSAGES.wrongCode} ${GATE_TEXTS.triesLeft(4)}`);
    expect(GATE_TEXTS.triesLeft(4)).toBe('4 tries left before the code is locked for 15 minutes.');
    expect(await field.inputValue()).toBe('');
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: '/tmp/team-workday-gate-320.png', fullPage: true });
    await unlock(page);
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Application Dashboard' });
    expect(await status(page, '[data-announces=unlock]')).toBe(GATE_TEXTS.unlocked);
    // Signing out is no ended session: the sign-in form has nothing to explain.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: TEAM_SIGN_IN_COPY.title }).waitFor();
    expect(await page.locator('.dash-gate__notice').count()).toBe(0);
  });

  test('the Team tab at 320, 375 and 414 px: no sideways scroll, every value and action on the screen; the role control as tall as the buttons, its word whole', async () => {
    await newTeamMember(site.url, { name: 'Vera Very-Long-Name Reviewer' });
    for (const width of [320, 375, 414, 1280]) {
      const page = await site.openAsTeamMember('/teamdashboard?view=team', {
        viewport: { width, height: 800 },
        timeout: 15_000,
      });
      await unlock(page);
      await page.locator('.dash-team__members').waitFor();
      const region = page.locator('.dash-team .dash-table-scroll');
      expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${width}`).toBe(true);
      if (width < 640) {
        // Every cell, button and select within the screen, read in one round trip (one boundingBox
        // call per cell took most of a minute on a loaded machine).
        const outside = await page
          .locator(
            '.dash-team__members :is(td, th[scope=row]), .dash-team__members td button, .dash-team__members select',
          )
          .evaluateAll(
            (cells, screen) =>
              cells
                .map((cell) => cell.getBoundingClientRect())
                .filter((box) => box.x < 0 || box.x + box.width > screen)
                .map((box) => `${box.x}+${box.width}`),
            width,
          );
        expect(outside, `${width}`).toEqual([]);
      }
      const select = page.getByRole('combobox', { name: 'Role of Vera Very-Long-Name Reviewer' });
      const button = page.getByRole('button', { name: 'Change role of Vera Very-Long-Name Reviewer' });
      const [selectBox, buttonBox] = [(await select.boundingBox())!, (await button.boundingBox())!];
      expect(selectBox.height).toBeGreaterThanOrEqual(44);
      expect(
        Math.abs(selectBox.height - buttonBox.height),
        `${width}: ${selectBox.height} ${buttonBox.height}`,
      ).toBeLessThanOrEqual(2);
      // Its longest role fits beside the arrow.
      const fits = await select.evaluate((el) => {
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const widest = Math.max(
          ...[...(el as HTMLSelectElement).options].map((o) => context.measureText(o.text).width),
        );
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return room >= widest;
      });
      expect(fits, `${width}`).toBe(true);
      await page.screenshot({ path: `/tmp/team-workday-team-${width}.png`, fullPage: true });
      if (width === 375) expect(await seriousViolations(page)).toEqual([]);
    }
  });

  test('a role change is chosen, then confirmed; it is said, the focus stays on the control, and the person’s open dashboard says why it closed', async () => {
    const rita = await newTeamMember(site.url, { name: 'Rita Rolechange' });
    const ritaPage = await memberPage(rita, 375, { unlock: true });
    const owner = await site.openAsTeamMember('/teamdashboard?view=team', {
      viewport: { width: 1280, height: 800 },
      timeout: 15_000,
    });
    await unlock(owner);
    const select = owner.getByRole('combobox', { name: 'Role of Rita Rolechange' });
    const change = owner.getByRole('button', { name: 'Change role of Rita Rolechange' });
    expect(await change.isDisabled()).toBe(true);
    // The keyboard on the select chooses; nothing changes yet.
    await select.focus();
    await owner.keyboard.press('ArrowUp');
    expect(await select.inputValue()).toBe('owner');
    await owner.waitForTimeout(500);
    expect(await ritaPage.getByRole('navigation', { name: 'Dashboard sections' }).isVisible()).toBe(true);
    // Asked first: "no" changes nothing.
    let asked = nextDialog(owner, false);
    await change.click();
    expect(await asked).toBe(TEAM_COPY.roleConfirm('Rita Rolechange', 'owner', false));
    asked = nextDialog(owner);
    await change.click();
    await asked;
    await owner.getByText(TEAM_COPY.roleChanged('Rita Rolechange', 'owner')).waitFor();
    expect(await status(owner, '.dash-team__message')).toContain(TEAM_COPY.roleChanged('Rita Rolechange', 'owner'));
    await owner.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Role of Rita Rolechange');
    expect(await select.inputValue()).toBe('owner');
    // Rita's open dashboard closes, and her sign-in form says why.
    await ritaPage
      .getByRole('alert')
      .filter({ hasText: TEAM_SIGN_IN_COPY.ended['role-changed']('owner') })
      .waitFor({ timeout: 15_000 });
    expect(TEAM_SIGN_IN_COPY.ended['role-changed']('owner')).toBe(
      'Your role was changed by an owner (you are now an owner); please sign in again.',
    );
    await ritaPage.screenshot({ path: '/tmp/team-workday-role-changed-375.png', fullPage: true });
    expect(await seriousViolations(ritaPage)).toEqual([]);
  });

  test('reset, remove, invite and withdraw: confirmed, named with whom, and each result takes the focus', async () => {
    const bea = await newTeamMember(site.url, { name: 'Bea Busy' });
    const page = await site.openAsTeamMember('/teamdashboard?view=team', {
      viewport: { width: 375, height: 800 },
      timeout: 15_000,
    });
    await unlock(page);
    const notice = page.locator('.dash-team__notice');
    const noticeFocused = () => page.evaluate(() => document.activeElement?.classList.contains('dash-team__notice'));
    // One's own row offers no reset of one's own second factor.
    const own = page.locator('tr', { hasText: '(you)' });
    expect(await own.getByRole('button', { name: /Reset second factor/ }).count()).toBe(0);
    const row = page.locator('tr', { hasText: 'Bea Busy' });

    let asked = nextDialog(page);
    await row.getByRole('button', { name: 'Reset second factor of Bea Busy' }).click();
    expect(await asked).toBe(TEAM_COPY.resetConfirm('Bea Busy'));
    await notice.filter({ hasText: TEAM_COPY.resetDone('Bea Busy') }).waitFor();
    expect(await noticeFocused()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copy link for Bea Busy' }).count()).toBe(1);
    // Bea stays in the list, marked, until she has set up again; she can still be removed.
    await page.locator('tr[data-state=second-factor-reset]', { hasText: 'Bea Busy' }).waitFor();
    expect(await row.textContent()).toContain('Setting up a new second factor');
    await row.getByRole('button', { name: 'New link for Bea Busy' }).waitFor();
    asked = nextDialog(page);
    await row.getByRole('button', { name: 'Remove Bea Busy' }).click();
    expect(await asked).toBe(TEAM_COPY.removeConfirm('Bea Busy'));
    await notice.filter({ hasText: TEAM_COPY.removed('Bea Busy') }).waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await noticeFocused()).toBe(true);
    expect(bea.name).toBe('Bea Busy');

    // An address that is not one: said under the field, in words, and nothing is created.
    const email = page.getByLabel('Email', { exact: true });
    await email.fill('tom@example');
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await page.getByText(TEAM_INPUT_MESSAGES.email).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await focused(page)).toMatchObject({ tag: 'input' });
    expect(await page.locator('.dash-team').textContent()).not.toContain('Expected');
    expect(await page.getByText('tom@example (').count()).toBe(0);

    await email.fill('tom@example.org');
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await notice.filter({ hasText: TEAM_COPY.invited('tom@example.org') }).waitFor();
    expect(await noticeFocused()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copy link for tom@example.org' }).count()).toBe(1);
    const withdraw = page.getByRole('button', { name: 'Withdraw the invitation for tom@example.org' });
    asked = nextDialog(page, false);
    await withdraw.click();
    expect(await asked).toBe(TEAM_COPY.revokeConfirm('tom@example.org'));
    expect(await withdraw.count()).toBe(1);
    asked = nextDialog(page);
    await withdraw.click();
    await asked;
    await notice.filter({ hasText: TEAM_COPY.revoked('tom@example.org') }).waitFor();
    await withdraw.waitFor({ state: 'detached' });
    expect(await noticeFocused()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Community: each copy and QR download names its audience; Insights: “Custom range” shows no error before dates are entered', async () => {
    const page = await site.openAsTeamMember('/teamdashboard?view=community', {
      viewport: { width: 1280, height: 800 },
      timeout: 15_000,
    });
    await unlock(page);
    await page.locator('.dash-community__link').first().waitFor();
    const names = await page
      .locator('.dash-community__link button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names).toEqual([
      'Copy link for Riders (Reiterclub)',
      'QR code as SVG for Riders (Reiterclub)',
      'QR code as PNG for Riders (Reiterclub)',
      'Copy link for Trainers',
      'QR code as SVG for Trainers',
      'QR code as PNG for Trainers',
    ]);
    await page.getByRole('button', { name: 'Insights', exact: true }).click();
    await page.getByLabel('Custom range').check();
    await page.getByRole('button', { name: 'Show' }).waitFor();
    expect(await page.locator('.dash-insights [role=alert], .dash-insights .dash-error').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'From' }).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
