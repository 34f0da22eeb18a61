// The newsletter confirmation link in Chromium, with JavaScript and without: opening the link (as a
// mail scanner does) confirms nothing; the page's button confirms.
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, test } from 'vitest';
import { browserAvailable } from '../support/browser';
import { hydrated, useBrowserHarness } from '../support/e2e';
import { storedSignups } from '../support/team-client';

type Stored = { email: string; newsletterConfirmedAt: string | null };

describe.runIf(browserAvailable())('newsletter confirmation in the browser', () => {
  const site = useBrowserHarness({ smtp: true });

  /** Signs up with the newsletter box ticked; the confirmation link on the test server's address. */
  async function confirmationLink() {
    const email = `leserin-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const res = await fetch(`${site.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userType: 'reiter', name: 'Lea Leserin', email, newsletterOptIn: true }),
    });
    expect(res.status).toBe(201);
    const mail = await site.smtp.waitFor((m) => m.to.includes(email));
    const link = new URL(mail.links.find((l) => l.includes('/newsletter/bestaetigen'))!);
    return { email, link: `${site.url}${link.pathname}${link.search}` };
  }
  const confirmedAt = async (email: string) =>
    (await storedSignups<Stored>(site.url)).find((s) => s.email === email)?.newsletterConfirmedAt ?? null;

  for (const js of [false, true]) {
    test(`${js ? 'with' : 'without'} JavaScript: the link shows a button, only the button confirms`, async () => {
      const { email, link } = await confirmationLink();
      // A scanner's plain GET changes nothing.
      expect((await fetch(link)).status).toBe(200);
      const page = await site.newPage({ javaScriptEnabled: js, viewport: { width: 375, height: 800 } });
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
    });
  }
});
