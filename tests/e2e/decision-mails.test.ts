// Decision mails through the built server and a real SMTP server. In Chromium: the card's "Mail in
// 0:04 · Undo", its undo (button and u key), "Mail sent 14:02", a mail the mail server refuses,
// the history, and axe. Over HTTP: one mail per decision with two server processes on one
// PostgreSQL (also for changes racing on both), a publish in the Studio (stand-in) changing the
// next mail whichever instance sends it, the applicant's /konto, and a mail waiting through a
// restart (PGlite) that goes out once.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationRecord, ApplicationStatus, HistoryEntry } from '~/lib/applications';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { TEST_TEAM_CODE } from '../support/codes';
import { useBrowserHarness, useServerPairOnPostgres } from '../support/e2e';
import { postgresAvailable } from '../support/postgres';
import { postRevalidate, standInEnv, startSanityStandIn, type SanityStandIn } from '../support/sanity-standin';
import { freshDataDir, startServer, type TestServer } from '../support/server';
import { smtpSink, type CapturedMail } from '../support/smtp';
import { fileApplication } from '../support/dashboard';
import { teamGet, teamToken } from '../support/team-client';
import { until } from '../support/until';

const DELAY_S = 4;

const apply = fileApplication;

async function patch(
  server: TestServer,
  token: string,
  id: string,
  body: { status: ApplicationStatus; version?: number },
) {
  const res = await fetch(`${server.url}/api/applications/${id}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`);
  return ((await res.json()) as { application: ApplicationRecord }).application;
}

const record = async (baseUrl: string, id: string) =>
  (await teamGet<{ applications: ApplicationRecord[] }>(baseUrl, '/api/applications')).applications.find(
    (a) => a.id === id,
  )!;

/** The decision mails (not the confirmation of the application) a server received for `email`. */
const isDecisionMail = (email: string) => (m: CapturedMail) =>
  m.to.includes(email) && (m.headers['message-id'] ?? '').startsWith('<decision-mail-');
const decisionMailsTo = (smtp: { mails: CapturedMail[] }, email: string) => smtp.mails.filter(isDecisionMail(email));

/** The mail as the report shows it: headers that matter and the text. */
const shown = (mail: CapturedMail) =>
  [`To: ${mail.to.join(', ')}`, `From: ${mail.headers.from}`, `Subject: ${mail.subject}`, '', mail.text.trim()].join(
    '\n',
  );

