// The one queue every mail leaves through. A kind of mail (the outbox's table, the decision mails,
// the newsletters) says where its rows are and which of them wait, how one is rendered, and what
// settling one means; this module does the rest, once for every kind:
// - claim: a batch of waiting rows, FOR UPDATE SKIP LOCKED, each stamped with the claim's time and
//   one more attempt, so that no two processes take the same row and a crashed claim runs out
//   after its lease (outbox.server.ts: retryAt, claimDue);
// - back-off and give-up: a claim not settled is taken on again after a wait that doubles with
//   every attempt; after OUTBOX_MAX_ATTEMPTS (more than a day) the kind gives the row up, and the
//   log and the team hear of it;
// - exactly once: each row is settled right after its own send, with a few quick retries should
//   the database be away for a moment; a send never outlasts the claim's lease; the claims no send
//   was started for go back at once when the process stops; and every attempt of a row carries
//   the same Message-ID. Only a process killed between the mail server's acceptance and that
//   settling (milliseconds) leaves a mail that goes out a second time, with the same Message-ID.
// - a shared rate (optional): a kind may name a budget of sends per minute that every process
//   draws from (rate.server.ts); retries count against it too.
// Nothing outside this folder calls the transport.
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { formatDateTime } from '~/lib/berlin-time';
import { getConfig } from '../config.server';
import { getDatabase } from '../db/db.server';
import { log } from '../log.server';
import { enqueueMail, MAIL_SIGNATURE, type OutboxMail } from './enqueue.server';
import {
  claimDue,
  kickOutboxAt,
  OUTBOX_BATCH,
  OUTBOX_BATCH_BUDGET_MS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_SEND_TIMEOUT_MS,
  outboxStopping,
  type Sweep,
  type SweepOptions,
  type SweepResult,
} from './outbox.server';
import { returnSends, takeSends } from './rate.server';
import { refusedForGood, sendMail } from './transport.server';

/** A table the queue claims from: its rows have an id, the time of their claim and their attempts. */
export type QueueTable = PgTable & { id: PgColumn; claimedAt: PgColumn; attempts: PgColumn };

/** What the queue reads of every row it claims. */
export interface QueueRow {
  id: string | number;
  claimedAt: Date | null;
  attempts: number;
}

/**
 * What rendering a claimed row gives: the mail, or why none goes out now: 'not-wanted' (the row
 * is settled without a send, e.g. the reader unsubscribed) or 'not-now' (its claim is given back
 * untouched, e.g. the newsletter was paused).
 */
export type Rendered = OutboxMail | 'not-wanted' | 'not-now';

/**
 * How an attempt ended: 'sent' (the mail server accepted it), 'failed' (it may pass later: taken on
 * again after its wait), 'refused' (the receiving side refused the address for good), 'not-wanted'.
 */
export type Settlement = 'sent' | 'failed' | 'refused' | 'not-wanted';

/** A mail given up after its last attempt, as the log and the team's notice name it. */
export interface GivenUpMail {
  /** Which kind of mail (its table): 'mail_outbox', 'decision_mails', … */
  queue: string;
  id: string | number;
  kind: string;
  to: string;
  createdAt: Date;
  attempts: number;
}

/** A kind of mail, as the queue sends it. `Batch` is what `load` reads once for a claimed batch. */
export interface MailKind<Row extends QueueRow, Batch = undefined> {
  /** Its table's name, for the log. */
  name: string;
  table: QueueTable;
  /** SQL: the rows that wait to go out now (not settled, past any delay the kind has). */
  waiting(now: Date): SQL;
  /** The order claims take the waiting rows in. */
  order: (PgColumn | SQL)[];
  /** Set on the claimed rows besides the claim's time and attempt (e.g. a status). */
  onClaim?: Record<string, unknown>;
  /** Rows per batch (OUTBOX_BATCH when not set). */
  batch?: number;
  /**
   * Sends at a time within a batch (1 when not set): several overlap the mail server's round trips.
   * A process killed mid-batch leaves at most this many sends whose outcome it did not record.
   */
  concurrency?: number;
  /** A budget of sends per minute shared by every process (rate.server.ts), when the kind has one. */
  rate?: { bucket: string; perMinute(): number };
  /** What rendering needs of the whole batch (read once per batch). */
  load?(rows: Row[]): Promise<Batch>;
  render(row: Row, batch: Batch): Promise<Rendered>;
  /** The Message-ID of every attempt of this row (`<…@…>`). */
  messageId(row: Row): string;
  /** How the log names a row (never by an address). */
  describe(row: Row): string;
  /**
   * Records how the attempt `row` stands for ended, if `row`'s claim is still the row's latest;
   * answers whether it was.
   */
  settle(row: Row, how: Settlement, now: Date): Promise<boolean>;
  /**
   * Settles the rows `due` selects (out of attempts, the wait after their last one over) as given
   * up; answers those the team is to hear of.
   */
  giveUp(due: SQL, now: Date): Promise<GivenUpMail[]>;
  /** After each sweep (e.g. wake the outbox when the next delayed mail falls due). */
  afterSweep?(): Promise<void>;
}

