// The newsletter confirmation link in Chromium, with JavaScript and without: opening the link (as a
// mail scanner does) confirms nothing; the page's button confirms.
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserAvailable, launchBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { storedSignups } from '../support/team-client';
import { hydrated } from './landing.support';

type Stored = { email: string; newsletterConfirmedAt: string | null };

describe.runIf(browserAvailable())('newsletter confirmation in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: smtp.url } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  /** Signs up with the newsletter box ticked; the confirmation link on the test server's address. */
  async function confirmationLink() {
    const email = `leserin-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const res = await fetch(`${server.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userType: 'reiter', name: 'Lea Leserin', email, newsletterOptIn: true }),
    });
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const link = new URL(mail.links.find((l) => l.includes('/newsletter/bestaetigen'))!);
    return { email, link: `${server.url}${link.pathname}${link.search}` };
  }
  const confirmedAt = async (email: string) =>
    (await storedSignups<Stored>(server.url)).find((s) => s.email === email)?.newsletterConfirmedAt ?? null;

  for (const js of [false, true]) {
    test(`${js ? 'with' : 'without'} JavaScript: the link shows a button, only the button confirms`, async () => {
      const { email, link } = await confirmationLink();
      // A scanner's plain GET changes nothing.
      expect((await fetch(link)).status).toBe(200);
      const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 800 } });
      try {
        const page = await context.newPage();
        await page.goto(link);
        if (js) await hydrated(page);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Newsletter bestätigen');
        expect(await confirmedAt(email)).toBeNull();
        if (js) {
          // axe runs as a script in the page, so only where scripts may run.
          const axe = await new AxeBuilder({ page: page as never }).analyze();
          expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
        }

        await page.getByRole('button', { name: 'Ja, Newsletter bestätigen' }).click();
        await page.getByRole('heading', { name: 'Danke, du bist dabei!' }).waitFor();
        expect(await confirmedAt(email)).not.toBeNull();
      } finally {
        await context.close();
      }
    });
  }
});
