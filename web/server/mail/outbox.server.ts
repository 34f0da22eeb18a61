// The mail outbox runner (decision records 009, 034 and the one queue's record). Mails are written
// to the database in the same transaction as what they announce; the one queue (queue.server.ts)
// sends them, one sweep per kind of mail (the outbox's table, the decision mails, the newsletters).
// The runner drains every kind in small batches, pausing between batches so that a burst of
// requests is answered first and its mails follow at a bounded rate. A kick after a commit starts
// a drain at once; a poll now and then finds mails whose kick went to another process or was lost
// in a restart. The timing of retries lives here too, as SQL (claimDue, retryAt): a claim that is
// not settled (a crash, an SMTP outage) is taken on again after a wait that doubles with every
// attempt, for more than a day; only then is the mail given up. A send never outlasts the claim's
// lease, so a slow send cannot be taken on twice.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { log } from '../log.server';

/** How long a claimed mail may stay unsent before a sweep takes it on again (the first retry's wait). */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** The longest wait between two attempts. */
export const OUTBOX_MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;
/**
 * After this many attempts a mail is given up (the address is refused, or the mail server is gone):
 * the last comes more than 24 hours after the first (28 h 35 min), so an outage of a day loses nothing.
 */
export const OUTBOX_MAX_ATTEMPTS = 11;
/**
 * The longest one send may take (DNS, connection, greeting, the message): the transport's own
 * timeouts end it sooner, and past this it is aborted. Together with OUTBOX_BATCH_BUDGET_MS it
 * stays inside the lease, so no other process takes a mail on while it is still being sent.
 */
export const OUTBOX_SEND_TIMEOUT_MS = 2 * 60_000;
/** A batch starts no new send after this long (what it did not reach is taken on in a later sweep). */
export const OUTBOX_BATCH_BUDGET_MS = OUTBOX_LEASE_MS - OUTBOX_SEND_TIMEOUT_MS - 30_000;

/**
 * SQL: when a claim made at `claimedAt` as attempt `attempts` (1, 2, …) may be taken on again: the
 * lease, doubled with each attempt, at most OUTBOX_MAX_RETRY_DELAY_MS later (5 min, 10, 20, …
 * 5 h 20 min, then 6 h). The one place the back-off is written; the claims and the give-up use it.
 */
export function retryAt(claimedAt: AnyColumn | SQL, attempts: AnyColumn | SQL | number): SQL<Date> {
  const delayMs = sql`least(${OUTBOX_LEASE_MS}::float8 * power(2, greatest(${attempts} - 1, 0)), ${OUTBOX_MAX_RETRY_DELAY_MS}::float8)`;
  return sql<Date>`(${claimedAt} + ${delayMs} * interval '1 millisecond')`;
}

/** SQL: a claim made at `claimedAt` after `attempts` attempts is due again at `now` (or was never made). */
export function claimDue(claimedAt: AnyColumn, attempts: AnyColumn, now: Date): SQL {
  return sql`(${claimedAt} is null or ${retryAt(claimedAt, attempts)} < ${now.toISOString()}::timestamptz)`;
}
/** Mails per batch and kind (unless a kind sets its own), and the pause between full batches. */
export const OUTBOX_BATCH = 20;
export const OUTBOX_PAUSE_MS = 200;
/** How often each process looks for mails nobody kicked it for. */
export const OUTBOX_POLL_MS = 30_000;
/** After a sweep failed (the database away for a moment), the next try comes this soon. */
export const OUTBOX_RETRY_AFTER_FAILURE_MS = 5_000;

export interface SweepOptions {
  /** The sweep's clock (claims, waits, give-up). */
  now?: Date;
  /** At most this many rows (the kind's batch by default). */
  limit?: number;
  /** How long one send may take (OUTBOX_SEND_TIMEOUT_MS by default). */
  sendTimeoutMs?: number;
}
export interface SweepResult {
  claimed: number;
  sent: number;
}
/**
 * One kind of mail in the outbox: claims up to `limit` (default `batch`) due mails, sends them,
 * settles them. A sweep that claimed a whole batch is followed by another after the pause.
 */
export interface Sweep {
  (options?: SweepOptions): Promise<SweepResult>;
  readonly batch: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends batches of every queue until each came back short; kicks during a drain ask for one more. */
class Outbox {
  private running: Promise<void> | undefined;
  private again = false;
  stopped = false;
  private readonly timer: NodeJS.Timeout;
  private wake: { at: number; timer: NodeJS.Timeout } | undefined;

  constructor(
    private readonly queues: Sweep[],
    pollMs: number,
  ) {
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
      let full = true;
      while (full && !this.stopped) {
        full = false;
        for (const sweep of this.queues) {
          try {
            if ((await sweep()).claimed >= sweep.batch) full = true;
          } catch (error) {
            // The database may be away for a moment: try again soon (a kick or the poll may come first).
            log.error({ err: error }, 'Mail outbox sweep failed');
            this.kickAt(Date.now() + OUTBOX_RETRY_AFTER_FAILURE_MS);
          }
        }
        if (full) await sleep(OUTBOX_PAUSE_MS);
      }
    } while (this.again && !this.stopped);
  }

  /** Kicks at `at` (or at an earlier time already asked for). */
  kickAt(at: number) {
    if (this.stopped || (this.wake && this.wake.at <= at)) return;
    clearTimeout(this.wake?.timer);
    const timer = setTimeout(
      () => {
        this.wake = undefined;
        this.kick();
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    this.wake = { at, timer };
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.wake?.timer);
    await this.running;
  }
}

let outbox: Outbox | undefined;

/** Starts this process's outbox over `queues` (one outbox per process); returns a function that stops it. */
export function startOutbox(queues: Sweep[], pollMs = OUTBOX_POLL_MS) {
  const started = new Outbox(queues, pollMs);
  outbox = started;
  return async () => {
    await started.stop();
    if (outbox === started) outbox = undefined;
  };
}

/** Mails were committed: send them soon (no-op when no outbox runs in this process). */
export function kickOutbox() {
  outbox?.kick();
}

/**
 * A mail falls due at `at` (a decision mail after its delay): kick this process's outbox then.
 * Only the earliest time asked for is kept; a queue asks again for its next one after each sweep.
 */
export function kickOutboxAt(at: Date) {
  outbox?.kickAt(at.getTime());
}

/** True while this process's outbox is stopping: a queue starts no further send then. */
export const outboxStopping = () => outbox?.stopped ?? false;
