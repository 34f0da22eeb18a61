// The decision mails' queue of the outbox (decision record 031). A status change schedules the
// mail in its own transaction (decision-schedule.server.ts); once its delay is over, a sweep of any
// server process claims it (FOR UPDATE SKIP LOCKED and a lease, as the outbox's other queues do),
// renders it from the content this process serves, sends it, and marks it at once, with the
// history entry, the activity and the live event in one transaction. So one decision gives one
// mail: a further change before the claim cancels it, a claim is taken by one process only, and a
// failed attempt (the mail server refused, or was away) is tried again with the outbox's growing
// waits until it is given up. Only an attempt cut off between the mail server's acceptance and
// that mark (a process killed in those milliseconds) can be sent twice; it keeps its Message-ID.
import { and, asc, eq, gte, inArray, lte, min, or, sql } from 'drizzle-orm';
import type { Decision } from '~/lib/applications';
import { getConfig } from '../config.server';
import { getDecisionMailTexts } from '../content/content.server';
import { getDatabase, schema, type Db } from '../db/db.server';
import { log } from '../log.server';
import {
  claimDue,
  kickOutboxAt,
  OUTBOX_BATCH,
  OUTBOX_BATCH_BUDGET_MS,
  OUTBOX_MAX_ATTEMPTS,
  outboxStopping,
  reportGivenUp,
  sendMail,
  type Sweep,
  type SweepOptions,
  type SweepResult,
} from '../mail/mail.server';
import { renderDecisionMail } from './decision-mail-text.server';
import { summaryOf, type DecisionMailRow } from './decision-schedule.server';
import { recordDecisionMailOutcome, type DecisionMailOutcome } from './store.server';

const m = schema.decisionMails;
const a = schema.applications;

/** The kind of a decision mail in logs and in the team's notice of given-up mails. */
export const DECISION_MAIL_KIND = 'decision-mail';

/** Who decided, as the history and the activity log name them. */
const deciderOf = (row: DecisionMailRow) =>
  row.decidedById !== null ? { id: row.decidedById, name: row.decidedByName ?? '' } : null;

/** Records, in the transaction that marks a decision mail sent, that it went out (the team's activity log). */
export type RecordDecisionMailSent = (
  tx: Db,
  sent: { applicationId: string; decision: Decision; member: { id: string; name: string } | null },
) => Promise<void>;

/** The Message-ID of a decision mail: the same on every attempt. */
function messageIdOf(row: DecisionMailRow) {
  const host = new URL(getConfig().publicUrl).hostname || 'localhost';
  return `<decision-mail-${row.id}.${row.applicationId}@${host}>`;
}

/** Marks the attempt that `claimed` stands for as `status`, if the claim is still this one. */
const settleAttempt =
  (claimed: DecisionMailRow, set: Partial<typeof m.$inferInsert>) =>
  async (tx: Db): Promise<DecisionMailRow | undefined> => {
    const [row] = await tx
      .update(m)
      .set(set)
      .where(and(eq(m.id, claimed.id), eq(m.status, 'sending'), eq(m.claimedAt, claimed.claimedAt!)))
      .returning();
    return row;
  };

function markSent(claimed: DecisionMailRow, recordSent: RecordDecisionMailSent) {
  return recordDecisionMailOutcome(claimed.applicationId, claimed.id, async (tx) => {
    const row = await settleAttempt(claimed, { status: 'sent', sentAt: new Date() })(tx);
    if (!row) return undefined;
    await recordSent(tx, { applicationId: row.applicationId, decision: row.decision, member: deciderOf(row) });
    return outcome(row, 'sent');
  });
}

function markFailed(claimed: DecisionMailRow) {
  return recordDecisionMailOutcome(claimed.applicationId, claimed.id, async (tx) => {
    const row = await settleAttempt(claimed, { status: 'failed', failedAt: new Date() })(tx);
    return row && outcome(row, 'failed');
  });
}

const outcome = (row: DecisionMailRow, status: 'sent' | 'failed'): DecisionMailOutcome => ({
  summary: summaryOf(row),
  entry: { mail: { decision: row.decision, status }, by: deciderOf(row) },
});

