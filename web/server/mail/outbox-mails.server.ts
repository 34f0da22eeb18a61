// The kind of mail in the table mail_outbox (decision records 009 and 034): newsletter
// confirmations, application mails, team notices, account mails, newsletter tests. Most are
// rendered when queued (enqueue.server.ts); a kind the composition root hands a renderer for (the
// newsletter confirmation) is queued without its text and rendered when it is sent. A sent mail's
// body is erased, so links in it (a password reset) are not kept beyond their use; the row stays
// as a record. A failed attempt stays claimed until its wait is over; after the last one the mail
// is given up (erased too) and the team told.
import { and, asc, isNull } from 'drizzle-orm';
import { getDatabase, schema } from '../db/db.server';
import type { OutboxMail } from './enqueue.server';
import { mailQueue, siteMessageId, stillClaimed } from './queue.server';

const t = schema.mailOutbox;

/** A row of mail_outbox as the queue claims it. */
export type QueuedOutboxMail = typeof t.$inferSelect;

/**
 * Renders a mail that was queued without its text when it is sent: for what SQL cannot write (a
 * link sealed with the server's key) or what may change until then. null: it is no longer wanted
 * (settled without a send).
 */
export type RenderWhenSent = (queued: QueuedOutboxMail) => Promise<OutboxMail | null>;

/**
 * The sweep of mail_outbox, with the renderers of the kinds queued without their text (by the
 * `kind` column). A row of a kind without one fails its attempt: it waits for a process that knows
 * how to render it.
 */
export function mailOutboxQueue(renderWhenSent: Record<string, RenderWhenSent> = {}) {
  return mailQueue<QueuedOutboxMail>({
    name: 'mail_outbox',
    table: t,
    waiting: () => and(isNull(t.sentAt), isNull(t.givenUpAt))!,
    order: [asc(t.id)],
    async render(queued) {
      if (queued.text !== null) {
        return {
          to: queued.toAddress,
          subject: queued.subject,
          text: queued.text,
          html: queued.html ?? undefined,
          headers: queued.headers ?? undefined,
        };
      }
      const render = renderWhenSent[queued.kind];
      if (!render) throw new Error(`No renderer for mails of kind ${queued.kind}`);
      return (await render(queued)) ?? 'not-wanted';
    },
    messageId: (row) => siteMessageId(`mail-${row.id}.${row.createdAt.getTime()}`),
    describe: (row) => `Mail ${row.id} (${row.kind})`,
    async settle(row, how, now) {
      // A failed attempt (refused or not) stays claimed: it is taken on again after its wait.
      if (how === 'failed' || how === 'refused') return true;
      const done = await getDatabase()
        .db.update(t)
        .set({ sentAt: now, text: null, html: null })
        .where(stillClaimed(t, row))
        .returning({ id: t.id });
      return done.length > 0;
    },
    async giveUp(due, now) {
      const given = await getDatabase()
        .db.update(t)
        .set({ givenUpAt: now, text: null, html: null })
        .where(due)
        .returning({ id: t.id, kind: t.kind, to: t.toAddress, createdAt: t.createdAt, attempts: t.attempts });
      return given.map((mail) => ({ queue: 'mail_outbox', ...mail }));
    },
  });
}
