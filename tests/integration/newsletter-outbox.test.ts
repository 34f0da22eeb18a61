// The confirmation mails through the one mail outbox (mail_outbox) over a real SMTP server, on
// PGlite and PostgreSQL: the signup's commit holds its mail's row; a running outbox sends the mail
// right after the signup; a mail that could not go out (SMTP down, or a crash
// after the claim) is sent by a sweep once its claim has run out; each mail goes out once, also
// with parallel sweeps; nobody who confirmed, unsubscribed or opted out gets one; a refused address
// is given up.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, expect, test } from 'vitest';
import * as signupsRoute from '~/routes/api.signups';
import { schema } from '~/server/db/db.server';
import {
  CONFIRMATION_MAIL_KIND,
  confirmNewsletter,
  confirmUrl,
  unsubscribeNewsletter,
  unsubscribeUrl,
} from '~/server/signups/newsletter.server';
import { OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS, startOutbox } from '~/server/mail/outbox.server';
import { sweepMailOutbox } from '~/server/app/mail-queues.server';
import { describeEachDatabase } from '../support/database';
import { SMTP_DOWN, smtpSink } from '../support/smtp';
import { call, post, useMailConfig } from '../support/routes';
import { nextAttemptAt } from '../support/mail-queue';

const smtp = smtpSink();
const email = () => `outbox-${crypto.randomUUID().slice(0, 8)}@example.org`;
const later = (ms: number) => new Date(Date.now() + ms);

/** A signup through the route's action, as the server takes it. */
async function signUpWithOptIn() {
  const to = email();
  const id = crypto.randomUUID();
  const res = await call(
    signupsRoute.action,
    post('/api/signups', { id, userType: 'trainer', name: 'Jördis Müller', email: to, newsletterOptIn: true }),
  );
  expect(res.status).toBe(201);
  return { id, to };
}

const token = (url: string) => new URL(url).searchParams.get('token');

