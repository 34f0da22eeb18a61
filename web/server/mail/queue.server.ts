// The general queue of the mail outbox (table mail_outbox): application confirmations, team
// notifications, account mails. A mail is rendered when it is queued, inside the transaction of
// what it announces; the runner (outbox.server.ts) sends it. The body is erased once the SMTP
// server accepted the mail, so links in it (a password reset) are not kept beyond their use.
import { and, asc, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { getDatabase, schema, type Db } from '../db/db.server';
import { sendMail, type Mail } from './transport.server';
import { leaseExpiredBefore, OUTBOX_BATCH, OUTBOX_MAX_ATTEMPTS, sendClaimed, type SweepOptions } from './outbox.server';

const t = schema.mailOutbox;

/** A mail as it is queued: rendered in full; its links are found in the text when it is sent. */
export type OutboxMail = Omit<Mail, 'links'>;

/** The closing lines of every German mail we send. */
export const MAIL_SIGNATURE = '\n\nHerzliche Grüße\nDein Team von Bewegungscoaching';

/**
 * Queues a mail in `tx` (pass the transaction of the write the mail announces, or the database).
 * After the commit, call kickOutbox() so that it goes out at once rather than at the next poll.
 */
export async function enqueueMail(tx: Db, kind: string, mail: OutboxMail): Promise<void> {
  await tx.insert(t).values({
    kind,
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    headers: mail.headers ?? null,
  });
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/** One batch: claims up to `limit` due mails, sends them and marks (and empties) the sent ones. */
export async function sweepMailOutbox({ now = new Date(), limit = OUTBOX_BATCH }: SweepOptions = {}) {
  const { db } = getDatabase();
  const claimed = await db
    .update(t)
    .set({ claimedAt: now, attempts: sql`${t.attempts} + 1` })
    .where(
      inArray(
        t.id,
        db
          .select({ id: t.id })
          .from(t)
          .where(
            and(
              isNull(t.sentAt),
              lt(t.attempts, OUTBOX_MAX_ATTEMPTS),
              or(isNull(t.claimedAt), lt(t.claimedAt, leaseExpiredBefore(now))),
            ),
          )
          .orderBy(asc(t.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();

  return sendClaimed(
    claimed,
    (mail) =>
      sendMail({
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text ?? '',
        html: mail.html ?? undefined,
        headers: mail.headers ?? undefined,
        // Printed to a developer's terminal when mails are written to files (never in production).
        links: mail.text?.match(LINK) ?? [],
      }),
    // The body is erased once sent: links in it (a password reset) are not kept beyond their use.
    (ids) => db.update(t).set({ sentAt: new Date(), text: null, html: null }).where(inArray(t.id, ids)),
    (mail) => `Mail ${mail.id} (${mail.kind})`,
  );
}
