// The general mail queue over a real SMTP server, on PGlite and PostgreSQL: a mail queued in a
// transaction goes out only if that transaction commits; an SMTP outage delays it (the claim holds
// through its lease, then it is sent once); parallel sweeps send each mail once; the body is erased
// once sent; a mail that keeps failing is given up after the last attempt.
import { eq } from 'drizzle-orm';
import { beforeEach, expect, test } from 'vitest';
import { schema } from '~/server/db/db.server';
import { enqueueMail, sweepMailOutbox } from '~/server/mail/queue.server';
import { kickOutbox, OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS, startOutbox } from '~/server/mail/outbox.server';
import { describeEachDatabase } from '../support/database';
import { useMailConfig } from '../support/routes';
import { SMTP_DOWN, smtpSink } from '../support/smtp';

const smtp = smtpSink();
const address = () => `mail-${crypto.randomUUID().slice(0, 8)}@example.org`;
const later = (ms: number) => new Date(Date.now() + ms);
const mail = (to: string) => ({
  to,
  subject: 'Deine Bewerbung ist angekommen',
  text: 'Hallo Jördis,\n\ndanke! Hier geht es weiter: https://bewegung.test/konto',
  html: '<p>Hallo Jördis,</p>',
});

describeEachDatabase('mail outbox', (current) => {
  const t = schema.mailOutbox;
  const rowsTo = (to: string) => current().db.select().from(t).where(eq(t.toAddress, to));
  beforeEach(async () => {
    await current().db.delete(t);
  });

  test('a mail queued in a committed transaction is sent by a running outbox right after the kick', async () => {
    useMailConfig(smtp.url);
    const stop = startOutbox([sweepMailOutbox], 60_000);
    try {
      const to = address();
      await current().db.transaction((tx) => enqueueMail(tx, 'test', mail(to)));
      kickOutbox();
      const received = await smtp.waitFor((m) => m.to.includes(to));
      expect(received.subject).toBe('Deine Bewerbung ist angekommen');
      expect(received.text).toContain('Hallo Jördis,');
      expect(received.headers.from).toContain('hallo@bewegung.test');
      await expect.poll(async () => (await rowsTo(to))[0]?.sentAt).toBeInstanceOf(Date);
      // Sent mails keep no body: links in them (a password reset) must not outlive their use.
      expect(await rowsTo(to)).toMatchObject([{ text: null, html: null, attempts: 1 }]);
    } finally {
      await stop();
    }
  });

  test('a mail queued in a transaction that rolls back is never sent', async () => {
    useMailConfig(smtp.url);
    const to = address();
    await expect(
      current().db.transaction(async (tx) => {
        await enqueueMail(tx, 'test', mail(to));
        throw new Error('the write it announces failed');
      }),
    ).rejects.toThrow();
    expect(await sweepMailOutbox()).toEqual({ claimed: 0, sent: 0 });
    expect(smtp.mailsTo(to)).toEqual([]);
  });

  test('SMTP down: the claim holds through its lease, then the mail is sent exactly once', async () => {
    const to = address();
    await enqueueMail(current().db, 'test', mail(to));
    useMailConfig(SMTP_DOWN);
    expect(await sweepMailOutbox()).toEqual({ claimed: 1, sent: 0 });
    useMailConfig(smtp.url);
    expect(await sweepMailOutbox()).toEqual({ claimed: 0, sent: 0 });
    expect(await sweepMailOutbox({ now: later(OUTBOX_LEASE_MS + 1000) })).toEqual({ claimed: 1, sent: 1 });
    expect(await sweepMailOutbox({ now: later(10 * OUTBOX_LEASE_MS) })).toEqual({ claimed: 0, sent: 0 });
    expect(smtp.mailsTo(to)).toHaveLength(1);
    expect((await rowsTo(to))[0]!.attempts).toBe(2);
  });

  test('three parallel sweeps send each of 30 mails once', async () => {
    useMailConfig(smtp.url);
    const addresses = Array.from({ length: 30 }, address);
    for (const to of addresses) await enqueueMail(current().db, 'test', mail(to));
    const counts = await Promise.all([sweepMailOutbox(), sweepMailOutbox(), sweepMailOutbox()]);
    const more = await sweepMailOutbox();
    expect(counts.reduce((n, c) => n + c.sent, 0) + more.sent).toBe(30);
    for (const to of addresses) expect(smtp.mailsTo(to), to).toHaveLength(1);
  });

  test('a mail that keeps failing is given up after the last attempt', async () => {
    useMailConfig(SMTP_DOWN);
    const to = address();
    await enqueueMail(current().db, 'test', mail(to));
    for (let i = 0; i <= OUTBOX_MAX_ATTEMPTS + 1; i++) await sweepMailOutbox({ now: later(i * 2 * OUTBOX_LEASE_MS) });
    expect((await rowsTo(to))[0]).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null });
  });
});
