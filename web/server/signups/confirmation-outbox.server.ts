// The newsletter confirmation mails' queue of the outbox (decision record 015). Unlike the other
// mails (mail/queue.server.ts), these live in the signup row itself: the batched signup INSERT
// claims nothing extra, which keeps the signup path's group commit as fast as a bare INSERT. The
// runner (outbox.server.ts) drains this queue with the others; it sends only to opt-ins that are
// neither confirmed nor unsubscribed.
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { getDatabase, schema } from '../db/db.server';
import { sendNewsletterConfirmation } from './newsletter.server';
import {
  claimDue,
  OUTBOX_BATCH,
  OUTBOX_MAX_ATTEMPTS,
  reportGivenUp,
  sendClaimed,
  type SweepOptions,
} from '../mail/mail.server';

export const CONFIRMATION_MAIL_KIND = 'newsletter-confirmation';

/**
 * One batch: gives up confirmation mails that ran out of attempts, then claims up to `limit`
 * unsent confirmation mails of opt-ins that are neither confirmed nor unsubscribed, whose claim is
 * free or whose wait is over, sends them and marks the sent ones.
 */
export async function sweepConfirmationOutbox({ now = new Date(), limit = OUTBOX_BATCH }: SweepOptions = {}) {
  const { db } = getDatabase();
  const t = schema.signups;
  const given = await db
    .update(t)
    .set({ confirmationMailGivenUpAt: now })
    .where(
      and(
        eq(t.newsletterOptIn, true),
        isNull(t.confirmationMailSentAt),
        isNull(t.confirmationMailGivenUpAt),
        isNull(t.newsletterConfirmedAt),
        isNull(t.newsletterUnsubscribedAt),
        gte(t.confirmationMailAttempts, OUTBOX_MAX_ATTEMPTS),
        claimDue(t.confirmationMailClaimedAt, t.confirmationMailAttempts, now),
      ),
    )
    .returning({ id: t.id, to: t.email, createdAt: t.createdAt, attempts: t.confirmationMailAttempts });
  await reportGivenUp(given.map((m) => ({ queue: 'signups', kind: CONFIRMATION_MAIL_KIND, ...m })));
  const claimed = await db
    .update(t)
    .set({ confirmationMailClaimedAt: now, confirmationMailAttempts: sql`${t.confirmationMailAttempts} + 1` })
    .where(
      inArray(
        t.id,
        db
          .select({ id: t.id })
          .from(t)
          .where(
            and(
              eq(t.newsletterOptIn, true),
              isNull(t.confirmationMailSentAt),
              isNull(t.newsletterConfirmedAt),
              isNull(t.newsletterUnsubscribedAt),
              isNull(t.confirmationMailGivenUpAt),
              lt(t.confirmationMailAttempts, OUTBOX_MAX_ATTEMPTS),
              claimDue(t.confirmationMailClaimedAt, t.confirmationMailAttempts, now),
            ),
          )
          .orderBy(t.createdAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: t.id, name: t.name, email: t.email, userType: t.userType });

  return sendClaimed(
    claimed,
    sendNewsletterConfirmation,
    (ids) => db.update(t).set({ confirmationMailSentAt: new Date() }).where(inArray(t.id, ids)),
    (signup) => `Newsletter confirmation mail for signup ${signup.id}`,
  );
}
