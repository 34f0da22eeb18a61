// The mail outbox runner (decision records 009 and 015). Mails are written to the database in the
// same transaction as what they announce; this runner sends them. It drains its queues in small
// batches, each claimed with FOR UPDATE SKIP LOCKED (so several server processes never take the
// same mail), pausing between batches so that a burst of requests is answered first and its mails
// follow at a bounded rate. A kick after a commit starts a drain at once; a poll now and then finds
// mails whose kick went to another process or was lost in a restart. A claim that is not marked
// sent within the lease (a crash, an SMTP outage) is taken on again, at most OUTBOX_MAX_ATTEMPTS
// times: a mail is delayed, never lost (at worst sent twice).
import { log } from '../log.server';

/** How long a claimed mail may stay unsent before a sweep takes it on again. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** After this many attempts a mail is given up (the address is refused, or the mail server is gone). */
export const OUTBOX_MAX_ATTEMPTS = 5;
/** Mails per batch and queue, and the pause between batches: at most 100 mails/s per queue and process. */
export const OUTBOX_BATCH = 20;
export const OUTBOX_PAUSE_MS = 200;
/** How often each process looks for mails nobody kicked it for. */
export const OUTBOX_POLL_MS = 30_000;

export interface SweepOptions {
  now?: Date;
  limit?: number;
}
export interface SweepResult {
  claimed: number;
  sent: number;
}
/** One queue of the outbox: claims up to `limit` due mails, sends them, marks the sent ones. */
export type Sweep = (options?: SweepOptions) => Promise<SweepResult>;

/**
 * Sends each claimed mail and marks the ones that went out. A failed mail stays claimed until its
 * lease runs out, then a sweep takes it on again; a failed mark means it may go out twice, never not.
 */
export async function sendClaimed<T extends { id: string | number }>(
  claimed: T[],
  send: (item: T) => Promise<unknown>,
  markSent: (ids: T['id'][]) => Promise<unknown>,
  describe: (item: T) => string,
): Promise<SweepResult> {
  const sent: T['id'][] = [];
  for (const item of claimed) {
    try {
      await send(item);
      sent.push(item.id);
    } catch (error) {
      log.error({ err: error }, `${describe(item)} failed (will be retried)`);
    }
  }
  if (sent.length) {
    try {
      await markSent(sent);
    } catch (error) {
      log.error({ err: error }, `Could not mark ${sent.length} mail(s) as sent`);
    }
  }
  return { claimed: claimed.length, sent: sent.length };
}

/** The lease's end for claims made before `now`: claims older than this are taken on again. */
export const leaseExpiredBefore = (now: Date) => new Date(now.getTime() - OUTBOX_LEASE_MS);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends batches of every queue until each came back short; kicks during a drain ask for one more. */
class Outbox {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly timer: NodeJS.Timeout;

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
            if ((await sweep()).claimed === OUTBOX_BATCH) full = true;
          } catch (error) {
            // The database may be away for a moment; the next kick or poll tries again.
            log.error({ err: error }, 'Mail outbox sweep failed');
          }
        }
        if (full) await sleep(OUTBOX_PAUSE_MS);
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