/** The team's notice of given-up mails: never about itself (that would go round in circles). */
export const GIVEN_UP_MAIL_KIND = 'mail-given-up';

/**
 * Says that mails were given up: one log line each (kind, id, attempts; never the address), and one
 * mail to TEAM_NOTIFY_EMAIL listing them, so someone can reach those people another way.
 */
export async function reportGivenUp(mails: GivenUpMail[]) {
  if (!mails.length) return;
  for (const mail of mails) {
    log.error(
      { queue: mail.queue, mailId: mail.id, kind: mail.kind, attempts: mail.attempts },
      `Mail ${mail.id} (${mail.kind}) given up after ${mail.attempts} attempts since ${mail.createdAt.toISOString()}`,
    );
  }
  const { teamNotify } = getConfig().mail;
  const forTeam = mails.filter((m) => m.kind !== GIVEN_UP_MAIL_KIND);
  if (!teamNotify || !forTeam.length) return;
  await enqueueMail(getDatabase().db, GIVEN_UP_MAIL_KIND, {
    to: teamNotify,
    subject: `${forTeam.length === 1 ? 'Eine E-Mail konnte' : `${forTeam.length} E-Mails konnten`} nicht zugestellt werden`,
    text:
      `Hallo Team,\n\nunser Mailserver hat diese E-Mails über mehr als einen Tag hinweg nicht angenommen; ` +
      `wir versuchen es nicht mehr:\n\n` +
      forTeam
        .map((m) => `- ${m.kind} an ${m.to} (vom ${formatDateTime(m.createdAt)}, ${m.attempts} Versuche)`)
        .join('\n') +
      `\n\nBitte prüft die Einstellungen des Mailservers (SMTP_URL) und meldet euch bei Bedarf auf anderem Weg ` +
      `bei diesen Personen.` +
      MAIL_SIGNATURE,
  });
}

/** A Message-ID of this site (`<local@host of PUBLIC_URL>`): the same on every attempt of a row. */
export const siteMessageId = (local: string) => `<${local}@${new URL(getConfig().publicUrl).hostname || 'localhost'}>`;

/** SQL: the row `row` stands for, still under the claim `row` holds (no other attempt took it since). */
export const stillClaimed = (table: QueueTable, row: QueueRow) =>
  row.claimedAt === null ? sql`false` : and(eq(table.id, row.id), eq(table.claimedAt, row.claimedAt))!;

