// The code page and the application form in Chromium against the built server, with and without
// JavaScript: typing and pasting a code, the wrong-code message, the form's German messages, the
// thank-you page, the new application in the team's list and both mails over a real SMTP server;
// axe and screenshots at 375 and 1280 px.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCESS_MESSAGES, APPLICATION_MESSAGES } from '~/copy/access';
import type { ApplicationRecord } from '~/lib/applications';
import { axeViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { TEST_ACCESS_CODES } from '../support/codes';
import { hydrated, useBrowserHarness } from '../support/e2e';
import { teamGet } from '../support/team-client';

const [CODE] = TEST_ACCESS_CODES;
const TEAM = 'team@bewegung.test';
const WIDTHS = [375, 1280] as const;

describe.runIf(browserAvailable())('code page and application form in the browser', () => {
  const site = useBrowserHarness({ smtp: true, env: { TEAM_NOTIFY_EMAIL: TEAM } });
  const open = (path: string, { js = true, width = 1280 } = {}) =>
    site.open(path, { javaScriptEnabled: js, viewport: { width, height: 900 } });
  const box = (page: Page, i: number) => page.getByLabel(`Zeichen ${i + 1} von 5`);
  const boxValues = (page: Page) =>
    page.locator('.code-form__box').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const focusedBox = (page: Page) => page.evaluate(() => document.activeElement?.id);
  const confirm = (page: Page) => page.getByRole('button', { name: 'Code bestätigen' }).click();

  /** Enters the code box by box (without JavaScript each box is filled on its own). */
  async function enterCode(page: Page, code: string, js: boolean) {
    if (js) {
      await box(page, 0).click();
      await page.keyboard.type(code);
    } else {
      for (let i = 0; i < code.length; i++) await box(page, i).fill(code[i]!);
    }
  }

  /** A grant by the code page, then the form. */
  async function openForm(js: boolean, width = 1280) {
    const page = await open('/access', { js, width });
    await enterCode(page, CODE.toLowerCase(), js);
    await confirm(page);
    await page.waitForURL(`${site.url}/bewerbung`);
    await page.getByRole('heading', { name: 'Deine Bewerbung' }).waitFor();
    if (js) await hydrated(page);
    return page;
  }

  test('typing: each character upper-cased, focus moves on; Backspace on an empty box goes back', async () => {
    const page = await open('/access');
    await page.getByRole('heading', { name: 'Mentees/Mentors Only' }).waitFor();
    await box(page, 0).click();
    await page.keyboard.type('m-e');
    expect(await boxValues(page)).toEqual(['M', 'E', '', '', '']);
    expect(await focusedBox(page)).toBe('code-2');
    await page.keyboard.press('Backspace');
    expect(await boxValues(page)).toEqual(['M', '', '', '', '']);
    expect(await focusedBox(page)).toBe('code-1');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedBox(page)).toBe('code-0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('entO');
    expect(await boxValues(page)).toEqual(['M', 'E', 'N', 'T', 'O']);
    for (let i = 0; i < 5; i++) {
      expect(await box(page, i).getAttribute('autocomplete')).toBe('one-time-code');
      expect(await box(page, i).getAttribute('inputmode')).toBe('text');
    }
  });

  test('pasting a whole code fills all five boxes, and the code opens the form', async () => {
    const page = await open('/access');
    await box(page, 2).focus();
    await box(page, 2).evaluate((input, code) => {
      const data = new DataTransfer();
      data.setData('text/plain', code);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, ` ${CODE.toLowerCase()} `);
    expect(await boxValues(page)).toEqual([...CODE]);
    await confirm(page);
    await page.waitForURL(`${site.url}/bewerbung`);
  });

  test('the close button leads to the start page', async () => {
    const page = await open('/access', { js: false });
    expect(await page.getByRole('link', { name: 'Schließen und zur Startseite' }).getAttribute('href')).toBe('/');
  });

  test('over HTTP: a code sets the grant cookie, and the grant opens POST /api/applications', async () => {
    const body = JSON.stringify({
      applicationType: 'Mentee',
      name: 'Per HTTP',
      email: 'http@example.org',
      consent: true,
    });
    const refused = await fetch(`${site.url}/api/applications`, { method: 'POST', body });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: APPLICATION_MESSAGES.noGrant });
    const access = await fetch(`${site.url}/api/access`, { method: 'POST', body: JSON.stringify({ code: CODE }) });
    expect(await access.json()).toEqual({ valid: true });
    const cookie = access.headers.get('set-cookie')!.split(';')[0]!;
    const created = await fetch(`${site.url}/api/applications`, {
      method: 'POST',
      body,
      headers: { Cookie: cookie },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(await created.json())).toEqual(['id']);
  });

  test('the form without a grant leads to the code page', async () => {
    const page = await open('/bewerbung', { js: false });
    expect(new URL(page.url()).pathname).toBe('/access');
  });

  describe.each([true, false])('with JavaScript: %s', (js) => {
    test('a wrong code shows the German message and stays in the boxes, to be checked', async () => {
      const page = await open('/access', { js });
      await enterCode(page, 'wrong', js);
      await confirm(page);
      await page.getByRole('alert').getByText(ACCESS_MESSAGES.wrong).waitFor();
      expect(await boxValues(page)).toEqual(['W', 'R', 'O', 'N', 'G']);
      expect(new URL(page.url()).pathname).toBe('/access');
      if (js) expect(await page.evaluate(() => document.activeElement?.id)).toBe('code-0');
    });

    test('an incomplete code is not sent', async () => {
      const page = await open('/access', { js });
      const checks: string[] = [];
      page.on('request', (r) => new URL(r.url()).pathname === '/api/access' && checks.push(r.method()));
      await enterCode(page, 'ab', js);
      await confirm(page);
      const alert = page.getByRole('alert');
      await alert.getByText(ACCESS_MESSAGES.incomplete).waitFor();
      expect(await alert.textContent()).toContain(ACCESS_MESSAGES.incomplete);
      expect(checks).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/access');
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain('access_grant');
    });

    test('the form refuses missing fields with German messages and keeps what was typed', async () => {
      const page = await openForm(js);
      await page.getByLabel('Name').fill('Bea Beispiel');
      await page.getByLabel('Website').fill('bea');
      await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
      await page.locator('.application-form__summary').getByText(APPLICATION_MESSAGES.summary).waitFor();
      for (const message of [
        APPLICATION_MESSAGES.type,
        APPLICATION_MESSAGES.emailEmpty,
        APPLICATION_MESSAGES.website,
        APPLICATION_MESSAGES.consent,
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      expect(await page.getByLabel('Name').inputValue()).toBe('Bea Beispiel');
      expect(await page.getByLabel('E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel(/Datenschutzerklärung/).isChecked()).toBe(false);
    });

    test('a complete application: the thank-you page, the team list, both mails', async () => {
      const page = await openForm(js);
      const name = `Jördis ${js ? 'mit' : 'ohne'} JS ${crypto.randomUUID().slice(0, 4)}`;
      const email = `bewerbung-${crypto.randomUUID().slice(0, 8)}@example.org`;
      expect(await page.getByLabel(/Datenschutzerklärung/).isChecked()).toBe(false);
      expect(await page.getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).toBe('/datenschutz');
      await page.getByLabel('Mentor', { exact: true }).check();
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('E-Mail-Adresse').fill(email);
      // Typed as people type addresses: without https:// (which the form adds).
      await page.getByLabel('Website').fill('www.marie-reitet.de');
      const message = 'Hallo!\nIch bilde seit Jahren Reiter aus.';
      await page.getByLabel('Nachricht').fill(message);
      if (js) await page.getByText(`${message.length} / 2.000 Zeichen`).waitFor();
      await page.getByLabel(/Datenschutzerklärung/).check();
      await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
      await page.waitForURL(`${site.url}/bewerbung/danke`);
      await page.getByRole('heading', { name: 'So geht es weiter' }).waitFor();

      const { applications } = await teamGet<{ applications: ApplicationRecord[] }>(site.url, '/api/applications');
      const mine = applications.filter((a) => a.email === email);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        applicationType: 'Mentor',
        status: 'pending',
        name,
        websiteLink: 'https://www.marie-reitet.de',
        message,
      });
      const confirmation = await site.smtp.waitFor((m) => m.to.includes(email));
      expect(confirmation.subject).toBe('Deine Bewerbung ist angekommen');
      const notice = await site.smtp.waitFor((m) => m.to.includes(TEAM) && m.subject.includes(name));
      expect(notice.text).not.toContain('Ich bilde');
    });
  });

  test('the message counter follows the typing', async () => {
    const page = await openForm(true);
    await page.getByText('0 / 2.000 Zeichen').waitFor();
    await page.getByLabel('Nachricht').fill('Hallo');
    await page.getByText('5 / 2.000 Zeichen').waitFor();
    expect(await page.getByLabel('Nachricht').getAttribute('maxlength')).toBe('2000');
  });

  describe.each(WIDTHS)('at %i px', (width) => {
    test(
      'no axe violations on /access, /bewerbung (also with messages) and /bewerbung/danke',
      { timeout: 120_000 },
      async () => {
        const page = await open('/access', { width });
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/access-code-${width}.png`, fullPage: true });
        await enterCode(page, 'wrong', true);
        await confirm(page);
        await page.getByRole('alert').getByText(ACCESS_MESSAGES.wrong).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/access-code-wrong-${width}.png`, fullPage: true });

        const form = await openForm(true, width);
        expect(await axeViolations(form)).toEqual([]);
        await form.screenshot({ path: `/tmp/access-form-${width}.png`, fullPage: true });
        await form.getByRole('button', { name: 'Bewerbung absenden' }).click();
        await form.getByText(APPLICATION_MESSAGES.consent).waitFor();
        expect(await axeViolations(form)).toEqual([]);
        await form.screenshot({ path: `/tmp/access-form-errors-${width}.png`, fullPage: true });

        const thanks = await open('/bewerbung/danke', { width });
        expect(await axeViolations(thanks)).toEqual([]);
        await thanks.screenshot({ path: `/tmp/access-danke-${width}.png`, fullPage: true });
      },
    );
  });
});
