// The reader's newsletter on /konto in Chromium, with JavaScript and without, against the built
// server and a real SMTP server: a verified account sees each signup's newsletter (subscribed since
// its confirmation), unsubscribes (the answer is said in the signups' card, the state changes), and
// subscribes again: a new confirmation mail, "not confirmed yet" until its button is pressed, then
// subscribed again. The keyboard alone does it; axe finds nothing serious at phone and desktop
// width, nothing scrolls sideways.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { KONTO_COPY } from '~/copy/account';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { hydrated, useBrowserHarness } from '../support/e2e';
import { postForm } from '../support/team-client';

const PASSWORD = 'pferd-und-reiter-2026';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const CONFIRMATION = 'Bitte bestätige deine Newsletter-Anmeldung';

describe.runIf(browserAvailable())('the newsletter on /konto', () => {
  const site = useBrowserHarness({ smtp: true, env: { AUTH_RATE_LIMIT: '1000' } });

  /** The path and query of the newest mail's link to `to` that contains `part`, after `after` mails to it. */
  async function linkIn(to: string, subject: string, part: string, after = 0) {
    await site.smtp.waitFor(
      (m) =>
        m.to.includes(to) &&
        m.subject === subject &&
        site.smtp.mailsTo(to).filter((x) => x.subject === subject).length > after,
    );
    const mail = site.smtp
      .mailsTo(to)
      .filter((m) => m.subject === subject)
      .at(-1)!;
    const link = new URL(mail.links.find((l) => l.includes(part))!);
    return `${link.pathname}${link.search}`;
  }

  /**
   * An account with a verified address and a signup of that address whose newsletter is confirmed
   * (over HTTP, as the browser would: those steps have tests of their own); its session cookies.
   */
  async function reader(name: string) {
    const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const json = { 'Content-Type': 'application/json', Origin: site.url };
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD, name: '' }),
    });
    expect(signUp.status).toBe(200);
    const cookies = new Map<string, string>();
    const verify = await linkIn(email, 'Bitte bestätige deine E-Mail-Adresse', '/konto/bestaetigen');
    const verified = await postForm(
      site.url,
      verify,
      { token: new URLSearchParams(verify.split('?')[1]).get('token')!, password: PASSWORD },
      cookies,
    );
    expect(verified.status).toBe(303);
    const signup = await fetch(`${site.url}/api/signups`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ userType: 'reiter', name: 'Lea Leserin', email, newsletterOptIn: true }),
    });
    expect(signup.status).toBe(201);
    await confirm(email);
    return { email, cookies };
  }
  /** Presses the button of the newest confirmation mail (the page's form, as a browser posts it). */
  async function confirm(email: string, after = 0) {
    const link = await linkIn(email, CONFIRMATION, '/newsletter/bestaetigen', after);
    const answer = await postForm(
      site.url,
      link,
      { token: new URLSearchParams(link.split('?')[1]).get('token')! },
      new Map(),
    );
    expect(answer.status).toBe(200);
  }
  async function openKonto(cookies: Map<string, string>, { js = true, width = 1280 } = {}) {
    const context = await site.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: site.url })));
    const page = await context.newPage();
    await page.goto(`${site.url}/konto`);
    if (js) await hydrated(page);
    await page.getByRole('heading', { name: 'Mein Konto', level: 1 }).waitFor();
    return page;
  }
  const signups = (page: Page) => page.getByRole('region', { name: 'Deine Anmeldungen zur WhatsApp-Gruppe' });
  const today = () =>
    new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(),
    );

  for (const js of [true, false]) {
    test(`${js ? 'with' : 'without'} JavaScript: unsubscribe, then subscribe again with a new confirmation`, async () => {
      const { email, cookies } = await reader(`konto-${js}`);
      const page = await openKonto(cookies, { js });
      const card = signups(page);
      await card.getByText(`Newsletter: abonniert seit ${today()}`).waitFor();

      const unsubscribe = card.getByRole('button', { name: KONTO_COPY.newsletterUnsubscribe });
      await unsubscribe.focus();
      await page.keyboard.press('Enter');
      await card.getByRole('status').getByText(KONTO_COPY.newsletterUnsubscribed).waitFor();
      await card.getByText(`Newsletter: abgemeldet am ${today()}`).waitFor();
      if (js) expect(await page.evaluate(() => document.activeElement?.className)).toBe('account-card__notice');
      else expect(new URL(page.url()).hash).toBe('#konto-signups');

      const mailsBefore = site.smtp.mailsTo(email).filter((m) => m.subject === CONFIRMATION).length;
      const again = card.getByRole('button', { name: KONTO_COPY.newsletterResubscribe });
      // Its accessible description names the signup it is for.
      expect(await again.getAttribute('aria-describedby')).toMatch(/^konto-signup-/);
      await again.focus();
      await page.keyboard.press('Enter');
      await card.getByRole('status').getByText(KONTO_COPY.newsletterResubscribed).waitFor();
      await card.getByText('Newsletter: noch nicht bestätigt', { exact: false }).waitFor();
      await card.getByRole('button', { name: KONTO_COPY.newsletterUnsubscribe }).waitFor();

      // A new double opt-in: a confirmation mail, nothing else, and subscribed only after its button.
      await confirm(email, mailsBefore);
      expect(
        site.smtp
          .mailsTo(email)
          .filter((m) => m.subject !== CONFIRMATION)
          .map((m) => m.subject),
      ).toEqual(['Bitte bestätige deine E-Mail-Adresse']);
      await page.goto(`${site.url}/konto`);
      await signups(page).getByText(`Newsletter: abonniert seit ${today()}`).waitFor();
    });
  }

  describe.each([375, 1280])('at %d px', (width) => {
    test('axe finds nothing serious and nothing scrolls sideways, before and after an answer; screenshots', async () => {
      const { cookies } = await reader(`axe-${width}`);
      const page = await openKonto(cookies, { width });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await signups(page).getByRole('button', { name: KONTO_COPY.newsletterUnsubscribe }).click();
      await signups(page).getByRole('button', { name: KONTO_COPY.newsletterResubscribe }).waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await signups(page).screenshot({ path: path.join(SHOTS, `konto-newsletter-${width}.png`) });
    });
  });
});
