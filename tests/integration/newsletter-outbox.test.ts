// The confirmation mails' outbox over a real SMTP server, on PGlite and PostgreSQL: a running
// outbox sends the mail right after the signup; a mail that could not go out (SMTP down, or a crash
// after the claim) is sent by a sweep once its claim has run out; each mail goes out once, also
// with parallel sweeps; nobody who confirmed, unsubscribed or opted out gets one; a refused address
// is given up.
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, expect, test } from 'vitest';
import * as signupsRoute from '~/routes/api.signups';
import { schema } from '~/server/db/db.server';
import { sweepConfirmationOutbox } from '~/server/signups/confirmation-outbox.server';
import { OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS, retryDelayMs, startOutbox } from '~/server/mail/outbox.server';
import { describeEachDatabase } from '../support/database';
import { SMTP_DOWN, smtpSink } from '../support/smtp';
import { call, post, useMailConfig } from '../support/routes';

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

describeEachDatabase('newsletter confirmation outbox', (current) => {
  const t = schema.signups;
  const row = async (id: string) => (await current().db.select().from(t).where(eq(t.id, id)))[0]!;
  /** A signup in the state a crash or an outage leaves behind, claimed `claimedAgoMs` ago. */
  async function pending(over: Partial<typeof t.$inferInsert> = {}, claimedAgoMs = 2 * OUTBOX_LEASE_MS) {
    const values = {
      id: crypto.randomUUID(),
      userType: 'reiter' as const,
      name: 'Smilla Weiß',
      email: email(),
      newsletterOptIn: true,
      confirmationMailClaimedAt: new Date(Date.now() - claimedAgoMs),
      confirmationMailAttempts: 1,
      ...over,
    };
    await current().db.insert(t).values(values);
    return values;
  }
  beforeEach(async () => {
    await current().db.delete(t);
  });

  test('a running outbox sends the mail right after the signup; the answer does not wait for it', async () => {
    useMailConfig(smtp.url);
    const stop = startOutbox([sweepConfirmationOutbox]);
    try {
      const { id, to } = await signUpWithOptIn();
      const mail = await smtp.waitFor((m) => m.to.includes(to));
      expect(mail.subject).toBe('Bitte bestätige deine Newsletter-Anmeldung');
      expect(mail.text).toContain('Hallo Jördis Müller,');
      await expect.poll(async () => (await row(id)).confirmationMailSentAt).toBeInstanceOf(Date);
      expect((await row(id)).confirmationMailAttempts).toBe(1);
    } finally {
      await stop();
    }
  });

  test('a mail the SMTP server could not take goes out with the first sweep after the lease, once', async () => {
    useMailConfig(SMTP_DOWN);
    const { id, to } = await signUpWithOptIn();
    expect(await sweepConfirmationOutbox()).toEqual({ claimed: 1, sent: 0 });
    expect(await row(id)).toMatchObject({ confirmationMailAttempts: 1, confirmationMailSentAt: null });

    useMailConfig(smtp.url);
    // Within the lease the claim holds (the claiming process may still be sending).
    expect(await sweepConfirmationOutbox()).toEqual({ claimed: 0, sent: 0 });
    expect(await sweepConfirmationOutbox({ now: later(OUTBOX_LEASE_MS + 1000) })).toEqual({
      claimed: 1,
      sent: 1,
    });
    const mail = await smtp.waitFor((m) => m.to.includes(to));
    expect(mail.text).toContain('Hallo Jördis Müller,');
    expect(await row(id)).toMatchObject({ confirmationMailAttempts: 2 });
    expect((await row(id)).confirmationMailSentAt).toBeInstanceOf(Date);
    // Sent means done: no later sweep mails again.
    expect((await sweepConfirmationOutbox({ now: later(10 * OUTBOX_LEASE_MS) })).claimed).toBe(0);
    expect(smtp.mailsTo(to)).toHaveLength(1);
  });

  test('a mail whose process died after claiming it is sent by a sweep after the lease', async () => {
    useMailConfig(smtp.url);
    const crashed = await pending();
    const fresh = await pending({}, 1000);
    expect(await sweepConfirmationOutbox()).toEqual({ claimed: 1, sent: 1 });
    await smtp.waitFor((m) => m.to.includes(crashed.email));
    expect((await row(crashed.id)).confirmationMailSentAt).toBeInstanceOf(Date);
    expect((await row(fresh.id)).confirmationMailSentAt).toBeNull();
  });

  test('parallel sweeps (several server processes) send each mail once', async () => {
    useMailConfig(smtp.url);
    const rows = await Promise.all(Array.from({ length: 6 }, () => pending()));
    const counts = await Promise.all([sweepConfirmationOutbox(), sweepConfirmationOutbox(), sweepConfirmationOutbox()]);
    expect(counts.reduce((sum, c) => sum + c.sent, 0)).toBe(6);
    // The sweeps resolve after the SMTP server accepted their mails, and it records a mail before
    // accepting it: a mail sent twice would already be here.
    for (const r of rows) expect(smtp.mailsTo(r.email)).toHaveLength(1);
  });

  test('no mail for opt-outs, confirmed or unsubscribed signups; a refused address is given up', async () => {
    useMailConfig(smtp.url);
    const skipped = await Promise.all([
      pending({ newsletterOptIn: false }),
      pending({ newsletterConfirmedAt: new Date() }),
      pending({ newsletterUnsubscribedAt: new Date() }),
      pending({ confirmationMailAttempts: OUTBOX_MAX_ATTEMPTS }),
    ]);
    expect(await sweepConfirmationOutbox()).toEqual({ claimed: 0, sent: 0 });
    for (const r of skipped) expect(smtp.mailsTo(r.email)).toHaveLength(0);

    // An outage: a sweep after each (growing) wait tries again, until the attempts run out.
    useMailConfig(SMTP_DOWN);
    const refused = await pending({ confirmationMailAttempts: 0 });
    let at = 0;
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS + 1; attempt++) {
      await sweepConfirmationOutbox({ now: later(at) });
      at += retryDelayMs(attempt) + 1000;
    }
    const after = await current()
      .db.select()
      .from(t)
      .where(inArray(t.id, [refused.id]));
    expect(after[0]).toMatchObject({
      confirmationMailAttempts: OUTBOX_MAX_ATTEMPTS,
      confirmationMailSentAt: null,
    });
    expect(after[0]!.confirmationMailGivenUpAt).toBeInstanceOf(Date);
  });
});