/** Claims up to `limit` waiting rows of `kind` whose wait is over: one more attempt each, stamped `now`. */
async function claim<Row extends QueueRow>(kind: MailKind<Row, unknown>, now: Date, limit: number): Promise<Row[]> {
  const { db } = getDatabase();
  const t = kind.table;
  const rows = await db
    .update(t)
    .set({ ...kind.onClaim, claimedAt: now, attempts: sql`${t.attempts} + 1` })
    .where(
      inArray(
        t.id,
        db
          .select({ id: t.id })
          .from(t)
          .where(and(kind.waiting(now), lt(t.attempts, OUTBOX_MAX_ATTEMPTS), claimDue(t.claimedAt, t.attempts, now)))
          .orderBy(...kind.order)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  return rows as unknown as Row[];
}

/** Gives back the claims of rows no send was started for: any process takes them on at once, no attempt counted. */
async function release<Row extends QueueRow>(kind: MailKind<Row, unknown>, rows: Row[]) {
  const { db } = getDatabase();
  const t = kind.table;
  for (const row of rows) {
    await db
      .update(t)
      .set({ claimedAt: null, attempts: sql`${t.attempts} - 1` })
      .where(stillClaimed(t, row));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LINK = /https?:\/\/[^\s<>"]+/g;

/** Settles a sent mail, with a few quick retries: a database away for a moment must not make it go out again. */
async function settleSent<Row extends QueueRow>(kind: MailKind<Row, unknown>, row: Row): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await kind.settle(row, 'sent', new Date());
    } catch (error) {
      if (attempt >= 4) {
        log.error(
          { err: error, queue: kind.name, mailId: row.id },
          `${kind.describe(row)} was sent but could not be marked`,
        );
        return false;
      }
      await sleep(500 * 2 ** attempt);
    }
  }
}

/** Settles an attempt that sent nothing; a failure to record it only means the claim runs its lease out. */
async function settleUnsent<Row extends QueueRow>(kind: MailKind<Row, unknown>, row: Row, how: Settlement) {
  await kind
    .settle(row, how, new Date())
    .catch((error: unknown) =>
      log.error(
        { err: error, queue: kind.name, mailId: row.id },
        `${kind.describe(row)}: the outcome could not be recorded`,
      ),
    );
}

/**
 * Sends one claimed row and settles it; answers 'sent', 'tried' (handed to the transport, which
 * failed) or 'none' (nothing went to the transport).
 */
async function sendOne<Row extends QueueRow, Batch>(
  kind: MailKind<Row, Batch>,
  row: Row,
  batch: Batch,
  timeoutMs: number,
): Promise<'sent' | 'tried' | 'none'> {
  let mail: Rendered;
  try {
    mail = await kind.render(row, batch);
    if (mail === 'not-now') {
      await release(kind, [row]);
      return 'none';
    }
    if (mail === 'not-wanted') {
      await settleUnsent(kind, row, 'not-wanted');
      return 'none';
    }
    // Printed to a developer's terminal when mails are written to files (never in production).
    await sendMail({ ...mail, messageId: kind.messageId(row), links: mail.text.match(LINK) ?? [] }, { timeoutMs });
  } catch (error) {
    const refused = refusedForGood(error);
    log.error(
      { err: error, queue: kind.name, mailId: row.id, attempts: row.attempts },
      refused
        ? `${kind.describe(row)} was refused for good (attempt ${row.attempts})`
        : `${kind.describe(row)} failed (attempt ${row.attempts}; will be retried)`,
    );
    await settleUnsent(kind, row, refused ? 'refused' : 'failed');
    return 'tried';
  }
  await settleSent(kind, row);
  return 'sent';
}

/** Whether a row of `kind` waits and its wait is over (one indexed look, no claim). */
async function anyDue<Row extends QueueRow>(kind: MailKind<Row, unknown>, now: Date) {
  const t = kind.table;
  const rows = await getDatabase()
    .db.select({ id: t.id })
    .from(t)
    .where(and(kind.waiting(now), lt(t.attempts, OUTBOX_MAX_ATTEMPTS), claimDue(t.claimedAt, t.attempts, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * How many rows a sweep may claim: `limit`, or what the kind's shared rate grants now. When the
 * rate holds rows back, the outbox is woken when the next send is there.
 */
async function allowance<Row extends QueueRow>(kind: MailKind<Row, unknown>, limit: number, now: Date) {
  if (!kind.rate) return { allowed: limit, giveBack: async () => {} };
  // Nothing waits: the shared budget is left alone, so an idle server writes nothing on each poll
  // (and a database restored under it stays as the backup left it).
  if (!(await anyDue(kind, now))) return { allowed: 0, giveBack: async () => {} };
  const { bucket } = kind.rate;
  const perMinute = kind.rate.perMinute();
  const grant = await takeSends(bucket, limit, perMinute);
  const wakeLater = () => grant.nextAt && kickOutboxAt(grant.nextAt);
  if (grant.granted === 0) wakeLater();
  return {
    allowed: grant.granted,
    /** After the batch: unused sends go back; a batch cut short by the rate wakes the outbox for the rest. */
    giveBack: async (claimed: number, used: number) => {
      await returnSends(bucket, grant.granted - used, perMinute);
      if (grant.granted > 0 && claimed === grant.granted && grant.granted < limit) wakeLater();
    },
  };
}

/**
 * The sweep of one kind: gives up what ran out of attempts, claims up to `limit` rows whose delay
 * or wait is over, sends them one by one and settles
 * each at once. A process that is stopping, or a batch out of time within the lease, hands the
 * rows it did not start back.
 */
export function mailQueue<Row extends QueueRow, Batch = undefined>(kind: MailKind<Row, Batch>): Sweep {
  const batchSize = kind.batch ?? OUTBOX_BATCH;
  const sweep = async ({
    now = new Date(),
    limit = batchSize,
    sendTimeoutMs = OUTBOX_SEND_TIMEOUT_MS,
  }: SweepOptions = {}): Promise<SweepResult> => {
    // A process that is stopping takes nothing new on: another one (or its successor) will.
    if (outboxStopping()) return { claimed: 0, sent: 0 };
    const t = kind.table;
    await reportGivenUp(
      await kind.giveUp(
        and(kind.waiting(now), gte(t.attempts, OUTBOX_MAX_ATTEMPTS), claimDue(t.claimedAt, t.attempts, now))!,
        now,
      ),
    );
    const { allowed, giveBack } = await allowance(kind, limit, now);
    const claimed = allowed > 0 ? await claim(kind, now, allowed) : [];
    const batch = claimed.length && kind.load ? await kind.load(claimed) : (undefined as Batch);
    const started = Date.now();
    let sent = 0;
    let tried = 0;
    let next = 0;
    const unstarted: Row[] = [];
    // `concurrency` sends at a time (each settled on its own); stopping, or out of time within the
    // lease, starts no more: what is left goes back for the next sweep.
    const sender = async () => {
      while (next < claimed.length) {
        const row = claimed[next++]!;
        if (unstarted.length || outboxStopping() || Date.now() - started > OUTBOX_BATCH_BUDGET_MS) {
          if (!unstarted.length && !outboxStopping())
            log.warn(
              `Mail outbox: the batch ran out of time; ${kind.describe(row)} and the rest wait for a later sweep`,
            );
          unstarted.push(row);
          continue;
        }
        const outcome = await sendOne(kind, row, batch, sendTimeoutMs);
        if (outcome !== 'none') tried++;
        if (outcome === 'sent') sent++;
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(kind.concurrency ?? 1, claimed.length) }, sender));
      await release(kind, unstarted);
    } finally {
      await giveBack(claimed.length, tried);
    }
    await kind.afterSweep?.();
    return { claimed: claimed.length, sent };
  };
  return Object.assign(sweep, { batch: batchSize });
}
