// The outbox of the newsletter confirmation mails (decision 006). A signup with the opt-in only
// stores its row and kicks this outbox; the outbox sends the mails. It claims them in small batches
// (FOR UPDATE SKIP LOCKED, so several server processes never take the same mail) and pauses between
// batches, so that a burst of signups is answered first and its mails follow at a bounded rate. It
// also polls now and then, for mails whose kick went to another process or was lost in a restart.
// A claim that is not marked sent within the lease (a crash, an SMTP outage) is taken on again, at
// most CONFIRMATION_MAX_ATTEMPTS times: a mail is delayed, never lost (at worst sent twice).
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { getDatabase, schema } from './db.server';
import { sendNewsletterConfirmation } from './newsletter.server';

/** How long a claimed mail may stay unsent before a sweep takes it on again. */
export const CONFIRMATION_LEASE_MS = 5 * 60_000;
/** After this many attempts an address is given up (it is refused, or the mail server is gone). */
export const CONFIRMATION_MAX_ATTEMPTS = 5;
/** Mails per batch, and the pause between batches: at most 100 mails/s per process. */
export const CONFIRMATION_BATCH = 20;
export const CONFIRMATION_PAUSE_MS = 200;
/** How often each process looks for mails nobody kicked it for. */
export const CONFIRMATION_POLL_MS = 30_000;

/**
 * One batch: claims up to `limit` unsent confirmation mails of opt-ins that are neither confirmed
 * nor unsubscribed, whose claim is free or ran out, sends them and marks the sent ones.
 */
export async function sweepConfirmationOutbox({ now = new Date(), limit = CONFIRMATION_BATCH } = {}) {
  const { db } = getDatabase();
  const t = schema.signups;
  const expired = new Date(now.getTime() - CONFIRMATION_LEASE_MS);
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
              lt(t.confirmationMailAttempts, CONFIRMATION_MAX_ATTEMPTS),
              or(isNull(t.confirmationMailClaimedAt), lt(t.confirmationMailClaimedAt, expired)),
            ),
          )
          .orderBy(t.createdAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: t.id, name: t.name, email: t.email });

  const sent: string[] = [];
  for (const signup of claimed) {
    try {
      await sendNewsletterConfirmation(signup);
      sent.push(signup.id);
    } catch (error) {
      console.error(`Newsletter confirmation mail for signup ${signup.id} failed (will be retried):`, error);
    }
  }
  if (sent.length) {
    try {
      await db.update(t).set({ confirmationMailSentAt: new Date() }).where(inArray(t.id, sent));
    } catch (error) {
      // The mails went out; at worst they go out a second time after the lease.
      console.error(`Could not mark ${sent.length} confirmation mail(s) as sent:`, error);
    }
  }
  return { claimed: claimed.length, sent: sent.length };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends batches until a batch comes back short; kicks during a run ask for one more run. */
class Outbox {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pollMs: number) {
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => (this.running = undefined));
  }

  private async drain() {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await sweepConfirmationOutbox()).claimed === CONFIRMATION_BATCH)
          await sleep(CONFIRMATION_PAUSE_MS);
      } catch (error) {
        console.error('Newsletter outbox sweep failed:', error);
        return;
      }
    } while (this.again && !this.stopped);
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}

let outbox: Outbox | undefined;

/** Starts this process's outbox (one per process); returns a function that stops it. */
export function startConfirmationOutbox(pollMs = CONFIRMATION_POLL_MS) {
  const started = new Outbox(pollMs);
  outbox = started;
  return async () => {
    await started.stop();
    if (outbox === started) outbox = undefined;
  };
}

/** A new opt-in was committed: send its mail soon (no-op when no outbox runs in this process). */
export function kickConfirmationOutbox() {
  outbox?.kick();
}
