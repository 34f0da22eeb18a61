// Applications: stored once per client-generated id, listed for the team, changed with the version
// the changer saw. Every creation and change writes a history entry whose id is the change
// sequence of the live event stream, and announces it on the `applications` channel (NOTIFY, sent
// at commit), so every server process on the database hears it.
import { and, asc, desc, eq, gt, inArray, max, sql, type SQL } from 'drizzle-orm';
import {
  applicationId,
  type ApplicationFilter,
  type ApplicationRecord,
  type ApplicationStatus,
  type ApplicationType,
  type HistoryEntry,
} from '~/lib/applications';
import { APPLICATION_API_MESSAGES } from '~/copy/dashboard';
import { getConfig } from '../config.server';
import { getDatabase, schema, selectRows, type Db, type DecisionMailSummary } from '../db/db.server';
import { kickOutboxAt } from '../mail/mail.server';
import { fail, ok, type Failure } from '../result.server';
import { publicSummary, scheduleDecisionMail } from './decision-schedule.server';

/** The NOTIFY channel of application changes; its payloads are `ApplicationNotice`s as JSON. */
export const APPLICATIONS_CHANNEL = 'applications';

/**
 * What a NOTIFY on the channel says: the change sequence reached `seq` (one application changed, or
 * applications were deleted, `id` absent). What changed is read from the sequence.
 */
export type ApplicationNotice = { seq: number; id?: string };

/** One entry of the change sequence: an application created or changed, or one deleted. */
export type ApplicationChange = { seq: number; application: ApplicationRecord } | { seq: number; removed: string };

// Writers serialise on this transaction-scoped lock, so change ids (history ids) become visible in
// the order they were drawn: a reader that saw id N never later finds a new id below N.
const WRITE_LOCK = 727_002;

type Row = typeof schema.applications.$inferSelect;
const t = schema.applications;
const h = schema.applicationHistory;
const r = schema.applicationRemovals;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toApplicationRecord = (row: Row): ApplicationRecord => ({
  id: row.id,
  applicationType: row.applicationType,
  status: row.status,
  name: row.name,
  email: row.email,
  websiteLink: row.websiteLink,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  updatedAt: iso(row.updatedAt),
  version: row.version,
  updatedBy: memberRef(row.updatedById, row.updatedByName),
  decisionMail: publicSummary(row.decisionMail),
  sentMail: row.sentMail ?? null,
});

const memberRef = (id: string | null, name: string | null) =>
  id === null && name === null ? null : { id, name: name ?? '' };

export interface NewApplication {
  /** A UUID made by the client; the same id again stores nothing and answers the first record. */
  id: string;
  applicationType: ApplicationType;
  name: string;
  email: string;
  websiteLink?: string | null;
  message?: string | null;
  consentAt?: Date | null;
}

async function lockWriters(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
}

async function announce(tx: Db, notice: ApplicationNotice) {
  await tx.execute(sql`select pg_notify(${APPLICATIONS_CHANNEL}, ${JSON.stringify(notice)})`);
}

async function addHistory(
  tx: Db,
  applicationId: string,
  from: ApplicationStatus | null,
  to: ApplicationStatus,
  by?: ChangedBy | null,
  mail?: HistoryEntry['mail'],
) {
  const [entry] = await tx
    .insert(h)
    .values({
      applicationId,
      fromStatus: from,
      toStatus: to,
      byMemberId: by?.id ?? null,
      byMemberName: by?.name ?? null,
      mail: mail ?? null,
    })
    .returning({ seq: h.id });
  return entry!.seq;
}

/** The team member who makes a change (their name is kept with it). */
export interface ChangedBy {
  id: string;
  name: string;
}

/**
 * Stores a new application as pending (version 1, its creation as the first history entry) and
 * announces it. `withinTransaction` runs in the same transaction when the application is new (the
 * caller queues its mails there, so they are sent if and only if the application is stored).
 */