describeEachDatabase('newsletter confirmation outbox', (current) => {
  const t = schema.signups;
  const m = schema.mailOutbox;
  /** The state of the confirmation mails of signups (mail_outbox's columns). */
  const mailsOf = (ids: string[]) =>
    current()
      .db.select({ sentAt: m.sentAt, attempts: m.attempts, givenUpAt: m.givenUpAt })
      .from(m)
      .where(and(inArray(m.signupId, ids), eq(m.kind, CONFIRMATION_MAIL_KIND)));
  const row = async (id: string) => (await mailsOf([id]))[0]!;
  type Pending = Partial<typeof t.$inferInsert> & { attempts?: number };
  /**
   * A signup with its confirmation mail queued, in the state a crash or an outage leaves behind:
   * claimed `claimedAgoMs` ago. An opt-out has no mail; a confirmed or unsubscribed signup got there
   * through its link.
   */
  async function pending(over: Pending = {}, claimedAgoMs = 2 * OUTBOX_LEASE_MS) {
    const { attempts = 1, newsletterConfirmedAt, newsletterUnsubscribedAt, ...signup } = over;
    const values = {
      id: crypto.randomUUID(),
      userType: 'reiter' as const,
      name: 'Smilla Weiß',
      email: email(),
      newsletterOptIn: true,
      ...signup,
    };
    await current().db.insert(t).values(values);
    if (values.newsletterOptIn)
      await current()
        .db.insert(m)
        .values({
          kind: CONFIRMATION_MAIL_KIND,
          toAddress: values.email,
          subject: 'Bitte bestätige deine Newsletter-Anmeldung',
          signupId: values.id,
          claimedAt: new Date(Date.now() - claimedAgoMs),
          attempts,
        });
    if (newsletterConfirmedAt) expect(await confirmNewsletter(token(confirmUrl(values.id)))).toBe('confirmed');
    if (newsletterUnsubscribedAt)
      expect(await unsubscribeNewsletter(token(unsubscribeUrl(values.id)))).toBe('unsubscribed');
    return values;
  }
  beforeEach(async () => {
    await current().db.delete(m);
    await current().db.delete(t);
  });

  test("the signup's commit holds its confirmation mail; an opt-out's holds none", async () => {
    const { id } = await signUpWithOptIn();
    expect(await row(id)).toEqual({
      sentAt: null,
      attempts: 0,
      givenUpAt: null,
    });
    const res = await call(
      signupsRoute.action,
      post('/api/signups', { userType: 'reiter', name: 'Ohne Newsletter', email: email(), newsletterOptIn: false }),
    );
    expect(res.status).toBe(201);
    const { id: optOut } = (await res.json()) as { id: string };
    expect(await mailsOf([optOut])).toEqual([]);
  });

  test('a running outbox sends the mail right after the signup; the answer does not wait for it', async () => {
    useMailConfig(smtp.url);
    const stop = startOutbox([sweepMailOutbox]);
    try {
      const { id, to } = await signUpWithOptIn();
      const mail = await smtp.waitFor((m) => m.to.includes(to));
      expect(mail.subject).toBe('Bitte bestätige deine Newsletter-Anmeldung');
      expect(mail.text).toContain('Hallo Jördis Müller,');
      await expect.poll(async () => (await row(id)).sentAt).toBeInstanceOf(Date);
      expect((await row(id)).attempts).toBe(1);
    } finally {
      await stop();
    }
  });

  test('a mail the SMTP server could not take goes out with the first sweep after the lease, once', async () => {
    useMailConfig(SMTP_DOWN);
    const { id, to } = await signUpWithOptIn();
    expect(await sweepMailOutbox()).toEqual({ claimed: 1, sent: 0 });
    expect(await row(id)).toMatchObject({ attempts: 1, sentAt: null });

    useMailConfig(smtp.url);
    // Within the lease the claim holds (the claiming process may still be sending).
    expect(await sweepMailOutbox()).toEqual({ claimed: 0, sent: 0 });
    expect(await sweepMailOutbox({ now: later(OUTBOX_LEASE_MS + 1000) })).toEqual({
      claimed: 1,
      sent: 1,
    });
    const mail = await smtp.waitFor((m) => m.to.includes(to));
    expect(mail.text).toContain('Hallo Jördis Müller,');
    expect(await row(id)).toMatchObject({ attempts: 2 });
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
    // Sent means done: no later sweep mails again.
    expect((await sweepMailOutbox({ now: later(10 * OUTBOX_LEASE_MS) })).claimed).toBe(0);
    expect(smtp.mailsTo(to)).toHaveLength(1);
  });

  test('a mail whose process died after claiming it is sent by a sweep after the lease', async () => {
    useMailConfig(smtp.url);
    const crashed = await pending();
    const fresh = await pending({}, 1000);
    expect(await sweepMailOutbox()).toEqual({ claimed: 1, sent: 1 });
    await smtp.waitFor((m) => m.to.includes(crashed.email));
    expect((await row(crashed.id)).sentAt).toBeInstanceOf(Date);
    expect((await row(fresh.id)).sentAt).toBeNull();
  });

  test('parallel sweeps (several server processes) send each mail once', async () => {
    useMailConfig(smtp.url);
    const rows = await Promise.all(Array.from({ length: 6 }, () => pending()));
    const counts = await Promise.all([sweepMailOutbox(), sweepMailOutbox(), sweepMailOutbox()]);
    expect(counts.reduce((sum, c) => sum + c.sent, 0)).toBe(6);
    // The sweeps resolve after the SMTP server accepted their mails, and it records a mail before
    // accepting it: a mail sent twice would already be here.
    for (const r of rows) expect(smtp.mailsTo(r.email)).toHaveLength(1);
  });

  // (An opt-out has no mail to skip: "the signup's commit holds … an opt-out's holds none" above.)
  test('no mail for confirmed or unsubscribed signups; a refused address is given up', async () => {
    useMailConfig(smtp.url);
    const skipped = await Promise.all([
      pending({ newsletterConfirmedAt: new Date() }),
      pending({ newsletterUnsubscribedAt: new Date() }),
      pending({ attempts: OUTBOX_MAX_ATTEMPTS }),
    ]);
    expect(await sweepMailOutbox()).toEqual({ claimed: 0, sent: 0 });
    for (const r of skipped) expect(smtp.mailsTo(r.email)).toHaveLength(0);

    // An outage: a sweep after each (growing) wait tries again, until the attempts run out.
    useMailConfig(SMTP_DOWN);
    const refused = await pending({ attempts: 0 });
    const [queued] = await current().db.select({ id: m.id }).from(m).where(eq(m.signupId, refused.id));
    let now = new Date();
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS + 1; attempt++) {
      await sweepMailOutbox({ now });
      now = await nextAttemptAt(m, queued!.id);
    }
    const after = await mailsOf([refused.id]);
    expect(after[0]).toMatchObject({
      attempts: OUTBOX_MAX_ATTEMPTS,
      sentAt: null,
    });
    expect(after[0]!.givenUpAt).toBeInstanceOf(Date);
  });
});
