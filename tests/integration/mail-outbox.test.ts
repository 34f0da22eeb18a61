// The general mail queue over a real SMTP server, on PGlite and PostgreSQL: a mail queued in a
// transaction goes out only if that transaction commits; an SMTP outage delays it (the claim holds
// through its lease, then it is sent once); parallel sweeps send each mail once; the body is erased
// once sent; a mail that keeps failing is retried with growing waits for more than a day, then
// given up with a log line and a mail to the team (the waits are the database's own rule); a
// server that stalls cannot hold a send past its timeout.
import { chmodSync, statSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, test } from 'vitest';
import { schema } from '~/server/db/db.server';
import { logTo } from '~/server/log.server';
import { sweepMailOutbox } from '~/server/app/mail-queues.server';
import { enqueueMail } from '~/server/mail/enqueue.server';
import { GIVEN_UP_MAIL_KIND } from '~/server/mail/queue.server';
import { kickOutbox, OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS, startOutbox } from '~/server/mail/outbox.server';
import { refusedForGood, sendMail } from '~/server/mail/transport.server';
import type { LogLine } from '../support/logs';
import { describeEachDatabase } from '../support/database';
import { useMailConfig, useTestConfig } from '../support/routes';
import { SMTP_DOWN, smtpSink, startSmtp } from '../support/smtp';
import { nextAttemptAt, retryDelayOf } from '../support/mail-queue';

const smtp = smtpSink();

