// Who did what in the team area: one row per event in team_activity (kept 12 months), and the same
// event as a JSON log line with the member's id (never a name or an e-mail address: the log is
// read by whoever runs the server, the activity view only by owners).
import { and, desc, gte, lt } from 'drizzle-orm';
import { addDays, berlinDayStart } from '~/lib/berlin-time';
import type { ActivityAction, ActivityEvent } from '~/lib/team';
import { getDatabase, schema, type Db } from '../db/db.server';
import { log } from '../log.server';

const t = schema.teamActivity;

/** Activity older than this is deleted by the retention sweep. */
export const ACTIVITY_RETENTION_MONTHS = 12;
/** At most this many events in one answer (30 days of a small team are far fewer). */
export const ACTIVITY_LIMIT = 5000;

export interface ActivityEntry {
  action: ActivityAction;
  /**
   * Who did it; null when nobody is known (the command line). A former member whose account is
   * gone has no id any more, only their name.
   */
  member: { id: string | null; name: string } | null;
  /** What it was done to: an application's, member's or invitation's id, an export's name. */
  target?: string;
  /** What the activity view shows besides (a role, a filter, an invited address). Not logged. */
  detail?: Record<string, unknown>;
}

/** Records one event (in `tx` when given, so it commits with what it describes) and logs it. */
export async function recordActivity(entry: ActivityEntry, tx: Db = getDatabase().db, now = new Date()) {
  await tx.insert(t).values({
    at: now,
    memberId: entry.member?.id ?? null,
    memberName: entry.member?.name ?? null,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
  });
  const failed = entry.action.endsWith('-failed');
  log[failed ? 'warn' : 'info'](
    { event: entry.action, memberId: entry.member?.id ?? null, ...(entry.target ? { target: entry.target } : {}) },
    `Team: ${entry.action}`,
  );
}

/**
 * A decision mail went out (recorded in the transaction that marks it sent): under the member who
 * made the decision, with the application as its target.
 */
export function recordDecisionMailSent(
  tx: Db,
  sent: { applicationId: string; decision: string; member: { id: string; name: string } | null },
) {
  return recordActivity(
    {
      action: 'decision-mail-sent',
      member: sent.member,
      target: sent.applicationId,
      detail: { decision: sent.decision },
    },
    tx,
  );
}

/** Events of the Berlin days `from` to `to` (YYYY-MM-DD, both included), newest first (at most ACTIVITY_LIMIT). */
export async function listActivity(from: string, to: string): Promise<ActivityEvent[]> {
  const { db } = getDatabase();
  const rows = await db
    .select()
    .from(t)
    .where(and(gte(t.at, berlinDayStart(from)), lt(t.at, berlinDayStart(addDays(to, 1)))))
    .orderBy(desc(t.at), desc(t.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    member: row.memberName !== null || row.memberId !== null ? { id: row.memberId, name: row.memberName ?? '' } : null,
    action: row.action as ActivityAction,
    ...(row.target !== null ? { target: row.target } : {}),
    ...(row.detail !== null ? { detail: row.detail } : {}),
  }));
}

/** The moment before which activity is deleted. */
export function activityCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACTIVITY_RETENTION_MONTHS);
  return cutoff;
}

/** Deletes activity older than 12 months; answers how many events. */
export async function deleteOldActivity(now = new Date()): Promise<number> {
  const { db } = getDatabase();
  const rows = await db
    .delete(t)
    .where(lt(t.at, activityCutoff(now)))
    .returning({ id: t.id });
  return rows.length;
}
