// The newsletters, a kind of mail of the one queue (web/server/mail/queue.server.ts): each frozen
// recipient is a row the queue claims (SKIP LOCKED, a lease, growing waits for a day), within
// NEWSLETTER_RATE_PER_MINUTE for all instances together. Right before its mail the recipient is
// read again: a signup that unsubscribed (by any way), became undeliverable or was deleted since
// is skipped, and a paused send hands its claims back. The mail is rendered from the newsletter as
// it was sent (kept with the send; once per batch, then each recipient's values put in), with the
// recipient's own unsubscribe link and a Message-ID that is the same on every attempt. A 5xx to the address marks every signup of that address
// undeliverable and counts as failed; a 4xx or a lost connection is tried again; after the last
// attempt the mail counts as failed. A send whose recipients are all settled is sent.
import { and, asc, count, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Newsletter } from '~/lib/newsletter';
import { getConfig } from '../config.server';
import { getDatabase, schema } from '../db/db.server';
import { log } from '../log.server';
import { mailQueue, siteMessageId, stillClaimed, type Sweep } from '../mail/mail.server';
import { unsubscribeUrl } from '../signups/signups.server';
import { personalMails, type PersonalMail } from './personalise.server';
import { recipientNow } from './recipients.server';
import { newsletterSite } from './site.server';

const r = schema.newsletterRecipients;
const n = schema.newsletterSends;
const s = schema.signups;

type RecipientRow = typeof r.$inferSelect;

/** The bucket of the shared rate (mail/rate.server.ts). */
export const NEWSLETTER_RATE_BUCKET = 'newsletter';
/** Recipients per batch, and sends at a time (the SMTP transport's pool holds five connections). */
export const NEWSLETTER_BATCH = 50;
export const NEWSLETTER_CONCURRENCY = 4;

interface Batch {
  /** Each newsletter of the batch, rendered once (personalise.server.ts). */
  mails: Map<string, PersonalMail>;
}

/** Marks a settled recipient, if its claim is still this one. */
async function mark(row: RecipientRow, set: Partial<typeof r.$inferInsert>) {
  const done = await getDatabase()
    .db.update(r)
    .set(set)
    .where(and(stillClaimed(r, row), eq(r.status, 'pending')))
    .returning({ id: r.id });
  return done.length > 0;
}

/** The address was refused for good: the recipient failed, and no newsletter goes to it again. */
async function markUndeliverable(row: RecipientRow, now: Date) {
  return getDatabase().db.transaction(async (tx) => {
    const [failed] = await tx
      .update(r)
      .set({ status: 'failed', settledAt: now })
      .where(and(stillClaimed(r, row), eq(r.status, 'pending')))
      .returning({ signupId: r.signupId });
    if (!failed) return false;
    if (failed.signupId) {
      const address = tx
        .select({ email: sql`lower(${s.email})` })
        .from(s)
        .where(eq(s.id, failed.signupId));
      await tx
        .update(s)
        .set({ newsletterUndeliverableAt: now })
        .where(and(sql`lower(${s.email}) in (${address})`, isNull(s.newsletterUndeliverableAt)));
    }
    return true;
  });
}

/** Sends with no recipient waiting any more are sent: their figures are kept with them. */
async function finishSends() {
  const { db } = getDatabase();
  const pending = db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.newsletterId, n.newsletterId), eq(r.status, 'pending')));
  const figure = (status: 'sent' | 'failed') =>
    sql`(${db
      .select({ count: count() })
      .from(r)
      .where(and(eq(r.newsletterId, n.newsletterId), eq(r.status, status)))})`;
  const finished = await db
    .update(n)
    .set({ status: 'sent', finishedAt: sql`now()`, sent: figure('sent'), failed: figure('failed') })
    .where(and(eq(n.status, 'sending'), notExists(pending)))
    .returning({ id: n.newsletterId, sent: n.sent, failed: n.failed, recipients: n.recipients });
  for (const send of finished)
    log.info(
      { newsletterId: send.id, sent: send.sent, failed: send.failed, recipients: send.recipients },
      `Newsletter ${send.id} sent: ${send.sent} of ${send.recipients} delivered, ${send.failed} failed`,
    );
}

/** The Message-ID of a recipient's mail: the same on every attempt. */
const messageIdOf = (row: RecipientRow) =>
  siteMessageId(`newsletter-${row.id}.${row.newsletterId.replace(/[^A-Za-z0-9._-]/g, '-')}`);

/** The newsletters' sweep. */
export function newsletterQueue(): Sweep {
  return mailQueue<RecipientRow, Batch>({
    name: 'newsletter_recipients',
    table: r,
    waiting: () =>
      and(
        eq(r.status, 'pending'),
        sql`exists (select 1 from ${n} where ${n.newsletterId} = ${r.newsletterId} and ${n.status} = 'sending')`,
      )!,
    order: [asc(r.id)],
    batch: NEWSLETTER_BATCH,
    concurrency: NEWSLETTER_CONCURRENCY,
    rate: { bucket: NEWSLETTER_RATE_BUCKET, perMinute: () => getConfig().newsletterRatePerMinute },
    async load(rows) {
      const ids = [...new Set(rows.map((row) => row.newsletterId))];
      const sends = await getDatabase()
        .db.select({ id: n.newsletterId, newsletter: n.newsletter })
        .from(n)
        .where(inArray(n.newsletterId, ids));
      const site = await newsletterSite();
      const mails = await Promise.all(
        sends.map(
          async (send) => [send.id, await personalMails(send.newsletter as unknown as Newsletter, site)] as const,
        ),
      );
      return { mails: new Map(mails) };
    },
    async render(row, batch) {
      const now = await recipientNow(getDatabase().db, row.id);
      if (!now || now.status === 'paused') return 'not-now';
      const mailOf = batch.mails.get(row.newsletterId);
      if (!now.wanted || !now.signupId || !mailOf) return 'not-wanted';
      const mail = await mailOf(
        { name: now.name!, signedUpAt: now.signedUpAt!, confirmedAt: now.confirmedAt! },
        unsubscribeUrl(now.signupId),
      );
      return { to: now.email!, ...mail };
    },
    messageId: messageIdOf,
    describe: (row) => `Newsletter mail ${row.id} (${row.newsletterId})`,
    async settle(row, how, now) {
      switch (how) {
        case 'sent':
          return mark(row, { status: 'sent', sentAt: now });
        case 'not-wanted':
          return mark(row, { status: 'skipped', settledAt: now });
        case 'refused':
          return markUndeliverable(row, now);
        case 'failed':
          // Stays pending and claimed: taken on again after its wait.
          return true;
      }
    },
    // Out of attempts after more than a day: failed. The log says how many; the dashboard shows them.
    async giveUp(due, now) {
      const given = await getDatabase()
        .db.update(r)
        .set({ status: 'failed', settledAt: now })
        .where(due)
        .returning({ id: r.id, newsletterId: r.newsletterId });
      const byNewsletter = Map.groupBy(given, (row) => row.newsletterId);
      for (const [newsletterId, rows] of byNewsletter)
        log.error(
          { newsletterId, given: rows.length },
          `Newsletter ${newsletterId}: ${rows.length} mail(s) given up after their last attempt`,
        );
      return [];
    },
    afterSweep: finishSends,
  });
}