/** What the process logs from now on, as parsed lines, until stop(). */
function captureLog() {
  const lines: LogLine[] = [];
  const stop = logTo({ write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { lines: () => lines, stop };
}
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

  test('an outage of a day loses nothing: the waits grow, and after it the mail goes out once', async () => {
    const to = address();
    await enqueueMail(current().db, 'test', mail(to));
    useMailConfig(SMTP_DOWN);
    // Sweeps every 5 minutes for 24 hours (as the poll would): attempts only when a wait is over.
    let attempts = 0;
    for (let minute = 0; minute <= 24 * 60; minute += 5) {
      attempts += (await sweepMailOutbox({ now: later(minute * 60_000) })).claimed;
    }
    expect(attempts).toBeGreaterThan(5);
    expect(attempts).toBeLessThan(OUTBOX_MAX_ATTEMPTS);
    expect((await rowsTo(to))[0]).toMatchObject({ sentAt: null, givenUpAt: null, attempts });
    useMailConfig(smtp.url);
    let sent = 0;
    for (let minute = 24 * 60; minute <= 31 * 60; minute += 5) {
      sent += (await sweepMailOutbox({ now: later(minute * 60_000) })).sent;
    }
    expect(sent).toBe(1);
    expect(smtp.mailsTo(to)).toHaveLength(1);
  });

  test('a mail that keeps failing is given up after the last attempt: a log line, and the team is told', async () => {
    const team = `team-${crypto.randomUUID().slice(0, 8)}@bewegung.test`;
    useMailConfig(SMTP_DOWN, { TEAM_NOTIFY_EMAIL: team });
    const to = address();
    await enqueueMail(current().db, 'password-reset', mail(to));
    const log = captureLog();
    try {
      const start = Date.now();
      let now = new Date(start);
      for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
        expect((await sweepMailOutbox({ now })).claimed, `attempt ${attempt}`).toBe(1);
        now = await nextAttemptAt(t, (await rowsTo(to))[0]!.id);
      }
      const at = now.getTime() - start;
      expect(at).toBeGreaterThan(24 * 60 * 60_000);
      expect((await rowsTo(to))[0]).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null, givenUpAt: null });
      await sweepMailOutbox({ now: later(at) });
      const [row] = await rowsTo(to);
      expect(row).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null, text: null, html: null });
      expect(row!.givenUpAt).toBeInstanceOf(Date);
      const line = log.lines().find((l) => /given up/.test(String(l.msg)));
      expect(line).toMatchObject({ level: 'error', kind: 'password-reset', mailId: row!.id });
      expect(JSON.stringify(log.lines())).not.toContain(to);
      const [notice] = await rowsTo(team);
      expect(notice).toMatchObject({ kind: GIVEN_UP_MAIL_KIND, sentAt: null });
      expect(notice!.text).toContain(to);
      // Given up once: later sweeps neither try it again nor tell the team again.
      await sweepMailOutbox({ now: later(at + 48 * 60 * 60_000) });
      expect(await rowsTo(team)).toHaveLength(1);
      expect((await rowsTo(to))[0]!.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
    } finally {
      log.stop();
    }
  });

  test('the waits between attempts double from the lease up to 6 hours (the SQL rule the claims use)', async () => {
    const waits = [];
    for (let attempts = 1; attempts <= 9; attempts++) waits.push(await retryDelayOf(attempts));
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 320, 360, 360].map((minutes) => minutes * 60_000));
  });

  test('the last attempt comes more than 24 hours after the first, and the give-up within two days', async () => {
    let last = 0;
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) last += await retryDelayOf(attempt);
    expect(last).toBeGreaterThan(24 * 60 * 60_000);
    expect(last + (await retryDelayOf(OUTBOX_MAX_ATTEMPTS))).toBeLessThan(48 * 60 * 60_000);
  });

  test("without SMTP_URL a mail is a file only the server's user can read (it may hold a reset link)", async () => {
    const config = useTestConfig();
    const sent = await sendMail({ ...mail(address()), links: [] });
    expect(path.dirname(sent.file!)).toBe(path.join(config.dataDir, 'outbox'));
    expect(statSync(sent.file!).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(sent.file!)).mode & 0o777).toBe(0o700);
    // Also when the folder was there before, made by an older version with the default mode.
    chmodSync(path.dirname(sent.file!), 0o755);
    await sendMail({ ...mail(address()), links: [] });
    expect(statSync(path.dirname(sent.file!)).mode & 0o777).toBe(0o700);
  });

  test('the transport tells a refusal for good (a 5xx to the address) from one that may pass later', async () => {
    const picky = await startSmtp({ refuse: (a) => a.startsWith('gone-'), defer: (a) => a.startsWith('full-') });
    const failureOf = (to: string) =>
      sendMail({ ...mail(to), links: [] }).then(
        () => 'sent',
        (error: unknown) => (refusedForGood(error) ? 'refused for good' : 'may pass later'),
      );
    try {
      useMailConfig(picky.url);
      expect(await failureOf(`gone-${address()}`)).toBe('refused for good');
      expect(await failureOf(`full-${address()}`)).toBe('may pass later');
      expect(await failureOf(address())).toBe('sent');
      useMailConfig(SMTP_DOWN);
      expect(await failureOf(address())).toBe('may pass later');
    } finally {
      await picky.close();
    }
  });

  test('an SMTP server that accepts and then stalls cannot hold a send past its timeout', async () => {
    const sockets = new Set<Socket>();
    const closed: Promise<void>[] = [];
    // Greets, then never answers again (EHLO is left hanging).
    const stalling = createServer((socket) => {
      sockets.add(socket);
      closed.push(new Promise((resolve) => socket.once('close', () => resolve())));
      socket.write('220 stalling.test ESMTP\r\n');
      socket.on('data', () => {});
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    const { port } = stalling.address() as { port: number };
    try {
      useMailConfig(`smtp://127.0.0.1:${port}`);
      const started = Date.now();
      await expect(sendMail({ ...mail(address()), links: [] }, { timeoutMs: 500 })).rejects.toThrow(/did not finish/);
      expect(Date.now() - started).toBeLessThan(3000);
      // The connection is closed: the mail cannot go out after it was counted as failed.
      await Promise.all(closed);
      expect([...sockets].every((s) => s.destroyed)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });
});
