// The decision mails' side of a status change, run in its transaction (store.server.ts): a change
// cancels the application's mails that wait (for their delay or for a retry) and no attempt is
// sending, so the newest decision wins; a decision then schedules its mail DECISION_MAIL_DELAY_S
// later, unless the applicant was already told that very decision (or is being told it now). What
// the record shows of it comes back as a summary. The sending is decision-mails.server.ts.
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { isDecision, type ApplicationStatus, type DecisionMailState } from '~/lib/applications';
import { schema, type Db, type DecisionMailSummary } from '../db/db.server';
import { OUTBOX_LEASE_MS } from '../mail/mail.server';

const m = schema.decisionMails;
export type DecisionMailRow = typeof m.$inferSelect;

/** What the record shows of a decision mail row. */
export function summaryOf(row: DecisionMailRow): DecisionMailSummary {
  const base = { mailId: row.id, decision: row.decision };
  switch (row.status) {
    case 'scheduled':
      return { ...base, status: 'scheduled', at: row.dueAt.toISOString(), from: row.fromStatus };
    // Being sent: past its delay, so nothing to undo any more.
    case 'sending':
      return { ...base, status: 'scheduled', at: row.dueAt.toISOString() };
    case 'failed':
      return { ...base, status: 'failed', at: (row.failedAt ?? row.dueAt).toISOString(), retrying: true };
    case 'given-up':
      return { ...base, status: 'failed', at: (row.givenUpAt ?? row.dueAt).toISOString(), retrying: false };
    case 'sent':
      return { ...base, status: 'sent', at: (row.sentAt ?? row.dueAt).toISOString() };
    case 'cancelled':
      return { ...base, status: 'cancelled', at: (row.cancelledAt ?? row.decidedAt).toISOString() };
  }
}

/** The record's view of a summary (the row id stays inside). */
export function publicSummary(summary: DecisionMailSummary | null): DecisionMailState | null {
  if (!summary) return null;
  const { mailId: _, ...state } = summary;
  return state;
}

export interface DecisionChange {
  applicationId: string;
  from: ApplicationStatus;
  to: ApplicationStatus;
  by?: { id: string; name: string };
  now: Date;
  delayMs: number;
}

/** What a status change did to the decision mails. */
export interface ScheduledMail {
  /** The record's new summary, or undefined when it stays as it was. */
  summary: DecisionMailSummary | undefined;
  /**
   * The change took a decision back while its mail still waited for its delay: it went back to the
   * status before that decision, and the mail will not go out (an undo).
   */
  undo: boolean;
}

/**
 * Cancels what waits and schedules the new decision's mail, in `tx` (the status change's
 * transaction, which holds the application's row).
 */
export async function scheduleDecisionMail(tx: Db, change: DecisionChange): Promise<ScheduledMail> {
  const { applicationId, from, to, by, now, delayMs } = change;
  // An attempt whose lease ran out is over (it crashed, or its send was cut off): whether it
  // reached the applicant or not, the newer decision replaces it.
  const leaseOver = new Date(now.getTime() - OUTBOX_LEASE_MS);
  const cancelled = await tx
    .update(m)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(m.applicationId, applicationId),
        or(
          inArray(m.status, ['scheduled', 'failed']),
          and(eq(m.status, 'sending'), or(isNull(m.claimedAt), lt(m.claimedAt, leaseOver))),
        ),
      ),
    )
    .returning();
  const latestCancelled = cancelled.sort((a, b) => b.id - a.id)[0];
  // Only a mail still within its delay had status 'scheduled' and a due time ahead (a failed or
  // cut-off attempt is past it).
  const undo = cancelled.some((row) => row.fromStatus === to && row.dueAt > now);

  if (!isDecision(to)) return { summary: latestCancelled && summaryOf(latestCancelled), undo };

  // Told already, or being told: the latest mail that went out or is going out right now.
  const [told] = await tx
    .select()
    .from(m)
    .where(and(eq(m.applicationId, applicationId), inArray(m.status, ['sent', 'sending'])))
    .orderBy(desc(m.id))
    .limit(1);
  if (told?.decision === to) return { summary: summaryOf(told), undo };

  const [scheduled] = await tx
    .insert(m)
    .values({
      applicationId,
      decision: to,
      fromStatus: from,
      decidedById: by?.id ?? null,
      decidedByName: by?.name ?? null,
      decidedAt: now,
      dueAt: new Date(now.getTime() + delayMs),
    })
    .returning();
  return { summary: summaryOf(scheduled!), undo };
}