/** Marks sent with a few quick retries: a database away for a moment must not make the mail go out again. */
async function markSentPersistently(claimed: DecisionMailRow, recordSent: RecordDecisionMailSent) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await markSent(claimed, recordSent);
    } catch (error) {
      if (attempt >= 4) {
        log.error({ err: error, mailId: claimed.id }, `Decision mail ${claimed.id} was sent but could not be marked`);
        return undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/** Gives the claims of mails no send was started for back: another sweep (any process) takes them at once. */
async function release(rows: DecisionMailRow[]) {
  if (!rows.length) return;
  const { db } = getDatabase();
  for (const row of rows) {
    await db
      .update(m)
      .set({ claimedAt: null, attempts: sql`${m.attempts} - 1` })
      .where(and(eq(m.id, row.id), eq(m.status, 'sending'), eq(m.claimedAt, row.claimedAt!)));
  }
}

/** Gives up the mails whose last attempt failed and whose wait is over: history, live event, log, team mail. */
async function giveUp(now: Date) {
  const { db } = getDatabase();
  const due = await db
    .select({ row: m, to: a.email })
    .from(m)
    .innerJoin(a, eq(a.id, m.applicationId))
    .where(
      and(
        inArray(m.status, ['failed', 'sending']),
        gte(m.attempts, OUTBOX_MAX_ATTEMPTS),
        claimDue(m.claimedAt, m.attempts, now),
      ),
    );
  const given = [];
  for (const { row, to } of due) {
    const done = await recordDecisionMailOutcome(row.applicationId, row.id, async (tx) => {
      const [updated] = await tx
        .update(m)
        .set({ status: 'given-up', givenUpAt: now })
        .where(and(eq(m.id, row.id), inArray(m.status, ['failed', 'sending'])))
        .returning();
      return updated && outcome(updated, 'failed');
    });
    if (done)
      given.push({
        queue: 'decision_mails',
        id: row.id,
        kind: DECISION_MAIL_KIND,
        to,
        createdAt: row.decidedAt,
        attempts: row.attempts,
      });
  }
  await reportGivenUp(given);
}

/** Wakes this process's outbox when the next waiting mail falls due. */
async function wakeForNext() {
  const { db } = getDatabase();
  const [next] = await db
    .select({ at: min(m.dueAt) })
    .from(m)
    .where(eq(m.status, 'scheduled'));
  if (next?.at) kickOutboxAt(new Date(next.at));
}

/**
 * The queue: each sweep gives up what ran out of attempts, claims up to `limit` mails whose delay
 * or wait is over, sends them one by one (marking each at once), and wakes the outbox for the next
 * one due. `recordSent` writes the team's activity (the composition root passes the team's).
 */
export function decisionMailQueue(recordSent: RecordDecisionMailSent): Sweep {
  return async function sweepDecisionMails({
    now = new Date(),
    limit = OUTBOX_BATCH,
  }: SweepOptions = {}): Promise<SweepResult> {
    // A process that is stopping takes nothing new on: another one (or its successor) will.
    if (outboxStopping()) return { claimed: 0, sent: 0 };
    const { db } = getDatabase();
    await giveUp(now);
    const claimed = await db
      .update(m)
      .set({ status: 'sending', claimedAt: now, attempts: sql`${m.attempts} + 1` })
      .where(
        inArray(
          m.id,
          db
            .select({ id: m.id })
            .from(m)
            .where(
              and(
                sql`${m.attempts} < ${OUTBOX_MAX_ATTEMPTS}`,
                or(
                  and(eq(m.status, 'scheduled'), lte(m.dueAt, now)),
                  and(inArray(m.status, ['failed', 'sending']), claimDue(m.claimedAt, m.attempts, now)),
                ),
              ),
            )
            .orderBy(asc(m.dueAt), asc(m.id))
            .limit(limit)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    claimed.sort((x, y) => x.dueAt.getTime() - y.dueAt.getTime() || x.id - y.id);

    const applications = claimed.length
      ? await db
          .select({ id: a.id, name: a.name, email: a.email, applicationType: a.applicationType })
          .from(a)
          .where(
            inArray(
              a.id,
              claimed.map((row) => row.applicationId),
            ),
          )
      : [];
    const started = Date.now();
    let sent = 0;
    for (const [index, row] of claimed.entries()) {
      // Stopping, or out of time within the lease: what is left goes back for the next sweep.
      if (outboxStopping() || Date.now() - started > OUTBOX_BATCH_BUDGET_MS) {
        await release(claimed.slice(index));
        break;
      }
      const application = applications.find((x) => x.id === row.applicationId);
      // Deleted meanwhile (its mails went with it).
      if (!application) continue;
      try {
        const mail = renderDecisionMail(await getDecisionMailTexts(), {
          decision: row.decision,
          applicationType: application.applicationType,
          applicantName: application.name,
          memberName: row.decidedByName,
        });
        await sendMail({ to: application.email, ...mail, messageId: messageIdOf(row) });
      } catch (error) {
        log.error(
          { err: error, mailId: row.id, attempts: row.attempts },
          `Decision mail ${row.id} failed (attempt ${row.attempts}; will be retried)`,
        );
        await markFailed(row).catch((markError: unknown) =>
          log.error({ err: markError, mailId: row.id }, `Decision mail ${row.id}: the failure could not be recorded`),
        );
        continue;
      }
      if (await markSentPersistently(row, recordSent)) sent++;
    }
    await wakeForNext();
    return { claimed: claimed.length, sent };
  };
}
