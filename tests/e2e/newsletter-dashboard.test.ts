// The Newsletter tab of the team dashboard in Chromium, against the built server on PostgreSQL with
// a real SMTP server: every newsletter with its audience, recipients, problems and state at phone
// and desktop width (nothing scrolls sideways, axe finds nothing serious), the preview in a
// sandboxed frame, a test to the member's own address, the confirmation that names the number and
// the audience (Escape sends nothing; a changed audience asks again with the new number), the bar
// moving to the end as the mails go out, pause and resume, and a reviewer who cannot send. Signups
// are written straight into the server's database, as the popup and the confirmation leave them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { schema } from '~/server/db/db.server';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { TEST_TEAM_CODE } from '../support/codes';
import { pageProblems, useBrowserHarnessOnPostgres } from '../support/e2e';
import { contentWith } from '../support/newsletters';
import { TEST_DATABASE_URL, requireOrSkip } from '../support/requirements';
import { newTeamMember, teamOwner, tokenFor } from '../support/team-client';
import { until } from '../support/until';

const postgres = () =>
  requireOrSkip(
    'postgres',
    Boolean(TEST_DATABASE_URL),
    'set TEST_DATABASE_URL to run the newsletter tab in the browser',
  );
/** Where the screenshots go (outside the repository). */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
/** Two mails a second: slow enough to watch the bar move and to pause midway. */
const RATE_PER_MINUTE = '120';

