// Reviewing applications in Chromium against the built server (PGlite) and a real SMTP server, as
// the team's working day meets it: the launch line (owners only, its list behind a disclosure), the
// Activity view naming the application and an undo and leading to the card, the bar of the last
// decision lying over the page (the clicked card stays put), the focus after each action and what a
// screen reader hears after an undo, the mail read before it goes, the question before a decision
// that contradicts a mail the applicant got, the page's languages, the title per view and the
// keyboard hint only where there is a keyboard.
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { fileApplication, openDashboard, unlockDashboard, viewLoaded } from '../support/dashboard';
import { hydrated, useBrowserHarness } from '../support/e2e';
import { newTeamMember, teamToken } from '../support/team-client';

const DELAY_S = 5;

describe.runIf(browserAvailable())('reviewing applications on the dashboard', () => {
  const site = useBrowserHarness({
    smtp: true,
    env: { DECISION_MAIL_DELAY_S: String(DELAY_S), TEAM_NOTIFY_EMAIL: 'team@bewegung.test' },
  });
  const open = (width = 1280, options: Parameters<typeof openDashboard>[1] = {}) =>
    openDashboard(site, { viewport: { width, height: width < 500 ? 740 : 800 }, timeout: 15_000, ...options });
  const card = (page: Page, name: string) => page.getByRole('article', { name });
  /** The accessible name of the focused element's card, or what is focused instead. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement;
      const article = active?.closest('article');
      if (article) return `card ${article.querySelector('h3')?.textContent} (${active!.tagName.toLowerCase()})`;
      return active?.tagName.toLowerCase() ?? 'nothing';
    });
  const statusOf = (page: Page, name: string, status: string) =>
    card(page, name).locator('.dash-status').filter({ hasText: status }).waitFor();
  const patch = async (id: string, status: string) => {
    const res = await fetch(`${site.url}/api/applications/${id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${await teamToken(site.url)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    expect(res.status).toBe(200);
  };

  test('the launch line: one line at the top for owners, the list behind a disclosure; reviewers see none', async () => {
    const page = await open(1280);
    const line = page.getByRole('complementary', { name: /Not ready to launch/ });
    await line.waitFor();
    const heading = page.getByRole('heading', { name: 'Application Dashboard', level: 1 });
    const [box, headingBox] = await Promise.all([line.boundingBox(), heading.boundingBox()]);
    // One line above the heading, not most of the first screen.
    expect(box!.height).toBeLessThanOrEqual(56);
    expect(box!.y + box!.height).toBeLessThanOrEqual(headingBox!.y);
    expect(await line.getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent())).toMatch(
      /^Not ready to launch: \d+ placeholders left$/,
    );
    const toggle = line.locator('summary');
    const list = line.locator('ul');
    expect(await list.isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await list.waitFor();
    // Named as the German Studio names the fields (and read as German).
    const where = line.locator('li strong[lang="de"]');
    expect(await where.allTextContents()).toEqual(
      expect.arrayContaining([
        'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Reiterclub“ › Einladungslink',
        'Website-Einstellungen › Betreiberin (Impressum) › PLZ',
        'Website-Einstellungen › Instagram (Über mich) › Profil-Adresse',
      ]),
    );
    expect(await line.textContent()).not.toMatch(/Site settings|Imprint \(operator\)/);
    expect(await seriousViolations(page)).toEqual([]);

    // A phone: still a line or two, not a screenful.
    const phone = await open(375);
    const phoneLine = phone.getByRole('complementary', { name: /Not ready to launch/ });
    await phoneLine.waitFor();
    expect((await phoneLine.boundingBox())!.height).toBeLessThanOrEqual(80);

    // A reviewer cannot change the content: no line, and the page does not even ask.
    const asked: string[] = [];
    const reviewer = await newTeamMember(site.url, { name: 'Rita Reviewer' });
    const context = await site.newContext({ viewport: { width: 1280, height: 800 } });
    context.on('request', (r: Request) => void (r.url().includes('/api/launch-readiness') && asked.push(r.url())));
    await context.addCookies([...reviewer.cookies].map(([name, value]) => ({ name, value, url: site.url })));
    const reviewerPage = await context.newPage();
    await reviewerPage.goto(`${site.url}/teamdashboard`);
    await hydrated(reviewerPage);
    await unlockDashboard(reviewerPage);
    await viewLoaded(reviewerPage);
    await reviewerPage.waitForTimeout(500);
    expect(await reviewerPage.getByRole('complementary', { name: /Not ready to launch/ }).count()).toBe(0);
    expect(asked).toEqual([]);
  });

  test('the Activity view names the application, says when a change was an undo, and leads to its card', async () => {
    const ida = await fileApplication(site.url, 'Ida Igel');
    await patch(ida.id, 'approved');
    await patch(ida.id, 'pending');
    const page = await open(1280, { path: '/teamdashboard?view=activity' });
    await viewLoaded(page);
    const undo = page.locator('tr').filter({ hasText: 'Undid a decision' }).first();
    expect((await undo.locator('td').allTextContents()).slice(2)).toEqual([
      'Undid a decision',
      'Ida Igel: approved → pending (undone: no mail went out)',
    ]);
    const approval = page.locator('tr').filter({ hasText: 'pending → approved' }).first();
    expect(await approval.locator('td').nth(3).textContent()).toBe('Ida Igel: pending → approved');
    // No application's id anywhere in the table.
    expect(await page.locator('table').textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(await page.locator('table').textContent()).not.toContain(ida.id);

    await undo.getByRole('link', { name: 'Ida Igel' }).click();
    await page.waitForFunction(() => document.activeElement?.closest('article'));
    expect(await focused(page)).toBe('card Ida Igel (article)');
    expect(new URL(page.url()).searchParams.get('view')).toBeNull();
    expect(await page.getByRole('button', { name: 'Applications', pressed: true }).count()).toBe(1);
    expect(await card(page, 'Ida Igel').isVisible()).toBe(true);
  });

  test.each([1280, 375])(
    'at %d px the bar of the last decision does not move the card that was clicked',
    async (width) => {
      const name = `Karla Kamm ${width}`;
      await fileApplication(site.url, name);
      const page = await open(width);
      const clicked = card(page, name);
      await clicked.waitFor();
      await clicked.scrollIntoViewIfNeeded();
      const before = await clicked.boundingBox();
      await clicked.getByRole('button', { name: 'Approve', exact: true }).click();
      const bar = page.locator('.dash-undo');
      await bar.waitFor();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const after = await clicked.boundingBox();
      expect(after!.y).toBeCloseTo(before!.y, 0);
      // The bar lies over the foot of the window, wholly inside it.
      const barBox = await bar.boundingBox();
      expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      expect(await page.getByRole('region', { name: 'Your last decision' }).count()).toBe(1);
      await bar.getByRole('button', { name: `Undo the decision on ${name}` }).click();
      await bar.waitFor({ state: 'detached' });
    },
  );

  test('after Approve, Reject, Pending and Undo the focus stays on the card; an undo is announced as sending nothing', async () => {
    await fileApplication(site.url, 'Lotte Longe');
    const page = await open(1280);
    const lotte = card(page, 'Lotte Longe');
    await lotte.getByRole('button', { name: 'Approve', exact: true }).click();
    await statusOf(page, 'Lotte Longe', 'approved');
    await page.waitForFunction(() => document.activeElement?.tagName === 'ARTICLE');
    expect(await focused(page)).toBe('card Lotte Longe (article)');
    // The card's own Undo: the focus stays with the card, and the live region says no mail goes.
    await lotte.getByRole('button', { name: 'Undo the decision on Lotte Longe' }).click();
    await statusOf(page, 'Lotte Longe', 'pending');
    const live = page.locator('p[role="status"].visually-hidden');
    await expect.poll(() => live.textContent()).toBe('Undone: Lotte Longe is pending again. No mail goes out.');
    await page.waitForFunction(() => document.activeElement?.tagName === 'ARTICLE');
    expect(await focused(page)).toBe('card Lotte Longe (article)');

    await lotte.getByRole('button', { name: 'Reject', exact: true }).click();
    await statusOf(page, 'Lotte Longe', 'rejected');
    await page.waitForFunction(() => document.activeElement?.tagName === 'ARTICLE');
    expect(await focused(page)).toBe('card Lotte Longe (article)');
    await lotte.getByRole('button', { name: 'Pending', exact: true }).click();
    await statusOf(page, 'Lotte Longe', 'pending');
    await page.waitForFunction(() => document.activeElement?.tagName === 'ARTICLE');
    expect(await focused(page)).toBe('card Lotte Longe (article)');

    // The bar's Undo, with the card filtered out meanwhile: the focus goes to the card once it is back.
    await lotte.getByRole('button', { name: 'Approve', exact: true }).click();
    await statusOf(page, 'Lotte Longe', 'approved');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await lotte.waitFor({ state: 'detached' });
    const bar = page.getByRole('region', { name: 'Your last decision' });
    await bar.getByRole('button', { name: 'Undo the decision on Lotte Longe' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'ARTICLE');
    expect(await focused(page)).toBe('card Lotte Longe (article)');
    await expect.poll(() => live.textContent()).toBe('Undone: Lotte Longe is pending again. No mail goes out.');
  });

  test('the mail is there to read before it goes, on the card and in the bar, as it is sent', async () => {
    const mira = await fileApplication(site.url, 'Mira Mähne', { type: 'Business Partner' });
    const page = await open(1280);
    const miraCard = card(page, 'Mira Mähne');
    // Before a decision: both mails, as they would go out now.
    const both = miraCard.getByRole('button', { name: 'Read the mails before deciding' });
    expect(await both.getAttribute('aria-expanded')).toBe('false');
    await both.click();
    expect(await both.getAttribute('aria-expanded')).toBe('true');
    const mails = miraCard.locator('.dash-mail');
    await mails.nth(1).waitFor();
    expect(await mails.locator('.dash-mail__subject').allTextContents()).toEqual([
      'Auf gute Zusammenarbeit, Mira!',
      'Deine Anfrage als Business-Partner',
    ]);
    expect(await mails.nth(0).locator('dd').nth(1).textContent()).toBe('team@bewegung.test');
    expect(await mails.locator('.dash-mail__text').first().getAttribute('lang')).toBe('de');
    await both.click();

    // After the decision, in the bar: the mail that waits.
    await miraCard.getByRole('button', { name: 'Approve', exact: true }).click();
    const bar = page.getByRole('region', { name: 'Your last decision' });
    await bar.getByRole('button', { name: 'Read the mail' }).click();
    const shown = bar.locator('.dash-mail');
    await shown.waitFor();
    const subject = await shown.locator('.dash-mail__subject').textContent();
    const text = await shown.locator('.dash-mail__text').textContent();
    expect(text).toContain('Olivia Owner');
    expect(await seriousViolations(page)).toEqual([]);
    const sent = await site.smtp.waitFor((m) => m.to.includes(mira.email) && m.subject === subject, 20_000);
    expect(sent.text.replace(/\r\n/g, '\n').trim()).toBe(text);
    expect(sent.headers['reply-to']).toBe('team@bewegung.test');
  });

  test('a decision that contradicts the mail the applicant got asks first, and says what they were told and when', async () => {
    await fileApplication(site.url, 'Nora Nüster');
    const page = await open(1280);
    const nora = card(page, 'Nora Nüster');
    await nora.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => nora.locator('.dash-card__mail').textContent(), { timeout: (DELAY_S + 15) * 1000 })
      .toMatch(/^Mail sent \d\d:\d\d$/);
    const sentAt = (await nora.locator('.dash-card__mail').textContent())!.slice(-5);
    const patches: unknown[] = [];
    page.on('request', (r) => void (r.method() === 'PATCH' && patches.push(r.postDataJSON())));

    const dialog = page.getByRole('dialog', { name: 'Nora Nüster was told “approved” by mail' });
    const reject = nora.getByRole('button', { name: 'Reject', exact: true });
    await reject.click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`The approval mail went out ${sentAt}.`);
    expect(await dialog.textContent()).toContain('Deciding otherwise now sends a rejection mail as well');
    expect(await seriousViolations(page)).toEqual([]);
    // Cancel (it has the focus): nothing changes, and the focus is back on the button.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reject');
    // The r key asks too; Escape keeps the status.
    await nora.focus();
    await page.keyboard.press('r');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(patches).toEqual([]);
    await statusOf(page, 'Nora Nüster', 'approved');

    await reject.click();
    await dialog.getByRole('button', { name: 'Reject anyway' }).click();
    await statusOf(page, 'Nora Nüster', 'rejected');
    expect(patches).toHaveLength(1);
    expect(await nora.locator('.dash-card__mail').textContent()).toMatch(/^Mail in 0:0\d · Undo$/);
  });

  test('English inside the German document: the sign-in, the gate and the dashboard say so; applicant data and mails are German', async () => {
    const langOf = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => el.closest('[lang]')?.getAttribute('lang'));
    const signIn = await site.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn.goto(`${site.url}/teamdashboard`);
    await hydrated(signIn);
    expect(await signIn.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await langOf(signIn, 'button[type="submit"]')).toBe('en');

    const gate = await site.openAsTeamMember('/teamdashboard', { viewport: { width: 1280, height: 800 } });
    expect(await langOf(gate, 'button[type="submit"]')).toBe('en');

    await fileApplication(site.url, 'Otto Öhler', { message: 'Ich reite seit zwölf Jahren.' });
    const page = await open(1280);
    const otto = card(page, 'Otto Öhler');
    expect(
      await otto
        .getByRole('button', { name: 'Approve', exact: true })
        .evaluate((el) => el.closest('[lang]')?.getAttribute('lang')),
    ).toBe('en');
    expect(await otto.locator('h3').evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('de');
    expect(
      await otto.getByText('Ich reite seit zwölf Jahren.').evaluate((el) => el.closest('[lang]')?.getAttribute('lang')),
    ).toBe('de');
  });

  test('the title names the view', async () => {
    const page = await open(1280);
    expect(await page.title()).toMatch(/^Applications · Application Dashboard \| /);
    await page.getByRole('button', { name: 'Signups' }).click();
    await page.waitForFunction(() => document.title.startsWith('Signups · '));
    await page.getByRole('button', { name: 'Community' }).click();
    await page.waitForFunction(() => document.title.startsWith('Community · Application Dashboard'));
  });

  test('the keyboard hint shows with a mouse at desktop width, not on a phone nor on a touch screen', async () => {
    const hint = (page: Page) => page.getByText('Keyboard: j / k').isVisible();
    expect(await hint(await open(1280))).toBe(true);
    expect(await hint(await open(375))).toBe(false);
    const tablet = await open(1024, { hasTouch: true, isMobile: true });
    expect(await tablet.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(true);
    expect(await hint(tablet)).toBe(false);
  });
});
