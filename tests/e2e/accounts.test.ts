// Accounts in Chromium against the built server, with a real SMTP server: the /auth form's texts
// and mode toggle, the reset flow from the mail's link, the verification link's page (the password
// too), /konto (export download, sign out, deletion), all with JavaScript and without, and axe on
// every account page.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { AUTH_COPY, AUTH_MESSAGES } from '~/copy/account';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { hydrated, useBrowserHarness } from '../support/e2e';

const PASSWORD = 'pferd-und-reiter-2026';
const email = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.org`;

describe.runIf(browserAvailable())('accounts in the browser', () => {
  // The limits have their own tests; here one address (127.0.0.1) makes every attempt.
  const site = useBrowserHarness({ smtp: true, env: { AUTH_RATE_LIMIT: '1000' } });
  const open = (path: string, { js = true, width = 1280 } = {}) =>
    site.open(path, { javaScriptEnabled: js, viewport: { width, height: 900 }, acceptDownloads: true });
  /** The link of the newest matching mail, on the test server's address. */
  async function mailedLink(to: string, subject: RegExp, path: string) {
    const mail = await site.smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject));
    const link = new URL(mail.links.find((l) => l.includes(path))!);
    return `${site.url}${link.pathname}${link.search}`;
  }
  const notice = (page: Page) => page.locator('.account-notice');
  const submit = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

  async function fillAuth(page: Page, address: string, password = PASSWORD) {
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password').fill(password);
  }
  /** Signs up (which does not sign in: the page says to look at the mail), then signs in. */
  async function signUpIn(page: Page, address: string) {
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    await fillAuth(page, address);
    await submit(page, 'Sign Up');
    await notice(page).getByText(AUTH_MESSAGES.signedUp).waitFor();
    await notice(page).getByText(AUTH_COPY.signedUpDetail).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await fillAuth(page, address);
    await submit(page, 'Sign In');
    await notice(page).getByText(AUTH_MESSAGES.signedIn).waitFor();
  }
  /** Opens the verification mail's link and confirms with the password; lands on /konto. */
  async function verify(page: Page, address: string, password = PASSWORD) {
    await page.goto(await mailedLink(address, /bestätige/, '/konto/bestaetigen'));
    await page.getByRole('heading', { name: 'E-Mail-Adresse bestätigen' }).waitFor();
    await page.getByText(`für ${address} gewählt hast`, { exact: false }).waitFor();
    await page.getByLabel('Dein Passwort').fill(password);
    await submit(page, 'E-Mail-Adresse bestätigen');
  }
  /** Whether the browser's cookies carry a live session: they open /konto (else the server sends them to /auth). */
  async function hasSession(page: Page) {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(`${site.url}/konto`, { headers: { Cookie: cookie }, redirect: 'manual' });
    if (res.status !== 200 && res.headers.get('location') !== '/auth') throw new Error(`/konto answered ${res.status}`);
    return res.status === 200;
  }

  describe.each([true, false])('with JavaScript: %s', (js) => {
    test('the toggle switches between sign-in and sign-up; "Forgot Password?" only in sign-in mode', async () => {
      const page = await open('/auth', { js });
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      expect(await page.getByRole('button', { name: 'Forgot Password?' }).count()).toBe(1);
      expect(await page.getByText('Mindestens 10 Zeichen.').count()).toBe(0);
      await page.getByLabel('Email').fill('bleibt@example.org');
      await page.getByRole('link', { name: 'Sign Up' }).click();
      await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
      expect(await page.getByRole('button', { name: 'Forgot Password?' }).count()).toBe(0);
      await page.getByText('Mindestens 10 Zeichen.').waitFor();
      // With JavaScript the page stays and keeps what was typed.
      if (js) expect(await page.getByLabel('Email').inputValue()).toBe('bleibt@example.org');
      await page.getByRole('link', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      expect(await page.getByRole('button', { name: 'Forgot Password?' }).count()).toBe(1);
    });

    test('sign-up, a duplicate sign-up, a wrong and a right password show their texts', async () => {
      const address = email(`e2e-${js}`);
      const page = await open('/auth?mode=sign-up', { js });
      // With JavaScript the form calls Better Auth's endpoint by fetch; without, it posts to the page.
      const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/auth'));
      await fillAuth(page, address);
      await submit(page, 'Sign Up');
      await notice(page).getByText(AUTH_MESSAGES.signedUp).waitFor();
      await notice(page).getByText(AUTH_COPY.signedUpDetail).waitFor();
      expect(new URL((await sent).url()).pathname).toBe(js ? '/api/auth/sign-up/email' : '/auth');
      // A sign-up does not sign in.
      expect(await hasSession(page)).toBe(false);

      // The same address again: the same answer (nobody learns it has an account); its owner gets a mail.
      const other = await open('/auth?mode=sign-up', { js });
      await fillAuth(other, address, 'ein-anderes-passwort');
      await submit(other, 'Sign Up');
      await notice(other).getByText(AUTH_MESSAGES.signedUp).waitFor();
      await notice(other).getByText(AUTH_COPY.signedUpDetail).waitFor();
      await site.smtp.waitFor((m) => m.to.includes(address) && m.subject === 'Du hast schon ein Konto bei uns');

      const signIn = await open('/auth', { js });
      await fillAuth(signIn, address, 'falsches-passwort');
      await submit(signIn, 'Sign In');
      await notice(signIn).getByText('Invalid email or password').waitFor();
      await signIn.getByLabel('Password').fill(PASSWORD);
      await submit(signIn, 'Sign In');
      await notice(signIn).getByText(AUTH_MESSAGES.signedIn).waitFor();
      await signIn.getByText(`Du bist angemeldet als ${address}.`).waitFor();
      await signIn.getByRole('link', { name: 'Zu deinem Konto' }).click();
      await signIn.getByRole('heading', { name: 'Mein Konto' }).waitFor();
      await signIn.getByText(address).waitFor();
    });

    test('the verification link asks for the password; a wrong one says what to do, in German', async () => {
      const address = email(`verify-${js}`);
      const page = await open('/auth', { js });
      await signUpIn(page, address);
      const link = await open('/auth', { js });
      await verify(link, address, 'falsches-passwort');
      await notice(link).getByText('Das Passwort stimmt nicht.', { exact: false }).waitFor();
      await notice(link).getByText('„Forgot Password?“', { exact: false }).waitFor();
      expect(await hasSession(page)).toBe(true);
      await link.getByLabel('Dein Passwort').fill(PASSWORD);
      await submit(link, 'E-Mail-Adresse bestätigen');
      await link.waitForURL(`${site.url}/konto?bestaetigt`);
      await link.getByText('Deine E-Mail-Adresse ist bestätigt.').first().waitFor();
      // The browser that was signed in before the verification is signed out.
      expect(await hasSession(page)).toBe(false);
      expect(await hasSession(link)).toBe(true);
    });

    test('"Forgot Password?" asks for an email first, then answers the same for known and unknown addresses', async () => {
      const page = await open('/auth', { js });
      await submit(page, 'Forgot Password?');
      await notice(page).getByText(AUTH_MESSAGES.emailFirst).waitFor();
      const unknown = email('niemand');
      await page.getByLabel('Email').fill(unknown);
      await submit(page, 'Forgot Password?');
      await notice(page).getByText(AUTH_MESSAGES.resetSent).waitFor();
      await new Promise((r) => setTimeout(r, 500));
      expect(site.smtp.mailsTo(unknown)).toEqual([]);
    });

    test('the reset link sets a new password once and signs out every other browser', async () => {
      const address = email(`reset-${js}`);
      const first = await open('/auth', { js });
      await signUpIn(first, address);

      const page = await open('/auth', { js });
      await page.getByLabel('Email').fill(address);
      await submit(page, 'Forgot Password?');
      await notice(page).getByText(AUTH_MESSAGES.resetSent).waitFor();
      const link = await mailedLink(address, /neues Passwort/, '/passwort-neu');
      await page.goto(link);
      await page.getByRole('heading', { name: 'Neues Passwort' }).waitFor();
      await page.getByLabel('Dein neues Passwort').fill('ein-ganz-neues-passwort');
      await submit(page, 'Passwort speichern');
      await page.getByText('Dein neues Passwort gilt.', { exact: false }).waitFor();

      // The first browser's session ended with the reset.
      expect(await hasSession(first)).toBe(false);
      await first.goto(`${site.url}/konto`);
      await first.waitForURL(`${site.url}/auth`);

      // The link works once.
      await page.goto(link);
      await page.getByLabel('Dein neues Passwort').fill('noch-ein-neues-passwort');
      await submit(page, 'Passwort speichern');
      await page.getByText('ungültig, abgelaufen oder wurde schon benutzt', { exact: false }).waitFor();

      const again = await open('/auth', { js });
      await fillAuth(again, address);
      await submit(again, 'Sign In');
      await notice(again).getByText('Invalid email or password').waitFor();
      expect(await hasSession(again)).toBe(false);
      await fillAuth(again, address, 'ein-ganz-neues-passwort');
      await submit(again, 'Sign In');
      await notice(again).getByText(AUTH_MESSAGES.signedIn).waitFor();
      expect(await hasSession(again)).toBe(true);
    });

    test('/konto: verification, the signup list, the export download, sign out and deletion', async () => {
      const address = email(`konto-${js}`);
      const page = await open('/auth', { js });
      await signUpIn(page, address);
      await page.goto(`${site.url}/konto`);
      await page.getByText('noch nicht bestätigt', { exact: false }).waitFor();
      expect(await page.getByRole('heading', { name: 'Deine Anmeldungen zur WhatsApp-Gruppe' }).count()).toBe(0);

      // A signup with the same address shows only after verification.
      const signup = await fetch(`${site.url}/api/signups`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userType: 'trainer', name: 'Konto Test', email: address, newsletterOptIn: false }),
      });
      expect(signup.status).toBe(201);
      await submit(page, 'Bestätigungslink erneut senden');
      await notice(page).getByText('noch einmal geschickt', { exact: false }).waitFor();
      await verify(page, address);
      await page.waitForURL(`${site.url}/konto?bestaetigt`);
      await page.getByText('Deine E-Mail-Adresse ist bestätigt.').first().waitFor();
      await page.getByText('Konto Test (Trainerin / Trainer)').waitFor();

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Alle Daten herunterladen' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^konto-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(await readFile((await file.path())!, 'utf8'));
      expect(exported.user).toMatchObject({ email: address, emailVerified: true });
      expect(exported.signups).toEqual([expect.objectContaining({ name: 'Konto Test' })]);
      expect(JSON.stringify(exported)).not.toMatch(/password|token/i);

      await page.getByLabel('Dein Passwort zur Bestätigung').fill('falsches-passwort');
      await submit(page, 'Konto endgültig löschen');
      await notice(page).getByText('Das Passwort stimmt nicht.').waitFor();
      await page.getByLabel('Dein Passwort zur Bestätigung').fill(PASSWORD);
      await submit(page, 'Konto endgültig löschen');
      await page.waitForURL(`${site.url}/auth?konto=geloescht`);
      await page.getByText('Dein Konto und alles, was dazu gehörte, ist gelöscht.', { exact: false }).waitFor();
      await site.smtp.waitFor((m) => m.to.includes(address) && m.subject === 'Dein Konto ist gelöscht');
      await page.goto(`${site.url}/konto`);
      await page.waitForURL(`${site.url}/auth`);
    });

    test('sign out, and sign out everywhere', async () => {
      const address = email(`out-${js}`);
      const page = await open('/auth', { js });
      await signUpIn(page, address);
      const second = await open('/auth', { js });
      await fillAuth(second, address);
      await submit(second, 'Sign In');
      await notice(second).getByText(AUTH_MESSAGES.signedIn).waitFor();

      expect(await hasSession(page)).toBe(true);
      expect(await hasSession(second)).toBe(true);

      await page.goto(`${site.url}/konto`);
      await submit(page, 'Abmelden');
      await page.waitForURL(`${site.url}/auth`);
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      expect(await hasSession(page)).toBe(false);
      // Signing out here leaves the other browser signed in ...
      expect(await hasSession(second)).toBe(true);
      await second.goto(`${site.url}/konto`);
      await second.getByRole('heading', { name: 'Mein Konto' }).waitFor();
      // ... until it signs out everywhere.
      const third = await open('/auth', { js });
      await fillAuth(third, address);
      await submit(third, 'Sign In');
      await notice(third).getByText(AUTH_MESSAGES.signedIn).waitFor();
      await submit(second, 'Auf allen Geräten abmelden');
      await second.waitForURL(`${site.url}/auth`);
      expect(await hasSession(second)).toBe(false);
      expect(await hasSession(third)).toBe(false);
    });
  });

  test('an exception while sending shows "An unexpected error occurred"', async () => {
    const page = await open('/auth');
    await page.route('**/api/auth/sign-in/email', (route) => route.abort());
    await fillAuth(page, email('kaputt'));
    await submit(page, 'Sign In');
    await notice(page).getByText(AUTH_MESSAGES.unexpected).waitFor();
    expect(await notice(page).textContent()).toContain(AUTH_MESSAGES.unexpected);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  test('the account pages are not stored or indexed; the public pages stay the same for signed-in visitors', async () => {
    for (const path of ['/auth', '/konto', '/passwort-neu?token=x', '/konto/bestaetigen?token=x']) {
      const res = await fetch(`${site.url}${path}`, { redirect: 'manual' });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const page = await open('/auth');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await signUpIn(page, email('statisch'));
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    // The same page for everyone (apart from a per-response script nonce): nothing reads the session.
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, '');
    const anonymous = await (await fetch(`${site.url}/`)).text();
    const signedIn = await fetch(`${site.url}/`, { headers: { Cookie: cookie } });
    expect(signedIn.headers.get('set-cookie')).toBeNull();
    expect(withoutNonces(await signedIn.text())).toBe(withoutNonces(anonymous));
  });

  describe.each([375, 1280])('axe at %d px', (width) => {
    test('/auth in both modes, /passwort-neu and /konto have no serious violation', async () => {
      const page = await open('/auth', { width });
      await submit(page, 'Forgot Password?');
      await notice(page).getByText(AUTH_MESSAGES.emailFirst).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/accounts-auth-${width}.png`, fullPage: true });
      await page.goto(`${site.url}/auth?mode=sign-up`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${site.url}/passwort-neu?token=abc`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/accounts-reset-${width}.png`, fullPage: true });
      await page.goto(`${site.url}/auth`);
      const address = email(`axe-${width}`);
      await signUpIn(page, address);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${site.url}/konto`);
      await hydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/accounts-konto-${width}.png`, fullPage: true });
      // Verified, with a signup listed.
      await fetch(`${site.url}/api/signups`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userType: 'reiter', name: 'Axe Test', email: address, newsletterOptIn: true }),
      });
      await page.goto(await mailedLink(address, /bestätige/, '/konto/bestaetigen'));
      await page.getByLabel('Dein Passwort').waitFor();
      await hydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/accounts-verify-${width}.png`, fullPage: true });
      await page.getByLabel('Dein Passwort').fill(PASSWORD);
      await submit(page, 'E-Mail-Adresse bestätigen');
      await page.getByText('Axe Test (Reiterin / Reiter)').waitFor();
      await hydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/accounts-konto-verified-${width}.png`, fullPage: true });
    });
  });
});