describe.runIf(browserAvailable() && postgres())('the Newsletter tab', () => {
  const { site, database } = useBrowserHarnessOnPostgres({
    smtp: true,
    env: () => ({ CONTENT_DIR: contentWith(), NEWSLETTER_RATE_PER_MINUTE: RATE_PER_MINUTE }),
  });

  /** Confirmed signups of one type (each its own address). */
  async function readers(count: number, userType: 'reiter' | 'trainer') {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      userType,
      name: `${userType} ${i}`,
      email: `${userType}-${randomUUID().slice(0, 8)}@example.org`,
      newsletterOptIn: true,
      newsletterConfirmedAt: new Date(),
    }));
    await database().db.insert(schema.signups).values(rows);
    return rows;
  }

  async function unlock(page: Page) {
    await page.getByLabel('Access code').fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Application Dashboard', level: 1 }).waitFor();
  }
  /** The dashboard's Newsletter tab, as the server's owner (or the member whose cookies are given). */
  async function openTab({ width = 1280, cookies }: { width?: number; cookies?: Map<string, string> } = {}) {
    let page: Page;
    if (cookies) {
      const context = await site.newContext({ viewport: { width, height: 900 } });
      await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: site.url })));
      page = await context.newPage();
      await page.goto(`${site.url}/teamdashboard?view=newsletter`);
    } else {
      page = await site.openAsTeamMember('/teamdashboard?view=newsletter', { viewport: { width, height: 900 } });
    }
    page.setDefaultTimeout(15_000);
    await unlock(page);
    await page.getByRole('heading', { name: 'Newsletters', level: 2 }).waitFor();
    await card(page, 'nl-alle').waitFor();
    return page;
  }
  const card = (page: Page, id: string) => page.getByRole('article', { name: `Neues aus dem Stall (${id})` });
  const announced = (page: Page) => page.locator('.dash-nl').getByRole('status');
  const sideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const progress = (page: Page, id: string) =>
    card(page, id)
      .getByRole('progressbar')
      .evaluate((bar: HTMLProgressElement) => ({ value: bar.value, max: bar.max }));

  test('each newsletter with its audience, recipients now and state; one that cannot be sent says why', async () => {
    await readers(3, 'reiter');
    await readers(2, 'trainer');
    const page = await openTab();
    const alle = card(page, 'nl-alle');
    await alle.getByText('Everyone (riders and trainers)').waitFor();
    await alle.getByText('5 now').waitFor();
    await alle.getByText('Ready to send').waitFor();
    await card(page, 'nl-reiter').getByText('3 now').waitFor();
    await card(page, 'nl-trainer').getByText('2 now').waitFor();
    expect(await alle.getByRole('button', { name: 'Send to 5 recipients…' }).count()).toBe(1);

    const long = page.getByRole('article', { name: /^Ein viel zu langer Betreff/ });
    await long.getByText('Cannot be sent', { exact: true }).waitFor();
    await long.getByText(/^Betreff: Der Betreff ist \d+ Zeichen lang/).waitFor();
    expect(await long.getByRole('button', { name: /^Send/ }).count()).toBe(0);
    const javascript = card(page, 'nl-javascript');
    await javascript.getByText(/javascript:alert/).waitFor();
    expect(await javascript.getByRole('button', { name: 'Send a test to me' }).count()).toBe(0);
  });

  test('a test goes to the member’s own address; the page says so, and the focus stays on the button', async () => {
    const owner = await teamOwner(site.url);
    const page = await openTab();
    const button = card(page, 'nl-alle').getByRole('button', { name: 'Send a test to me' });
    await button.focus();
    await page.keyboard.press('Enter');
    await announced(page)
      .getByText(`A test of “Neues aus dem Stall (nl-alle)” is on its way to ${owner.email}.`)
      .waitFor();
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    const mail = await site.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.startsWith('[Test]'));
    expect(mail.subject).toBe('[Test] Neues aus dem Stall (nl-alle)');
    expect(site.smtp.mails.filter((m) => m.subject.includes('(nl-alle)')).map((m) => m.to)).toEqual([[owner.email]]);
  });

  test('the preview: the mail in a sandboxed frame that runs no script, its plain text beside it', async () => {
    const page = await openTab();
    const problems = pageProblems(page);
    const alle = card(page, 'nl-alle');
    const toggle = alle.getByRole('button', { name: 'Preview' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const frame = alle.locator('iframe');
    await frame.waitFor();
    const sandbox = (await frame.getAttribute('sandbox'))!.split(/\s+/);
    expect(sandbox).not.toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-top-navigation');
    expect(await frame.getAttribute('srcdoc')).toContain('Hallo und schön, dass du dabei bist!');
    expect(await frame.getAttribute('title')).toMatch(/Neues aus dem Stall \(nl-alle\)/);
    // The team's CSP lets the frame show the mail (srcdoc inherits it).
    await page.frameLocator('.dash-nl__frame').getByText('Hallo und schön, dass du dabei bist!').waitFor();
    // Scripts are off in it: a script put into the frame's document does not run.
    const ran = await frame.evaluate((element: HTMLIFrameElement) => {
      const doc = element.contentDocument!;
      const script = doc.createElement('script');
      script.textContent = 'document.body.dataset.ran = "yes"';
      doc.body.append(script);
      return doc.body.dataset.ran ?? 'no';
    });
    expect(ran).toBe('no');
    await alle.getByText('The plain-text part').click();
    await alle.locator('pre').getByText('Hallo und schön, dass du dabei bist!').waitFor();
    expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
  });

  test('the confirmation names the number and the audience; Escape closes it, sends nothing and gives the focus back', async () => {
    const page = await openTab();
    const send = card(page, 'nl-zweite').getByRole('button', { name: /^Send to \d+ recipients…$/ });
    const label = (await send.textContent())!;
    const count = Number(/\d+/.exec(label)![0]);
    await send.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await dialog.waitFor();
    await dialog
      .getByText(`“Neues aus dem Stall (nl-zweite)” goes to ${count} recipients (Everyone (riders and trainers))`, {
        exact: false,
      })
      .waitFor();
    // The focus is in the dialog, on Cancel; Tab stays in it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Send to ${count} recipients`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await send.evaluate((b) => b === document.activeElement)).toBe(true);
    await card(page, 'nl-zweite').getByText('Ready to send').waitFor();
    const [row] = await database().db.select().from(schema.newsletterSends).where(eqId('nl-zweite'));
    expect(row).toBeUndefined();
  });

  test('a changed audience: the dialog shows the new number and asks again; then the bar moves to the end', async () => {
    const page = await openTab();
    const riders = await database().db.select().from(schema.signups);
    const before = riders.filter((s) => s.userType === 'reiter').length;
    const reiter = card(page, 'nl-reiter');
    await reiter.getByRole('button', { name: `Send to ${before} recipients…` }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await dialog.getByText(`goes to ${before} recipients (Riders)`, { exact: false }).waitFor();
    // Meanwhile more riders confirm.
    await readers(12 - before, 'reiter');
    await dialog.getByRole('button', { name: `Send to ${before} recipients` }).click();
    await dialog
      .getByRole('alert')
      .getByText(`The audience changed since you looked: 12 instead of ${before}. Send to 12?`)
      .waitFor();
    await dialog.getByText('goes to 12 recipients (Riders)', { exact: false }).waitFor();
    // The card behind it says the new number too.
    await reiter.getByText('12 now').waitFor();
    expect(await database().db.select().from(schema.newsletterSends).where(eqId('nl-reiter'))).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'newsletter-dialog-changed-1280.png') });

    await dialog.getByRole('button', { name: 'Send to 12 recipients' }).click();
    await dialog.waitFor({ state: 'detached' });
    await announced(page)
      .getByText('Sending “Neues aus dem Stall (nl-reiter)” to 12 recipients.', { exact: false })
      .waitFor();
    // The focus is on the card, whose bar now moves.
    expect(await reiter.evaluate((a) => a === document.activeElement)).toBe(true);
    await reiter.getByText(/^Sending \(started \d\d\.\d\d\.\d{4} by Olivia Owner\)$/).waitFor();
    const seen: number[] = [];
    await until(
      async () => {
        const { value, max } = await progress(page, 'nl-reiter');
        expect(max).toBe(12);
        if (seen.at(-1) !== value) seen.push(value);
        if (value > 0 && value < 12 && seen.filter((v) => v > 0 && v < 12).length === 1)
          await reiter.screenshot({ path: path.join(SHOTS, 'newsletter-progress-1280.png') });
        return value === 12;
      },
      'the bar at 12 of 12',
      { intervalMs: 200 },
    );
    // It moved: at least one value between nothing and everything was shown.
    expect(
      seen.some((v) => v > 0 && v < 12),
      `values shown: ${seen.join(', ')}`,
    ).toBe(true);
    await reiter.getByText(/^Sent on \d\d\.\d\d\.\d{4} by Olivia Owner$/).waitFor();
    await reiter.getByText('12 sent · 0 failed · of 12').waitFor();
    await announced(page).getByText('“Neues aus dem Stall (nl-reiter)” has gone out: 12 sent, 0 failed.').waitFor();
    expect(site.smtp.mails.filter((m) => m.subject === 'Neues aus dem Stall (nl-reiter)')).toHaveLength(12);
  });

  test('pause stops the mails (the focus goes to Resume); resume goes on to the end', async () => {
    await readers(10, 'trainer');
    const page = await openTab();
    const trainer = card(page, 'nl-trainer');
    await trainer.getByRole('button', { name: 'Send to 12 recipients…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send to 12 recipients' }).click();
    const mails = () => site.smtp.mails.filter((m) => m.subject === 'Neues aus dem Stall (nl-trainer)').length;
    await until(() => mails() >= 2, 'two mails out');
    await trainer.getByRole('button', { name: 'Pause' }).click();
    await announced(page).getByText('Paused “Neues aus dem Stall (nl-trainer)”.', { exact: false }).waitFor();
    const resume = trainer.getByRole('button', { name: 'Resume' });
    await resume.waitFor();
    await until(() => resume.evaluate((b) => b === document.activeElement), 'the focus on Resume', { timeoutMs: 5000 });
    await trainer.getByText(/^Paused: nothing goes out until it is resumed/).waitFor();
    // A mail already handed on may still land; after that, nothing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const whenPaused = mails();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(mails()).toBe(whenPaused);
    expect(whenPaused).toBeLessThan(12);
    expect((await progress(page, 'nl-trainer')).value).toBe(whenPaused);

    await resume.click();
    await announced(page).getByText('Resumed “Neues aus dem Stall (nl-trainer)”.').waitFor();
    const pause = trainer.getByRole('button', { name: 'Pause' });
    await until(() => pause.evaluate((b) => b === document.activeElement), 'the focus on Pause', { timeoutMs: 5000 });
    await trainer.getByText(/^Sent on /).waitFor({ timeout: 30_000 });
    expect(mails()).toBe(12);
    expect(await progress(page, 'nl-trainer')).toEqual({ value: 12, max: 12 });
  });

  test('a reviewer sees no Send, Pause or Resume; the API answers their send 403', async () => {
    const rita = await newTeamMember(site.url);
    const page = await openTab({ cookies: rita.cookies });
    await card(page, 'nl-zweite').getByRole('button', { name: 'Send a test to me' }).waitFor();
    expect(await page.getByRole('button', { name: /^Send to/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Pause|Resume)$/ }).count()).toBe(0);
    const token = await tokenFor(site.url, rita);
    for (const which of ['send', 'pause', 'resume']) {
      const res = await fetch(`${site.url}/api/newsletters/nl-zweite/${which}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: which === 'send' ? JSON.stringify({ expect: 1 }) : '',
      });
      expect(res.status, which).toBe(403);
    }
  });

  describe.each([320, 375, 414, 1280])('at %d px', (width) => {
    test(
      'nothing scrolls sideways, with the preview open too; axe finds nothing serious; screenshots',
      { timeout: 120_000 },
      async () => {
        const page = await openTab({ width });
        await card(page, 'nl-reiter')
          .getByText(/^Sent on /)
          .waitFor();
        expect(await sideways(page)).toBe(0);
        if (width === 375 || width === 1280)
          await page.screenshot({ path: path.join(SHOTS, `newsletter-tab-${width}.png`), fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        await card(page, 'nl-alle').getByRole('button', { name: 'Preview' }).click();
        await page.frameLocator('.dash-nl__frame').getByText('Hallo und schön, dass du dabei bist!').waitFor();
        expect(await sideways(page)).toBe(0);
        if (width === 375 || width === 1280) {
          await card(page, 'nl-alle').screenshot({ path: path.join(SHOTS, `newsletter-preview-${width}.png`) });
          await card(page, 'nl-zweite')
            .getByRole('button', { name: /^Send to/ })
            .click();
          await page.getByRole('dialog').waitFor();
          await page.screenshot({ path: path.join(SHOTS, `newsletter-dialog-${width}.png`) });
          // The mail's frame runs no script, so axe cannot look into it (the mail's HTML has tests of its own).
          expect(await seriousViolations(page, ['.dash-nl__frame'])).toEqual([]);
        }
      },
    );
  });
});

const eqId = (id: string) => eq(schema.newsletterSends.newsletterId, id);