describe.runIf(browserAvailable())('decision mails on the dashboard (Chromium, one server on PGlite)', () => {
  const site = useBrowserHarness({
    smtp: { refuse: (to) => to.startsWith('unzustellbar') },
    env: { DECISION_MAIL_DELAY_S: String(DELAY_S) },
  });

  async function dashboard() {
    const page = await site.openAsTeamMember('/teamdashboard', {
      viewport: { width: 1280, height: 900 },
      timeout: 15_000,
    });
    await page.getByLabel('Access code').fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('combobox', { name: 'Type' }).waitFor();
    return page;
  }
  const card = (page: Page, name: string) => page.getByRole('article', { name });
  const mailLine = (page: Page, name: string) => card(page, name).locator('.dash-card__mail');

  test('Approve: "Mail in 0:04 · Undo", then "Mail sent 14:02", and one mail in the founder’s words', async () => {
    const anna = await apply(site.url, 'Anna Apfel');
    const page = await dashboard();
    await card(page, 'Anna Apfel').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => mailLine(page, 'Anna Apfel').textContent()).toMatch(/^Mail in 0:0[1-4] · Undo$/);
    expect(
      await card(page, 'Anna Apfel').getByRole('button', { name: 'Undo the decision on Anna Apfel' }).count(),
    ).toBe(1);
    // The screen reader hears it once, with the time it goes out.
    await page
      .getByRole('status')
      .filter({ hasText: /^Approved Anna Apfel\. The mail goes out at \d\d:\d\d/ })
      .waitFor();

    await expect
      .poll(() => mailLine(page, 'Anna Apfel').textContent(), { timeout: (DELAY_S + 10) * 1000 })
      .toMatch(/^Mail sent \d\d:\d\d$/);
    const mail = await site.smtp.waitFor(isDecisionMail(anna.email));
    expect(mail.subject).toBe('Deine Bewerbung: Wir freuen uns auf dich, Anna!');
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('Olivia Owner');
    expect(mail.raw).not.toContain('Private Nachricht');
    console.log(`\n--- approval mail as received by the SMTP server ---\n${shown(mail)}\n---`);

    // The history lists it under the status change.
    await card(page, 'Anna Apfel').getByRole('button', { name: 'History' }).click();
    await card(page, 'Anna Apfel').getByText('Approval mail sent').waitFor();
    await page.waitForTimeout(1500);
    expect(decisionMailsTo(site.smtp, anna.email)).toHaveLength(1);
  });

  test('Undo on the card within the delay: back to pending, and nothing is sent', async () => {
    const ben = await apply(site.url, 'Ben Berger');
    const page = await dashboard();
    await card(page, 'Ben Berger').getByRole('button', { name: 'Reject' }).click();
    await card(page, 'Ben Berger').getByRole('button', { name: 'Undo the decision on Ben Berger' }).click();
    await expect.poll(() => mailLine(page, 'Ben Berger').textContent()).toBe('No mail: the decision was undone');
    await card(page, 'Ben Berger').locator('.dash-status').getByText('pending').waitFor();
    await page.waitForTimeout((DELAY_S + 3) * 1000);
    expect(decisionMailsTo(site.smtp, ben.email)).toHaveLength(0);
    expect((await record(site.url, ben.id)).decisionMail).toMatchObject({ status: 'cancelled', decision: 'rejected' });
  });

  test('keyboard review: a, then u undoes it (the card had left the filtered view); r sends the rejection', async () => {
    const clara = await apply(site.url, 'Clara Castell');
    const page = await dashboard();
    // Only pending applications: a decided card leaves the view, and its undo stays at hand.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await card(page, 'Clara Castell').focus();
    await page.keyboard.press('a');
    await card(page, 'Clara Castell').waitFor({ state: 'detached' });
    const bar = page.getByRole('region', { name: 'Your last decision' });
    await expect
      .poll(() => bar.locator('.dash-undo__what').textContent())
      .toMatch(/^Approved Clara Castell · Mail in 0:0[1-4]$/);
    expect(await bar.locator('.dash-undo__actions').textContent()).toBe('Undo (u)');
    await page.keyboard.press('u');
    await card(page, 'Clara Castell').waitFor();
    await bar.waitFor({ state: 'detached' });

    await card(page, 'Clara Castell').focus();
    await page.keyboard.press('r');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('All');
    await expect
      .poll(() => mailLine(page, 'Clara Castell').textContent(), { timeout: (DELAY_S + 10) * 1000 })
      .toMatch(/^Mail sent \d\d:\d\d$/);
    const mails = decisionMailsTo(site.smtp, clara.email);
    expect(mails.map((m) => m.subject)).toEqual(['Deine Bewerbung bei Bewegungscoaching']);
    console.log(`\n--- rejection mail as received by the SMTP server ---\n${shown(mails[0]!)}\n---`);
  });

  test('a mail the mail server refuses shows on the card', async () => {
    await apply(site.url, 'Dora Dorn', { email: `unzustellbar-${randomUUID().slice(0, 8)}@example.org` });
    const page = await dashboard();
    await card(page, 'Dora Dorn').getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => mailLine(page, 'Dora Dorn').textContent(), { timeout: (DELAY_S + 10) * 1000 })
      .toMatch(/^Mail failed \d\d:\d\d · retrying$/);
  });

  test('the card with its countdown and undo has no serious accessibility violation', async () => {
    await apply(site.url, 'Emil Eich');
    const page = await dashboard();
    await card(page, 'Emil Eich').getByRole('button', { name: 'Approve' }).click();
    await page.locator('.dash-undo').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

const postgres = postgresAvailable();
describe.runIf(postgres)('decision mails with two server processes on one PostgreSQL', () => {
  const smtp = smtpSink();
  let standIn: SanityStandIn;
  const SECRET = 'webhook-secret-for-decision-mails';
  beforeAll(async () => {
    standIn = await startSanityStandIn();
  });
  afterAll(() => standIn?.close());
  const pair = useServerPairOnPostgres(() => ({
    SMTP_URL: smtp.url,
    DECISION_MAIL_DELAY_S: '2',
    ...standInEnv(standIn, SECRET),
  }));

  test('one mail per decision: decisions on both processes, and changes racing on both', async () => {
    const { a, b } = pair;
    const token = await teamToken(a.url);
    const people = await Promise.all(
      Array.from({ length: 10 }, (_, i) => apply(i % 2 ? a.url : b.url, `Person${i} Paar`)),
    );
    await Promise.all(
      people.map((p, i) => patch(i % 2 ? a : b, token, p.id, { status: i % 3 ? 'approved' : 'rejected' })),
    );
    // The same application decided on both at once: whichever change comes last is the one mailed.
    const raced = await apply(a.url, 'Rahel Rennen');
    await Promise.all([
      patch(a, token, raced.id, { status: 'approved' }),
      patch(b, token, raced.id, { status: 'rejected' }),
    ]);
    const all = [...people, raced];
    await until(() => all.every((p) => decisionMailsTo(smtp, p.email).length > 0), 'a mail to every applicant', {
      timeoutMs: 20_000,
    });
    // Both processes poll and sweep meanwhile; nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    for (const p of all) expect(decisionMailsTo(smtp, p.email), p.name).toHaveLength(1);
    const ids = all.map((p) => decisionMailsTo(smtp, p.email)[0]!.headers['message-id']);
    expect(new Set(ids).size).toBe(all.length);
    const final = await record(a.url, raced.id);
    expect(decisionMailsTo(smtp, raced.email)[0]!.subject).toBe(
      final.status === 'approved'
        ? 'Deine Bewerbung: Wir freuen uns auf dich, Rahel!'
        : 'Deine Bewerbung bei Bewegungscoaching',
    );
    expect(final.decisionMail).toMatchObject({ status: 'sent', decision: final.status });
    // Either process answers the same record.
    expect(await record(b.url, raced.id)).toEqual(final);
  });

  test('a publish in the Studio changes the next mail, whichever process sends it', async () => {
    const { a, b } = pair;
    const token = await teamToken(a.url);
    const mails = standIn.document('decisionMails')!;
    standIn.publish(
      {
        ...mails,
        approval: {
          _type: 'decisionMailText',
          subject: 'Frisch aus dem Studio: Willkommen, {vorname}!',
          body: 'Hallo {vorname},\n\nneu geschrieben im Studio.\n\n{teammitglied}',
        },
      },
      { live: false },
    );
    const synced = (server: TestServer) => server.output().split('Content sync (webhook)').length - 1;
    const before = [synced(a), synced(b)];
    const res = await postRevalidate(a.url, JSON.stringify({ _id: 'decisionMails', _type: 'decisionMails' }), SECRET);
    expect(res.status).toBe(200);
    await until(() => synced(a) > before[0]! && synced(b) > before[1]!, 'both processes to sync the content');
    for (const [server, name] of [
      [a, 'Fritz Frisch'],
      [b, 'Greta Grün'],
    ] as const) {
      const person = await apply(server.url, name);
      await patch(server, token, person.id, { status: 'approved' });
      const mail = await smtp.waitFor(isDecisionMail(person.email), 20_000);
      expect(mail.subject).toBe(`Frisch aus dem Studio: Willkommen, ${name.split(' ')[0]}!`);
      expect(mail.text).toContain('neu geschrieben im Studio.');
    }
  });

  test.runIf(browserAvailable())('the applicant’s /konto shows the decision and when the mail went out', async () => {
    const { a, databaseUrl } = pair;
    const email = `konto-${randomUUID().slice(0, 8)}@example.org`;
    const password = 'pferd-und-reiter-2026';
    const auth = (path: string, body: unknown) =>
      fetch(`${a.url}/api/auth${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: a.url },
        body: JSON.stringify(body),
      });
    expect((await auth('/sign-up/email', { email, password, name: '' })).status).toBe(200);
    // The verification link's work, done directly: the address is the applicant's.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('update auth_users set email_verified = true where email = $1', [email]);
    await client.end();
    const signedIn = await auth('/sign-in/email', { email, password });
    const cookie = signedIn.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]!;

    const person = await apply(a.url, 'Hanna Hof', { email });
    const token = await teamToken(a.url);
    await patch(a, token, person.id, { status: 'approved' });
    // While the team can still undo it (2 s here), the applicant sees no decision.
    const during = await (await fetch(`${a.url}/konto`, { headers: { Cookie: cookie } })).text();
    expect(during.replace(/<!-- -->/g, '')).toContain('<h3>Mentee: in Prüfung</h3>');
    const { launchBrowser } = await import('../support/browser');
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      const eq = cookie.indexOf('=');
      await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: a.url }]);
      const page = await context.newPage();
      await smtp.waitFor(isDecisionMail(email), 20_000);
      await until(async () => (await record(a.url, person.id)).decisionMail?.status === 'sent', 'the mail marked sent');
      await page.goto(`${a.url}/konto`);
      await page.getByRole('heading', { name: 'Mentee: angenommen' }).waitFor();
      const told = await page
        .getByText(
          /^Die Entscheidung \(„angenommen“\) haben wir dir per E-Mail geschickt am \d\d\.\d\d\.\d{4} um \d\d:\d\d Uhr\.$/,
        )
        .textContent();
      expect(told).toBeTruthy();
      expect(await page.locator('.account-history').textContent()).toMatch(
        /Bewerbung eingegangen.*Entscheidung „angenommen“ per E-Mail geschickt/,
      );
    } finally {
      await browser.close();
    }
    const history = (await teamGet<{ history: HistoryEntry[] }>(a.url, `/api/applications/${person.id}/history`))
      .history;
    expect(history.at(-1)).toMatchObject({
      mail: { decision: 'approved', status: 'sent' },
      by: { name: 'Olivia Owner' },
    });
  });
});

describe('a decision mail waiting through a restart (PGlite) goes out once', () => {
  const smtp = smtpSink();
  let server: TestServer | undefined;
  afterAll(() => server?.stop());

  // Two server starts and a wait for the mail: past the default 60 s on a busy machine.
  test.each(['SIGTERM', 'SIGKILL'] as const)(
    'stopped with %s before it is due',
    { timeout: 180_000 },
    async (signal) => {
      const dataDir = freshDataDir();
      const env = { SMTP_URL: smtp.url, DECISION_MAIL_DELAY_S: '3' };
      server = await startServer({ dataDir, env });
      const token = await teamToken(server.url);
      const person = await apply(server.url, `Ida ${signal}`);
      const decided = await patch(server, token, person.id, { status: 'rejected' });
      expect(decided.decisionMail).toMatchObject({ status: 'scheduled' });
      await server.stop(signal);
      expect(decisionMailsTo(smtp, person.email)).toHaveLength(0);
      server = await startServer({ dataDir, env });
      await smtp.waitFor(isDecisionMail(person.email), 20_000);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(decisionMailsTo(smtp, person.email)).toHaveLength(1);
      await server.stop();
      server = undefined;
    },
  );
});