export async function createApplication(
  input: NewApplication,
  withinTransaction?: (tx: Db, record: ApplicationRecord) => Promise<void>,
): Promise<{ record: ApplicationRecord; created: boolean }> {
  const { db } = getDatabase();
  return db.transaction(async (tx) => {
    await lockWriters(tx);
    const [row] = await tx
      .insert(t)
      .values({
        id: input.id,
        applicationType: input.applicationType,
        name: input.name,
        email: input.email,
        websiteLink: input.websiteLink || null,
        message: input.message || null,
        consentAt: input.consentAt ?? null,
      })
      .onConflictDoNothing({ target: t.id })
      .returning();
    if (!row) {
      const [existing] = await tx.select().from(t).where(eq(t.id, input.id));
      return { record: toApplicationRecord(existing!), created: false };
    }
    const record = toApplicationRecord(row);
    const seq = await addHistory(tx, row.id, null, row.status);
    await withinTransaction?.(tx, record);
    await announce(tx, { seq, id: row.id });
    return { record, created: true };
  });
}

function filterWhere(filter: Partial<ApplicationFilter>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(t.applicationType, filter.type));
  if (filter.status) conditions.push(eq(t.status, filter.status));
  if (filter.q) {
    // The search and the fields folded alike, by the database (the browser's matchesFilter spells
    // lower case the same way: foldCase); `position`, not LIKE, so % and _ are letters.
    const q = sql`lower(${filter.q})`;
    conditions.push(sql`(position(${q} in lower(${t.name})) > 0 or position(${q} in lower(${t.email})) > 0)`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The applications that pass `filter`, newest first. */
export async function listApplications(filter: Partial<ApplicationFilter> = {}): Promise<ApplicationRecord[]> {
  const { db } = getDatabase();
  const rows = await db.select().from(t).where(filterWhere(filter)).orderBy(desc(t.createdAt), desc(t.id));
  return rows.map(toApplicationRecord);
}

/** The applicants' names of the applications among `ids` that exist (the others are not in the map). */
export async function applicantNames(ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => applicationId.safeParse(id).success);
  if (!wanted.length) return new Map();
  const { db } = getDatabase();
  const rows = await db.select({ id: t.id, name: t.name }).from(t).where(inArray(t.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function getApplication(id: string): Promise<ApplicationRecord | undefined> {
  const { db } = getDatabase();
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row && toApplicationRecord(row);
}

/**
 * The record after the change (`changed` false when the status was already `status`: nothing
 * written), or refused: 'not-found', or 'conflict' (`expectedVersion` was not the stored version:
 * someone changed it meanwhile), with the stored record in `current`.
 */
export type StatusChange =
  | { ok: true; value: { application: ApplicationRecord; changed: boolean } }
  | (Failure & { current?: ApplicationRecord });

export interface StatusChangeOptions {
  /** Only if the stored version is still this one. */
  expectedVersion?: number;
  /** The team member who changes it (written to the record and its history). */
  by?: ChangedBy;
  /**
   * Runs in the change's transaction when it changes something (the caller records it there);
   * `undo`: the change took back a decision whose mail still waited (scheduleDecisionMail).
   */
  withinTransaction?: (
    tx: Db,
    change: { from: ApplicationStatus; application: ApplicationRecord; undo: boolean },
  ) => Promise<void>;
  now?: Date;
}

/**
 * Sets the status (writing updatedAt, the member, version + 1 and a history entry). With
 * `expectedVersion`, only if the stored version is still that one. In the same transaction the
 * application's waiting decision mail is cancelled and a decision schedules its own
 * (decision-schedule.server.ts); this process's outbox is woken when it falls due.
 */
export async function setApplicationStatus(
  id: string,
  status: ApplicationStatus,
  { expectedVersion, by, withinTransaction, now = new Date() }: StatusChangeOptions = {},
): Promise<StatusChange> {
  const { db } = getDatabase();
  const change = await db.transaction(async (tx): Promise<StatusChange> => {
    await lockWriters(tx);
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (!row) return fail('not-found', APPLICATION_API_MESSAGES.notFound);
    if (expectedVersion !== undefined && row.version !== expectedVersion)
      return { ...fail('conflict', APPLICATION_API_MESSAGES.conflict), current: toApplicationRecord(row) };
    if (row.status === status) return ok({ application: toApplicationRecord(row), changed: false });
    const { summary: decisionMail, undo } = await scheduleDecisionMail(tx, {
      applicationId: id,
      from: row.status,
      to: status,
      by,
      now,
      delayMs: getConfig().decisionMailDelayMs,
    });
    const [updated] = await tx
      .update(t)
      .set({
        status,
        updatedAt: now,
        version: sql`${t.version} + 1`,
        updatedById: by?.id ?? null,
        updatedByName: by?.name ?? null,
        ...(decisionMail ? { decisionMail } : {}),
      })
      .where(eq(t.id, id))
      .returning();
    const seq = await addHistory(tx, id, row.status, status, by);
    const application = toApplicationRecord(updated!);
    await withinTransaction?.(tx, { from: row.status, application, undo });
    await announce(tx, { seq, id });
    return ok({ application, changed: true });
  });
  const mail = change.ok && change.value.changed ? change.value.application.decisionMail : null;
  if (mail?.status === 'scheduled') kickOutboxAt(new Date(mail.at));
  return change;
}

/** What became of a decision mail, as recordDecisionMailOutcome writes it. */
export interface DecisionMailOutcome {
  /** The record's new summary; written only while the mail is the application's latest. */
  summary: DecisionMailSummary;
  /** The history entry of the mail (and a live event); none when nothing the team sees changed. */
  entry?: { mail: NonNullable<HistoryEntry['mail']>; by: ChangedBy | null };
}

/**
 * Records what became of a decision mail in one transaction with the writers' lock: `settle` runs
 * first (it updates the mail's own row, and answers undefined when the mail was not the caller's
 * to settle: then nothing is written); then the record's summary, the history entry, and the
 * announcement that reaches every open dashboard.
 */
export async function recordDecisionMailOutcome(
  applicationId: string,
  mailId: number,
  settle: (tx: Db) => Promise<DecisionMailOutcome | undefined>,
): Promise<DecisionMailOutcome | undefined> {
  const { db } = getDatabase();
  return db.transaction(async (tx) => {
    await lockWriters(tx);
    const [row] = await tx.select().from(t).where(eq(t.id, applicationId)).for('update');
    if (!row) return undefined;
    const outcome = await settle(tx);
    if (!outcome) return undefined;
    // A newer decision's mail is what the record shows; an older one only adds to the history. A
    // mail that went out is what the applicant was told, whichever decision is the latest.
    const latest = !row.decisionMail || row.decisionMail.mailId <= mailId;
    const sent = outcome.entry?.mail.status === 'sent' ? outcome.entry.mail : undefined;
    if (latest || sent)
      await tx
        .update(t)
        .set({
          ...(latest ? { decisionMail: outcome.summary } : {}),
          ...(sent ? { sentMail: { decision: sent.decision, at: outcome.summary.at } } : {}),
        })
        .where(eq(t.id, applicationId));
    if (outcome.entry) {
      const seq = await addHistory(tx, applicationId, row.status, row.status, outcome.entry.by, outcome.entry.mail);
      await announce(tx, { seq, id: applicationId });
    }
    return outcome;
  });
}

/**
 * The history of one application, oldest first (the creation first), with the entries of its
 * decision mails; undefined if there is none.
 */
export async function getApplicationHistory(id: string): Promise<HistoryEntry[] | undefined> {
  const { db } = getDatabase();
  const rows = await db
    .select({
      from: h.fromStatus,
      to: h.toStatus,
      at: h.at,
      byId: h.byMemberId,
      byName: h.byMemberName,
      mail: h.mail,
    })
    .from(h)
    .where(eq(h.applicationId, id))
    .orderBy(asc(h.id));
  if (!rows.length) return (await getApplication(id)) ? [] : undefined;
  return rows.map((r) => ({
    from: r.from,
    to: r.to,
    at: r.at.toISOString(),
    by: memberRef(r.byId, r.byName),
    ...(r.mail ? { mail: r.mail } : {}),
  }));
}

/** The newest change id (0 when there was none): the position of a snapshot in the change sequence. */
export async function latestChangeSeq(): Promise<number> {
  const { db } = getDatabase();
  const [changed] = await db.select({ seq: max(h.id) }).from(h);
  const [removed] = await db.select({ seq: max(r.id) }).from(r);
  return Math.max(Number(changed?.seq ?? 0), Number(removed?.seq ?? 0));
}

/**
 * What changed after change `seq`, in change order: each application changed since once, in its
 * current state with the id of its latest change, and each one deleted since (at most `limit`
 * entries; `more` says there were more).
 */
export async function applicationsChangedSince(
  seq: number,
  limit = 500,
): Promise<{ changes: ApplicationChange[]; more: boolean }> {
  const { db } = getDatabase();
  const latest = db
    .select({ applicationId: h.applicationId, seq: max(h.id).as('seq') })
    .from(h)
    .where(gt(h.id, seq))
    .groupBy(h.applicationId)
    .as('latest');
  const rows = await db
    .select({ seq: latest.seq, row: t })
    .from(latest)
    .innerJoin(t, eq(t.id, latest.applicationId))
    .orderBy(asc(latest.seq))
    .limit(limit + 1);
  const removals = await db
    .select({ seq: r.id, id: r.applicationId })
    .from(r)
    .where(gt(r.id, seq))
    .orderBy(asc(r.id))
    .limit(limit + 1);
  // Each list holds its first limit + 1 entries, so the first `limit` of both merged are exact.
  const merged: ApplicationChange[] = [
    ...rows.map((row) => ({ seq: Number(row.seq), application: toApplicationRecord(row.row) })),
    ...removals.map((removal) => ({ seq: Number(removal.seq), removed: removal.id })),
  ].sort((a, b) => a.seq - b.seq);
  return { changes: merged.slice(0, limit), more: merged.length > limit };
}

/**
 * Deletes applications (with their history) and announces which, so open dashboards drop them.
 * Used by the retention sweep and by account deletion.
 */
export async function deleteApplications(where: SQL): Promise<string[]> {
  const { db } = getDatabase();
  return db.transaction(async (tx) => {
    await lockWriters(tx);
    const removed = (await tx.delete(t).where(where).returning({ id: t.id })).map((row) => row.id);
    if (removed.length) {
      // One entry of the change sequence per deletion (the history's sequence), so a stream that
      // resumes after a break learns of it too; one notice for all of them.
      const entries = await selectRows<{ seq: string | number }>(
        tx,
        sql`insert into application_removals (id, application_id)
            select nextval(pg_get_serial_sequence('application_history', 'id')), removed.id
            from unnest(${`{${removed.join(',')}}`}::uuid[]) as removed(id)
            returning id as seq`,
      );
      await announce(tx, { seq: Math.max(...entries.map((e) => Number(e.seq))) });
    }
    return removed;
  });
}

/** Deletes the applications whose last change (or creation) is older than `before`. */
export const deleteApplicationsUnchangedSince = (before: Date) =>
  deleteApplications(sql`coalesce(${t.updatedAt}, ${t.createdAt}) < ${before.toISOString()}::timestamptz`);

/** Applications filed with this email address (case-insensitive), newest first. */
export async function applicationsByEmail(email: string): Promise<ApplicationRecord[]> {
  const { db } = getDatabase();
  const rows = await db
    .select()
    .from(t)
    .where(sql`lower(${t.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(t.createdAt), desc(t.id));
  return rows.map(toApplicationRecord);
}
