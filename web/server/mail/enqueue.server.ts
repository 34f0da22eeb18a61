// Queueing a mail in the table mail_outbox, inside the transaction of what it announces (a commit
// that fails takes its mail with it). The queue (queue.server.ts, outbox-mails.server.ts) sends it.
import { schema, type Db } from '../db/db.server';
import type { Mail } from './transport.server';

/** A mail as it is queued: rendered in full; its links are found in the text when it is sent. */
export type OutboxMail = Omit<Mail, 'links' | 'messageId'>;

/** The closing lines of every German mail we send. */
export const MAIL_SIGNATURE = '\n\nHerzliche Grüße\nDein Team von Bewegungscoaching';

/**
 * Queues a mail in `tx` (pass the transaction of the write the mail announces, or the database).
 * After the commit, call kickOutbox() so that it goes out at once rather than at the next poll.
 */
export async function enqueueMail(tx: Db, kind: string, mail: OutboxMail): Promise<void> {
  await tx.insert(schema.mailOutbox).values({
    kind,
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    headers: mail.headers ?? null,
  });
}
