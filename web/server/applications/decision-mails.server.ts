// The decision mails, a kind of mail of the one queue (decision record 031). A status change
// schedules the mail in its own transaction (decision-schedule.server.ts); once its delay is over, a
// sweep of any server process claims it (mail/queue.server.ts: SKIP LOCKED, lease, waits, give-up),
// renders it from the content this process serves, sends it, and settles it at once, with the
// history entry, the activity and the live event in one transaction. So one decision gives one
// mail: a further change before the claim cancels it, a claim is taken by one process only, and a
// failed attempt (the mail server refused, or was away) is tried again with the queue's growing
// waits until it is given up. Only an attempt cut off between the mail server's acceptance and
// that mark (a process killed in those milliseconds) can be sent twice; it keeps its Message-ID.
import { and, asc, desc, eq, inArray, lte, min } from 'drizzle-orm';
import type { Decision } from '~/lib/applications';
import { getConfig } from '../config.server';
import { getDecisionMailTexts } from '../content/content.server';
import { getDatabase, schema, type Db } from '../db/db.server';
import { kickOutboxAt, mailQueue, siteMessageId, stillClaimed, type Settlement, type Sweep } from '../mail/mail.server';
import { renderDecisionMail, type DecisionMailFacts } from './decision-mail-text.server';
import { summaryOf, type DecisionMailRow } from './decision-schedule.server';
import { recordDecisionMailOutcome, type DecisionMailOutcome } from './store.server';

const m = schema.decisionMails;
const a = schema.applications;

/** The kind of a decision mail in logs and in the team's notice of given-up mails. */
export const DECISION_MAIL_KIND = 'decision-mail';

/** A decision mail as it goes out: the founder's words for it, and where a reply goes (null: to MAIL_FROM). */
export interface ComposedDecisionMail {
  subject: string;
  text: string;
  replyTo: string | null;
}

/** The mail for `facts` as it goes out, from the content this process serves: the one way to write one. */
export async function composeDecisionMail(facts: DecisionMailFacts): Promise<ComposedDecisionMail> {
  const { subject, text } = renderDecisionMail(await getDecisionMailTexts(), facts);
  return { subject, text, replyTo: getConfig().mail.decisionReplyTo ?? null };
}

/** A decision mail shown to the team before (or after) it goes out: who it is to, and the mail. */
export interface DecisionMailPreview extends ComposedDecisionMail {
  decision: Decision;
  to: string;
}

/**
 * The mail of `decision` for an application as it would go out now (its texts are read when it is
 * sent): signed by whoever made that decision if it waits, is on its way or went, else by `asker`,
 * who would make it. Undefined for an unknown application.
 */
export async function previewDecisionMail(
  applicationId: string,
  decision: Decision,
  asker: { name: string },
): Promise<DecisionMailPreview | undefined> {
  const { db } = getDatabase();
  const [application] = await db
    .select({ name: a.name, email: a.email, applicationType: a.applicationType })
    .from(a)
    .where(eq(a.id, applicationId));
  if (!application) return undefined;
  const [made] = await db
    .select({ by: m.decidedByName })
    .from(m)
    .where(
      and(
        eq(m.applicationId, applicationId),
        eq(m.decision, decision),
        inArray(m.status, ['scheduled', 'sending', 'failed', 'sent']),
      ),
    )
    .orderBy(desc(m.id))
    .limit(1);
  const mail = await composeDecisionMail({
    decision,
    applicationType: application.applicationType,
    applicantName: application.name,
    memberName: made ? made.by : asker.name,
  });
  return { decision, to: application.email, ...mail };
}

/** Who decided, as the history and the activity log name them. */
const deciderOf = (row: DecisionMailRow) =>
  row.decidedById !== null ? { id: row.decidedById, name: row.decidedByName ?? '' } : null;

/** Records, in the transaction that marks a decision mail sent, that it went out (the team's activity log). */
export type RecordDecisionMailSent = (
  tx: Db,
  sent: { applicationId: string; decision: Decision; member: { id: string; name: string } | null },
) => Promise<void>;

const outcome = (row: DecisionMailRow, status: 'sent' | 'failed'): DecisionMailOutcome => ({
  summary: summaryOf(row),
  entry: { mail: { decision: row.decision, status }, by: deciderOf(row) },
});

/**
 * Settles the attempt `claimed` stands for, if its claim is still this one: sent (with the team's
 * activity), or failed (shown on the record; tried again after its wait). A permanent refusal is
 * tried again too: the applicant has no other way to hear of the decision, and the team is told
 * once the attempts run out.
 */
function settle(claimed: DecisionMailRow, how: Settlement, now: Date, recordSent: RecordDecisionMailSent) {
  return recordDecisionMailOutcome(claimed.applicationId, claimed.id, async (tx) => {
    const sent = how === 'sent' || how === 'not-wanted';
    const [row] = await tx
      .update(m)
      .set(sent ? { status: 'sent', sentAt: now } : { status: 'failed', failedAt: now })
      .where(and(stillClaimed(m, claimed), eq(m.status, 'sending')))
      .returning();
    if (!row) return undefined;
    if (how === 'sent')
      await recordSent(tx, { applicationId: row.applicationId, decision: row.decision, member: deciderOf(row) });
    return outcome(row, sent ? 'sent' : 'failed');
  });
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
 * The decision mails' sweep: the mails whose delay is over (or whose wait after a failed attempt
 * is), rendered with the texts this process serves now; after each sweep the outbox is woken for
 * the next one due. `recordSent` writes the team's activity (the composition root passes the team's).
 */
export function decisionMailQueue(recordSent: RecordDecisionMailSent): Sweep {
  return mailQueue<DecisionMailRow, Map<string, typeof a.$inferSelect>>({
    name: 'decision_mails',
    table: m,
    waiting: (now) => and(inArray(m.status, ['scheduled', 'failed', 'sending']), lte(m.dueAt, now))!,
    order: [asc(m.dueAt), asc(m.id)],
    onClaim: { status: 'sending' },
    async load(rows) {
      const applications = await getDatabase()
        .db.select()
        .from(a)
        .where(
          inArray(
            a.id,
            rows.map((row) => row.applicationId),
          ),
        );
      return new Map(applications.map((application) => [application.id, application]));
    },
    async render(row, applications) {
      const application = applications.get(row.applicationId);
      // Deleted meanwhile (its mails went with it).
      if (!application) return 'not-wanted';
      const { subject, text, replyTo } = await composeDecisionMail({
        decision: row.decision,
        applicationType: application.applicationType,
        applicantName: application.name,
        memberName: row.decidedByName,
      });
      return { to: application.email, subject, text, ...(replyTo ? { headers: { 'Reply-To': replyTo } } : {}) };
    },
    messageId: (row) => siteMessageId(`decision-mail-${row.id}.${row.applicationId}`),
    describe: (row) => `Decision mail ${row.id}`,
    settle: async (row, how, now) => Boolean(await settle(row, how, now, recordSent)),
    // Given up: the history, the live event, and the team told.
    async giveUp(due, now) {
      const { db } = getDatabase();
      const rows = await db.select({ row: m, to: a.email }).from(m).innerJoin(a, eq(a.id, m.applicationId)).where(due);
      const given = [];
      for (const { row, to } of rows) {
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
      return given;
    },
    afterSweep: wakeForNext,
  });
}
