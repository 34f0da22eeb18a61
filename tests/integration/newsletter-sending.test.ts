// Sending a newsletter, on PGlite and PostgreSQL over a real SMTP server, through the API's routes
// and the one mail queue: who receives it (confirmed, subscribed, deliverable opt-ins of the
// audience, each address once), the list frozen at the send with the number the owner confirmed,
// exactly one mail per recipient with its own unsubscribe link and a stable Message-ID, the
// figures and the activity, a test to the member alone, pause and resume, an unsubscribe that
// stops the mails at once, an address refused for good (undeliverable, counted as failed), one
// turned away for now (tried again), a server that stalls mid-message, the shared rate, and every
// bad request answered with a 4xx.
import { randomUUID } from 'node:crypto';
import { createServer, Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import * as newsletterAction from '~/routes/api.newsletters.$id.action';
import * as newslettersRoute from '~/routes/api.newsletters';
import * as signupsRoute from '~/routes/api.signups';
import * as signupsCsvRoute from '~/routes/api.signups[.]csv';
import * as unsubscribeRoute from '~/routes/newsletter.abmelden';
import type { NewsletterListEntry } from '~/lib/newsletter-sending';
import { sweepMailOutbox } from '~/server/app/mail-queues.server';
import { getNewsletter } from '~/server/content/content.server';
import { schema } from '~/server/db/db.server';
import { OUTBOX_MAX_ATTEMPTS } from '~/server/mail/mail.server';
import { takeSends } from '~/server/mail/rate.server';
import {
  NEWSLETTER_CONCURRENCY,
  newsletterQueue,
  newsletterSite,
  NEWSLETTER_TEST_MAIL_KIND,
  renderNewsletterMail,
} from '~/server/newsletter/newsletter.server';
import { personalMails } from '~/server/newsletter/personalise.server';
import { deleteSignupsByEmail, unsubscribeNewsletter, unsubscribeUrl } from '~/server/signups/signups.server';
import { listActivity } from '~/server/team/team.server';
import { useContentDir } from '../support/content-source';
import { describeEachDatabase, emptyTables, seedSignup, type SignupRow } from '../support/database';
import { nextAttemptAt } from '../support/mail-queue';
import { contentWith } from '../support/newsletters';
import { call, get, post, PUBLIC_URL, useMailConfig, useOwnerAndReviewer } from '../support/routes';
import { smtpSink, startSmtp, type CapturedMail } from '../support/smtp';
import { until } from '../support/until';

const refused = (address: string) => address.startsWith('gone-');
const deferred = new Set<string>();
const smtp = smtpSink({ refuse: refused, defer: (address) => deferred.has(address) });
const sweep = newsletterQueue();
/** A rate that never holds a test back (the rate has its own tests below). */
const FAST = { NEWSLETTER_RATE_PER_MINUTE: '600000' };

const today = new Date().toISOString().slice(0, 10);
const address = (prefix = 'leserin') => `${prefix}-${randomUUID().slice(0, 8)}@example.org`;

describeEachDatabase('sending a newsletter', (current) => {
  useContentDir(contentWith());
  beforeAll(() => {
    useMailConfig(smtp.url, FAST);
  });
  const team = useOwnerAndReviewer({ owner: 'Olivia Inhaberin', reviewer: 'Rita Prüferin' });
  beforeEach(async () => {
    useMailConfig(smtp.url, FAST);
    deferred.clear();
    await emptyTables(current().db, schema.newsletterSends, schema.mailOutbox, schema.signups, schema.teamActivity);
  });

  /** A signup written as the popup and the confirmation page leave it: confirmed unless told otherwise. */
  const signup = (over: Partial<SignupRow> = {}) =>
    seedSignup(current().db, { name: 'Smilla Weiß', email: address(), ...over });
  const readers = (count: number, over: Partial<SignupRow> = {}) =>
    Promise.all(Array.from({ length: count }, () => signup(over)));

  const list = async (auth = team.ownerAuth) => {
    const res = await call(newslettersRoute.loader, get('/api/newsletters', auth));
    expect(res.status).toBe(200);
    return ((await res.json()) as { newsletters: NewsletterListEntry[] }).newsletters;
  };
  const entry = async (id: string) => (await list()).find((n) => n.id === id)!;
  const ask = (id: string, which: string, body?: unknown, auth = team.ownerAuth) =>
    call(
      newsletterAction.action,
      post(`/api/newsletters/${encodeURIComponent(id)}/${which}`, body === undefined ? '' : body, auth),
      '203.0.113.1',
      { id },
    );
  /** Sends `id` to the number of recipients the list shows now, as the dashboard's confirmation does. */
  async function send(id: string) {
    const res = await ask(id, 'send', { expect: (await entry(id)).recipients });
    expect(res.status).toBe(202);
    return ((await res.json()) as { recipients: number }).recipients;
  }
  /** Sweeps until nothing is left that may go now. */
  async function drain(options: { now?: Date } = {}) {
    let total = 0;
    for (;;) {
      const { claimed } = await sweep(options);
      total += claimed;
      if (claimed === 0) return total;
    }
  }
  const newsletterMailsTo = (to: string, id = 'nl-alle') =>
    smtp.mailsTo(to).filter((m) => (m.headers['message-id'] ?? '').includes(`.${id}@`));
  const recipientRows = (id: string) =>
    current().db.select().from(schema.newsletterRecipients).where(eq(schema.newsletterRecipients.newsletterId, id));

  test('the list names every newsletter with the audience it reaches now: confirmed, subscribed, deliverable, each address once', async () => {
    const shared = address();
    await readers(2);
    await signup({ userType: 'trainer' });
    // One address signed up as rider and as trainer (in other letters): one mail.
    await signup({ email: shared });
    await signup({ email: shared.toUpperCase(), userType: 'trainer' });
    // None of these receives anything.
    await signup({ newsletterOptIn: false, newsletterConfirmedAt: null });
    await signup({ newsletterConfirmedAt: null });
    await signup({ newsletterUnsubscribedAt: new Date() });
    await signup({ newsletterUndeliverableAt: new Date(), userType: 'trainer' });

    const newsletters = await list();
    expect(newsletters.map((n) => n.id)).toEqual([
      'nl-alle',
      'nl-reiter',
      'nl-trainer',
      'nl-zweite',
      // Published at the same moment: by id.
      'nl-foreign-image',
      'nl-javascript',
      'nl-long-subject',
      'newsletter-sitz',
    ]);
    expect(newsletters.find((n) => n.id === 'nl-alle')).toEqual({
      id: 'nl-alle',
      subject: 'Neues aus dem Stall (nl-alle)',
      audience: 'alle',
      recipients: 4,
      status: 'ready',
      sent: 0,
      failed: 0,
      startedAt: null,
      finishedAt: null,
      by: null,
    });
    expect((await entry('nl-reiter')).recipients).toBe(3);
    expect((await entry('nl-trainer')).recipients).toBe(2);
    // Every member reads the list; without a token nobody does.
    expect((await list(team.reviewerAuth)).length).toBe(newsletters.length);
    expect((await call(newslettersRoute.loader, get('/api/newsletters'))).status).toBe(401);
  });

  test('a send freezes the list; each recipient gets exactly one mail with their own unsubscribe link; the figures and the activity follow', async () => {
    const people = await readers(5);
    const trainer = await signup({ userType: 'trainer', name: 'Tom Trainer' });
    expect(await send('nl-alle')).toBe(6);
    // Frozen: a signup confirmed after the send is not among them.
    const late = await signup();
    expect(await entry('nl-alle')).toMatchObject({
      status: 'sending',
      recipients: 6,
      sent: 0,
      failed: 0,
      by: { id: team.owner.id, name: 'Olivia Inhaberin' },
    });
    expect((await entry('nl-alle')).startedAt).toEqual(expect.any(String));

    expect(await drain()).toBe(6);
    for (const person of [...people, trainer]) {
      const mails = newsletterMailsTo(person.email);
      expect(mails, person.email).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Neues aus dem Stall (nl-alle)');
      expect(mail.headers['message-id']).toMatch(/^<newsletter-\d+\.nl-alle@bewegung\.test>$/);
      const unsubscribe = mail.links.find((l) => l.startsWith(`${PUBLIC_URL}/newsletter/abmelden?token=`))!;
      expect(unsubscribe).toBeDefined();
      expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.html).toContain('Hallo und schön, dass du dabei bist!');
      expect(mail.text).toContain('Hallo und schön, dass du dabei bist!');
    }
    expect(newsletterMailsTo(late.email)).toHaveLength(0);
    // Each link unsubscribes its own reader, by the mail program's one-click POST too.
    const link = newsletterMailsTo(people[0]!.email)[0]!.links.find((l) => l.includes('/newsletter/abmelden?'))!;
    const oneClick = new Request(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await call(unsubscribeRoute.action, oneClick)).toEqual({ result: 'unsubscribed' });
    const [row] = await current().db.select().from(schema.signups).where(eq(schema.signups.id, people[0]!.id));
    expect(row!.newsletterUnsubscribedAt).toBeInstanceOf(Date);

    const done = await entry('nl-alle');
    expect(done).toMatchObject({ status: 'sent', recipients: 6, sent: 6, failed: 0 });
    expect(done.finishedAt).toEqual(expect.any(String));
    const activity = (await listActivity(today, today)).filter((e) => e.target === 'nl-alle');
    expect(activity).toMatchObject([
      {
        action: 'newsletter-sent',
        member: { id: team.owner.id, name: 'Olivia Inhaberin' },
        detail: { subject: 'Neues aus dem Stall (nl-alle)', audience: 'alle', recipients: 6 },
      },
    ]);
  });

  test('a second send of a newsletter being sent, or sent, is refused (409) and sends nothing more', async () => {
    const [reader] = await readers(1);
    await send('nl-alle');
    const again = await ask('nl-alle', 'send', { expect: 1 });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: expect.stringMatching(/sent already/) });
    await drain();
    expect((await ask('nl-alle', 'send', { expect: 1 })).status).toBe(409);
    await drain();
    expect(newsletterMailsTo(reader!.email)).toHaveLength(1);
    expect(await recipientRows('nl-alle')).toHaveLength(1);
  });

  test('the audience changed since the owner looked (a stale expect): 409 with the new count, nothing frozen', async () => {
    await readers(3);
    const res = await ask('nl-alle', 'send', { expect: 2 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/audience changed/), recipients: 3 });
    expect(await entry('nl-alle')).toMatchObject({ status: 'ready', recipients: 3 });
    expect(await recipientRows('nl-alle')).toEqual([]);
    expect((await listActivity(today, today)).filter((e) => e.target === 'nl-alle')).toEqual([]);
    // With the new number it goes.
    expect((await ask('nl-alle', 'send', { expect: 3 })).status).toBe(202);
  });

  test('an audience of nobody cannot be sent: 409 with a message', async () => {
    await readers(2, { userType: 'reiter' });
    const res = await ask('nl-trainer', 'send', { expect: 0 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/Nobody would receive/), recipients: 0 });
    expect(await entry('nl-trainer')).toMatchObject({ status: 'ready', recipients: 0 });
  });

  test('a newsletter with problems cannot be sent nor tested: 409 with the problems', async () => {
    await readers(2);
    const cases = [
      ['nl-long-subject', /Betreff/],
      ['nl-javascript', /javascript:/],
      ['nl-foreign-image', /tracker\.example/],
    ] as const;
    for (const [id, problem] of cases) {
      for (const which of ['send', 'test']) {
        const res = await ask(id, which, which === 'send' ? { expect: 2 } : undefined);
        expect(res.status, `${id} ${which}`).toBe(409);
        const body = (await res.json()) as { error: string; problems: string[] };
        expect(body.error).toMatch(/problems/);
        expect(body.problems.join('\n'), id).toMatch(problem);
      }
      expect(await entry(id)).toMatchObject({ status: 'ready' });
    }
    expect(smtp.mailsTo(team.owner.email)).toHaveLength(0);
  });

  test("a reviewer's send, pause and resume are refused (403); a reviewer may send a test", async () => {
    await readers(2);
    for (const which of ['send', 'pause', 'resume'])
      expect(
        (await ask('nl-alle', which, which === 'send' ? { expect: 2 } : undefined, team.reviewerAuth)).status,
      ).toBe(403);
    expect(await entry('nl-alle')).toMatchObject({ status: 'ready' });
    expect((await ask('nl-alle', 'test', undefined, team.reviewerAuth)).status).toBe(202);
  });

  test("a test goes to the member's own address alone, marked [Test]; the newsletter stays ready", async () => {
    const [reader] = await readers(2);
    const res = await ask('nl-alle', 'test');
    expect(res.status).toBe(202);
    expect(await sweepMailOutbox()).toEqual({ claimed: 1, sent: 1 });
    const [mail] = smtp.mailsTo(team.owner.email);
    expect(mail!.subject).toBe('[Test] Neues aus dem Stall (nl-alle)');
    const [queued] = await current().db.select().from(schema.mailOutbox);
    expect(queued).toMatchObject({ kind: NEWSLETTER_TEST_MAIL_KIND, toAddress: team.owner.email });
    expect(newsletterMailsTo(reader!.email)).toHaveLength(0);
    expect(await entry('nl-alle')).toMatchObject({ status: 'ready', sent: 0, recipients: 2 });
    expect((await listActivity(today, today)).filter((e) => e.target === 'nl-alle')).toMatchObject([
      { action: 'newsletter-test', member: { id: team.owner.id, name: 'Olivia Inhaberin' } },
    ]);
  });

  test('pause stops the claims, resume goes on where it stopped; both in the activity', async () => {
    const people = await readers(7);
    await send('nl-alle');
    expect(await sweep({ limit: 3 })).toEqual({ claimed: 3, sent: 3 });
    expect((await ask('nl-alle', 'pause')).status).toBe(202);
    expect(await entry('nl-alle')).toMatchObject({ status: 'paused', sent: 3, failed: 0, recipients: 7 });
    expect(await drain()).toBe(0);
    // Pausing twice, or resuming what runs, says what stands in the way.
    expect((await ask('nl-alle', 'pause')).status).toBe(409);
    expect((await ask('nl-alle', 'resume')).status).toBe(202);
    expect((await ask('nl-alle', 'resume')).status).toBe(409);
    expect(await drain()).toBe(4);
    expect(await entry('nl-alle')).toMatchObject({ status: 'sent', sent: 7 });
    for (const person of people) expect(newsletterMailsTo(person.email)).toHaveLength(1);
    expect(
      (await listActivity(today, today)).filter((e) => e.target === 'nl-alle').map((e) => [e.action, e.member?.name]),
    ).toEqual([
      ['newsletter-resumed', 'Olivia Inhaberin'],
      ['newsletter-paused', 'Olivia Inhaberin'],
      ['newsletter-sent', 'Olivia Inhaberin'],
    ]);
    // Pausing a newsletter that is not being sent: 409; one that does not exist: 404.
    expect((await ask('nl-reiter', 'pause')).status).toBe(409);
    expect((await ask('nl-gibt-es-nicht', 'pause')).status).toBe(404);
  });

  test('a pause during a batch hands back the claims its sends had not reached', async () => {
    const slow = await startSmtp({ acceptDelayMs: 400 });
    try {
      useMailConfig(slow.url, FAST);
      const people = await readers(NEWSLETTER_CONCURRENCY + 3);
      await send('nl-alle');
      const sweeping = sweep();
      // The first sends (as many as run at once) are under way.
      await until(() => slow.receiving >= NEWSLETTER_CONCURRENCY, 'the first sends', { intervalMs: 5 });
      expect((await ask('nl-alle', 'pause')).status).toBe(202);
      expect(await sweeping).toEqual({ claimed: NEWSLETTER_CONCURRENCY + 3, sent: NEWSLETTER_CONCURRENCY });
      // The three not reached are free again, with no attempt counted.
      const waiting = (await recipientRows('nl-alle')).filter((r) => r.status === 'pending');
      expect(waiting.map((r) => [r.claimedAt, r.attempts])).toEqual([
        [null, 0],
        [null, 0],
        [null, 0],
      ]);
      expect((await ask('nl-alle', 'resume')).status).toBe(202);
      await drain();
      for (const person of people) expect(slow.mails.filter((m) => m.to.includes(person.email))).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  test('unsubscribing mid-send stops the mails to that reader at once, by any of their signups; so does deleting the signup', async () => {
    // Frozen in the order of the addresses: a, b, c, d, z.
    const [a, b, c, d, z] = await Promise.all(
      ['a', 'b', 'c', 'd', 'z'].map((prefix) => signup({ email: address(prefix) })),
    );
    // z signed up a second time (confirmed later): the mail goes to the address once, and the link
    // of either signup stops it.
    const twin = await signup({
      email: z!.email.toUpperCase(),
      userType: 'trainer',
      newsletterConfirmedAt: new Date('2026-10-05T10:00:00Z'),
    });
    expect(await send('nl-alle')).toBe(5);
    const frozen = await recipientRows('nl-alle');
    expect(frozen.sort((x, y) => x.id - y.id).map((r) => r.signupId)).toEqual([a!.id, b!.id, c!.id, d!.id, z!.id]);
    expect(await sweep({ limit: 1 })).toEqual({ claimed: 1, sent: 1 });

    // b by the mail program's one-click POST, z through the link of its other signup.
    const oneClick = new Request(unsubscribeUrl(b!.id), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await call(unsubscribeRoute.action, oneClick)).toEqual({ result: 'unsubscribed' });
    expect(await unsubscribeNewsletter(new URL(unsubscribeUrl(twin.id)).searchParams.get('token'))).toBe(
      'unsubscribed',
    );
    // d deletes their account (and with it their signups).
    await deleteSignupsByEmail(d!.email);
    await drain();
    expect(newsletterMailsTo(d!.email)).toHaveLength(0);
    expect(newsletterMailsTo(a!.email)).toHaveLength(1);
    expect(newsletterMailsTo(b!.email)).toHaveLength(0);
    expect(newsletterMailsTo(c!.email)).toHaveLength(1);
    expect(newsletterMailsTo(z!.email)).toHaveLength(0);
    expect(await entry('nl-alle')).toMatchObject({ status: 'sent', recipients: 5, sent: 2, failed: 0 });
    // The deleted signup's row keeps no link to it.
    const skipped = (await recipientRows('nl-alle')).filter((r) => r.status === 'skipped');
    expect(skipped.map((r) => r.signupId).sort()).toEqual([b!.id, z!.id, null].sort());
  });

  test('an address refused for good (5xx): undeliverable, counted as failed, the others sent; no later newsletter tries it', async () => {
    const people = await readers(3);
    const gone = await signup({ email: address('gone') });
    expect(await send('nl-alle')).toBe(4);
    await drain();
    expect(await entry('nl-alle')).toMatchObject({ status: 'sent', recipients: 4, sent: 3, failed: 1 });
    for (const person of people) expect(newsletterMailsTo(person.email)).toHaveLength(1);
    const [row] = await current().db.select().from(schema.signups).where(eq(schema.signups.id, gone.id));
    expect(row!.newsletterUndeliverableAt).toBeInstanceOf(Date);
    // The signups view and its CSV show it.
    const signups = (await (await call(signupsRoute.loader, get('/api/signups', team.ownerAuth))).json()) as {
      signups: { id: string; newsletterUndeliverableAt: string | null }[];
    };
    expect(signups.signups.find((s) => s.id === gone.id)!.newsletterUndeliverableAt).toBe(
      row!.newsletterUndeliverableAt!.toISOString(),
    );
    const csv = await (await call(signupsCsvRoute.loader, get('/api/signups.csv', team.ownerAuth))).text();
    expect(csv.split('\r\n')[0]).toContain('Newsletter unzustellbar seit');
    expect(csv).toContain(`;${row!.newsletterUndeliverableAt!.toISOString()};`);
    // The next newsletter counts and sends without it.
    expect(await entry('nl-zweite')).toMatchObject({ recipients: 3 });
  });

  test('an address turned away for now (4xx) is tried again after its wait and gets one mail', async () => {
    const [reader, full] = await readers(2);
    deferred.add(full!.email);
    await send('nl-alle');
    await drain();
    expect(await entry('nl-alle')).toMatchObject({ status: 'sending', sent: 1, failed: 0 });
    deferred.clear();
    const row = (await recipientRows('nl-alle')).find((r) => r.signupId === full!.id)!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    await drain({ now: await nextAttemptAt(schema.newsletterRecipients, row.id) });
    expect(await entry('nl-alle')).toMatchObject({ status: 'sent', sent: 2, failed: 0 });
    expect(newsletterMailsTo(full!.email)).toHaveLength(1);
    expect(newsletterMailsTo(reader!.email)).toHaveLength(1);
  });

  test('a mail that keeps being turned away for more than a day counts as failed; the address stays deliverable', async () => {
    const [full] = await readers(1);
    deferred.add(full!.email);
    await send('nl-alle');
    let now = new Date();
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      expect((await sweep({ now })).claimed, `attempt ${attempt}`).toBe(1);
      now = await nextAttemptAt(schema.newsletterRecipients, (await recipientRows('nl-alle'))[0]!.id);
    }
    expect(now.getTime() - Date.now()).toBeGreaterThan(24 * 3600_000);
    await sweep({ now });
    expect(await entry('nl-alle')).toMatchObject({ status: 'sent', sent: 0, failed: 1 });
    const [row] = await current().db.select().from(schema.signups).where(eq(schema.signups.id, full!.id));
    expect(row!.newsletterUndeliverableAt).toBeNull();
  });

  test('a mail whose process died after claiming it goes out after the lease, once, with the same Message-ID', async () => {
    const [reader] = await readers(1);
    await send('nl-alle');
    const [row] = await recipientRows('nl-alle');
    // The state a kill -9 between the claim and the mark leaves (the mail may or may not have gone).
    await current()
      .db.update(schema.newsletterRecipients)
      .set({ claimedAt: new Date(), attempts: 1 })
      .where(eq(schema.newsletterRecipients.id, row!.id));
    expect(await drain()).toBe(0);
    expect(await drain({ now: await nextAttemptAt(schema.newsletterRecipients, row!.id) })).toBe(1);
    const [mail] = newsletterMailsTo(reader!.email);
    expect(mail!.headers['message-id']).toBe(`<newsletter-${row!.id}.nl-alle@bewegung.test>`);
    expect(await entry('nl-alle')).toMatchObject({ status: 'sent', sent: 1 });
  });

  test('parallel sweeps (several instances) send each recipient one mail', async () => {
    const people = await readers(60);
    await send('nl-alle');
    const other = newsletterQueue();
    await Promise.all([
      drain(),
      (async () => {
        while ((await other()).claimed > 0);
      })(),
      drain(),
    ]);
    for (const person of people) expect(newsletterMailsTo(person.email), person.email).toHaveLength(1);
    expect(await entry('nl-alle')).toMatchObject({ status: 'sent', sent: 60 });
  });

  test('an SMTP server that stalls mid-message: that mail is tried again after its wait, nothing lost, nothing doubled', async () => {
    const stall = await stallingSmtp();
    try {
      useMailConfig(stall.url, FAST);
      const people = await readers(3);
      await send('nl-alle');
      // The first message stalls half way; the send gives up after its timeout and closes the connection.
      expect(await sweep({ sendTimeoutMs: 500 })).toEqual({ claimed: 3, sent: 2 });
      const stalled = (await recipientRows('nl-alle')).find((r) => r.status === 'pending')!;
      expect(stalled.attempts).toBe(1);
      await drain({ now: await nextAttemptAt(schema.newsletterRecipients, stalled.id) });
      for (const person of people) expect(stall.mailsTo(person.email), person.email).toHaveLength(1);
      expect(await entry('nl-alle')).toMatchObject({ status: 'sent', sent: 3, failed: 0 });
    } finally {
      await stall.close();
    }
  });

  test('every bad request is a 4xx: unknown or malformed ids, bad JSON, a bad expect, a body where none belongs', async () => {
    await readers(1);
    const cases: [string, string, unknown, number][] = [
      ['nl-gibt-es-nicht', 'send', { expect: 1 }, 404],
      ['nl-gibt-es-nicht', 'test', undefined, 404],
      ['../etc/passwd', 'send', { expect: 1 }, 404],
      ['drafts.nl-alle', 'send', { expect: 1 }, 404],
      ['x'.repeat(300), 'pause', undefined, 404],
      ['nl-alle', 'send', '{"expect": 1', 400],
      ['nl-alle', 'send', '[1]', 400],
      ['nl-alle', 'send', { expect: '1' }, 400],
      ['nl-alle', 'send', { expect: -1 }, 400],
      ['nl-alle', 'send', { expect: 1.5 }, 400],
      ['nl-alle', 'send', { expect: 1, extra: true }, 400],
      ['nl-alle', 'send', undefined, 400],
      ['nl-alle', 'test', '{"oops"', 400],
      ['nl-alle', 'test', { to: 'someone@else.example' }, 400],
      ['nl-alle', 'pause', '"x"', 400],
    ];
    for (const [id, which, body, status] of cases) {
      const res = await ask(id, which, body);
      expect(res.status, `${which} ${id} ${JSON.stringify(body)}`).toBe(status);
      expect(await res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
    const big = await ask('nl-alle', 'send', JSON.stringify({ expect: 1, pad: 'x'.repeat(4096) }));
    expect(big.status).toBe(413);
    const wrongMethod = await call(newsletterAction.loader, get('/api/newsletters/nl-alle/send', team.ownerAuth));
    expect(wrongMethod.status).toBe(405);
    expect((await call(newslettersRoute.action, post('/api/newsletters', {}, team.ownerAuth))).status).toBe(405);
    expect(await recipientRows('nl-alle')).toEqual([]);
  });

  test("each recipient's mail is exactly the mail the renderer makes for them, though rendered once per batch", async () => {
    const check = await getNewsletter('newsletter-sitz');
    const site = await newsletterSite();
    const mailOf = await personalMails(check!.newsletter!, site);
    expect(mailOf.templated).toBe(true);
    const recipients = [
      {
        name: 'Jördis & <Ann> "O\'Neil"',
        signedUpAt: new Date('2026-03-01T23:30:00Z'),
        confirmedAt: new Date('2026-03-02T08:00:00Z'),
      },
      { name: 'Smilla', signedUpAt: new Date('2025-12-31T22:59:00Z'), confirmedAt: new Date('2026-01-01T00:00:00Z') },
    ];
    for (const [i, recipient] of recipients.entries()) {
      const unsubscribe = `${PUBLIC_URL}/newsletter/abmelden?token=t${i}-AbC_xyz`;
      expect(await mailOf(recipient, unsubscribe)).toEqual(
        await renderNewsletterMail({ newsletter: check!.newsletter!, recipient, unsubscribeUrl: unsubscribe, site }),
      );
    }
  });

  describe('the shared rate', () => {
    test('two processes drawing from one budget get no more than it holds', async () => {
      const perMinute = 600; // 10 a second, a bucket of 10
      const bucket = `test-${randomUUID()}`;
      const started = Date.now();
      let granted = 0;
      while (Date.now() - started < 1500) {
        const grants = await Promise.all([takeSends(bucket, 4, perMinute), takeSends(bucket, 4, perMinute)]);
        granted += grants.reduce((sum, g) => sum + g.granted, 0);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const seconds = (Date.now() - started) / 1000;
      // The bucket starts with one second's worth, then refills at the rate.
      expect(granted).toBeLessThanOrEqual(10 + Math.ceil(10 * seconds) + 1);
      expect(granted).toBeGreaterThanOrEqual(Math.floor(10 * seconds * 0.8));
      const empty = await takeSends(bucket, 100, perMinute);
      expect(empty.granted).toBeLessThan(5);
      expect(empty.nextAt!.getTime() - Date.now()).toBeLessThanOrEqual(100);
    });

    test('sweeps with nothing to send leave the shared budget alone (an idle server writes nothing)', async () => {
      const { db } = current();
      await db.delete(schema.mailSendBudgets);
      for (let i = 0; i < 3; i++) expect((await sweep()).claimed).toBe(0);
      expect(await db.select().from(schema.mailSendBudgets)).toEqual([]);
    });

    test('at NEWSLETTER_RATE_PER_MINUTE the queue sends no faster, and wakes itself for the rest', async () => {
      useMailConfig(smtp.url, { NEWSLETTER_RATE_PER_MINUTE: '120' }); // 2 a second
      const people = await readers(5);
      await send('nl-alle');
      const started = Date.now();
      const { startOutbox } = await import('~/server/mail/outbox.server');
      const stop = startOutbox([sweep], 60_000);
      try {
        const sentAt: number[] = [];
        while (sentAt.length < 5 && Date.now() - started < 10_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const mails = people.flatMap((p) => newsletterMailsTo(p.email));
          while (sentAt.length < mails.length) sentAt.push(Date.now() - started);
        }
        expect(sentAt).toHaveLength(5);
        // A bucket of two, then one every half second: the fifth no sooner than a second after the first.
        expect(sentAt[4]! - sentAt[0]!).toBeGreaterThanOrEqual(900);
      } finally {
        await stop();
      }
    });
  });
});

/** An SMTP server that stalls half way through the first message it gets, then takes every mail. */
async function stallingSmtp() {
  const upstream = await startSmtp();
  const sockets = new Set<Socket>();
  let stalled = false;
  // A proxy in front of a real server: on the first DATA it forwards a little of the message, then
  // nothing more in either direction (the client waits for an answer that never comes).
  const proxy = createServer((client) => {
    sockets.add(client);
    const server = new Socket();
    sockets.add(server);
    const port = Number(new URL(upstream.url).port);
    server.connect(port, '127.0.0.1');
    let stalling = false;
    let inData = false;
    client.on('data', (chunk: Buffer) => {
      if (stalling) return;
      const text = chunk.toString('latin1');
      if (inData && !stalled) {
        stalled = stalling = true;
        server.write(chunk.subarray(0, Math.min(20, chunk.length)));
        return;
      }
      if (/^DATA\r\n/m.test(text)) inData = true;
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (!stalling) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      server.destroy();
    };
    client.on('close', end);
    server.on('close', end);
    client.on('error', end);
    server.on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mailsTo: (to: string): CapturedMail[] => upstream.mails.filter((m) => m.to.includes(to)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
      await upstream.close();
    },
  };
}
