// Signup records (userType, name, email, newsletter opt-in, client timestamp, createdAt): stored
// once per client-generated id, listed for the team.
import { randomUUID } from 'node:crypto';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  HONEYPOT_FIELD,
  SIGNUP_API_MESSAGES,
  validateSignup,
  type Signup,
  type SignupField,
  type SignupRecord,
} from '~/lib/signup';

import type { UserType } from '~/lib/content-types';
import { weeklySeries, type SignupPageQuery, type SignupStats } from '~/server/signups/stats.server';

export type { SignupRecord };
import { getConfig } from '../config.server';
import { getDatabase, schema, selectRows } from '../db/db.server';
import { kickOutbox } from '../mail/outbox.server';
import { allow } from '../rate-limit.server';

type Row = typeof schema.signups.$inferSelect;

/** The record as the team sees it (with the newsletter's double opt-in state). */
export interface TeamSignupRecord extends SignupRecord {
  newsletterConfirmedAt: string | null;
  newsletterUnsubscribedAt: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toRecord = (row: Row): SignupRecord => ({
  id: row.id,
  userType: row.userType,
  name: row.name,
  email: row.email,
  newsletterOptIn: row.newsletterOptIn,
  timestamp: iso(row.timestamp),
  createdAt: row.createdAt.toISOString(),
});

export const toTeamRecord = (row: Row): TeamSignupRecord => ({
  ...toRecord(row),
  newsletterConfirmedAt: iso(row.newsletterConfirmedAt),
  newsletterUnsubscribedAt: iso(row.newsletterUnsubscribedAt),
});

type SignupRow = typeof schema.signups.$inferInsert;
interface Waiting {
  row: SignupRow;
  resolve: (result: { record: SignupRecord; created: boolean }) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: signups go into the database together, as one multi-row INSERT (one commit, one
 * fsync). A batch starts on the next turn of the event loop (setImmediate), after every request
 * whose body has arrived in this turn has joined it; without that pause PGlite, which runs on this
 * thread, finished each INSERT before the next request was read, and every batch held one row
 * (measured with autocannon, 50 clients: 680 signups/s with batches of 1, 2,800/s with ~26). When the server is
 * idle the pause is one turn of the loop. Every caller is answered only after its row is committed.
 */
class SignupWriter {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly maxInFlight: number,
    private readonly maxBatch = 500,
  ) {}

  write(row: SignupRow): Promise<{ record: SignupRecord; created: boolean }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.schedule();
    });
  }

  private pump() {
    while (this.inFlight < this.maxInFlight && this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private async run(batch: Waiting[]) {
    try {
      settle(batch, await insertRows(batch.map((w) => w.row)));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One bad row must not fail the others: write them one by one.
      for (const waiting of batch) {
        try {
          settle([waiting], await insertRows([waiting.row]));
        } catch (single) {
          waiting.reject(single);
        }
      }
    }
  }
}

/** Inserts rows (skipping ids that exist) and returns every row of these ids, noting the new ones. */
async function insertRows(rows: SignupRow[]) {
  const { db } = getDatabase();
  const t = schema.signups;
  // Only the columns the database fills in come back (returning whole rows costs more than the insert).
  const inserted = await db
    .insert(t)
    .values(rows)
    .onConflictDoNothing({ target: t.id })
    .returning({ id: t.id, createdAt: t.createdAt });
  const byId = new Map<string, { row: Row; created: boolean }>();
  const sent = new Map(rows.map((r) => [r.id, r]));
  for (const { id, createdAt } of inserted) {
    const row = sent.get(id)!;
    byId.set(id, {
      row: {
        id,
        userType: row.userType,
        name: row.name,
        email: row.email,
        newsletterOptIn: row.newsletterOptIn ?? true,
        timestamp: row.timestamp ?? null,
        createdAt,
        newsletterConfirmedAt: null,
        newsletterUnsubscribedAt: null,
        confirmationMailClaimedAt: null,
        confirmationMailSentAt: null,
        confirmationMailAttempts: 0,
      },
      created: true,
    });
  }
  const missing = [...sent.keys()].filter((id) => !byId.has(id));
  if (missing.length) {
    const existing = await db.select().from(t).where(inArray(t.id, missing));
    for (const r of existing) byId.set(r.id, { row: r, created: false });
  }
  return byId;
}

function settle(batch: Waiting[], byId: Map<string, { row: Row; created: boolean }>) {
  for (const waiting of batch) {
    const found = byId.get(waiting.row.id);
    if (!found) {
      waiting.reject(new Error(`Signup ${waiting.row.id} neither inserted nor found`));
      continue;
    }
    // The same id twice in one batch: the first caller created it, the second gets the same record.
    waiting.resolve({ record: toRecord(found.row), created: found.created });
    found.created = false;
  }
}

const writers = new WeakMap<object, SignupWriter>();
function writerFor() {
  const database = getDatabase();
  let writer = writers.get(database.db);
  if (!writer) {
    // PGlite runs one query at a time anyway; PostgreSQL gets a few commits in parallel.
    writer = new SignupWriter(database.kind === 'postgres' ? 4 : 1);
    writers.set(database.db, writer);
  }
  return writer;
}

/**
 * Stores a signup. The same id again stores nothing and returns the first record (`created:
 * false`): a double click or a retry never duplicates. Resolves only after the row is committed.
 */
export function createSignup(input: Signup): Promise<{ record: SignupRecord; created: boolean }> {
  return writerFor().write({
    id: input.id ?? randomUUID(),
    userType: input.userType,
    name: input.name,
    email: input.email,
    newsletterOptIn: input.newsletterOptIn,
    timestamp: input.timestamp ? new Date(input.timestamp) : null,
  });
}

/** What a filled honeypot gets: a record that looks stored but is not. */
export function fakeSignup(input: Signup, now = new Date()): SignupRecord {
  return {
    id: input.id ?? randomUUID(),
    userType: input.userType,
    name: input.name,
    email: input.email,
    newsletterOptIn: input.newsletterOptIn,
    timestamp: input.timestamp ? new Date(input.timestamp).toISOString() : null,
    createdAt: now.toISOString(),
  };
}

/** Every signup, newest first. */
export async function listSignups(): Promise<TeamSignupRecord[]> {
  const { db } = getDatabase();
  const rows = await db.select().from(schema.signups).orderBy(desc(schema.signups.createdAt), desc(schema.signups.id));
  return rows.map(toTeamRecord);
}

/** One page of the list, newest first, with the number of all signups. */
export async function listSignupsPage(page: SignupPageQuery): Promise<{ signups: TeamSignupRecord[]; total: number }> {
  const { db } = getDatabase();
  const t = schema.signups;
  const query = db.select().from(t).orderBy(desc(t.createdAt), desc(t.id)).offset(page.offset);
  const [rows, [counted]] = await Promise.all([
    page.limit === undefined ? query : query.limit(page.limit),
    db.select({ total: count() }).from(t),
  ]);
  return { signups: rows.map(toTeamRecord), total: Number(counted?.total ?? 0) };
}

// The business is in Germany: a week runs from Monday 00:00 German time.
const WEEK_TIME_ZONE = 'Europe/Berlin';

/** Counts per type, the newsletter's double opt-in, and signups per ISO week (for the chart). */
export async function signupStats(): Promise<SignupStats> {
  const { db } = getDatabase();
  const t = schema.signups;
  // A literal, not a parameter: PostgreSQL matches the grouped expression only when it is the same text.
  const weekStart = sql`to_char(date_trunc('week', ${t.createdAt} at time zone ${sql.raw(`'${WEEK_TIME_ZONE}'`)}), 'YYYY-MM-DD')`;
  const [totals, perWeek] = await Promise.all([
    selectRows<{ user_type: UserType; total: number; opted_in: number; confirmed: number; unsubscribed: number }>(
      db,
      sql`select ${t.userType} as user_type, count(*)::int as total,
            count(*) filter (where ${t.newsletterOptIn})::int as opted_in,
            count(*) filter (where ${t.newsletterOptIn} and ${t.newsletterConfirmedAt} is not null
                               and ${t.newsletterUnsubscribedAt} is null)::int as confirmed,
            count(*) filter (where ${t.newsletterOptIn} and ${t.newsletterUnsubscribedAt} is not null)::int as unsubscribed
          from ${t} group by ${t.userType}`,
    ),
    selectRows<{ start: string; user_type: UserType; count: number }>(
      db,
      sql`select ${weekStart} as start, ${t.userType} as user_type, count(*)::int as count from ${t} group by 1, 2`,
    ),
  ]);
  const stats: SignupStats = {
    total: 0,
    byType: { reiter: 0, trainer: 0 },
    newsletter: { optedIn: 0, confirmed: 0, unconfirmed: 0, unsubscribed: 0 },
    weeks: weeklySeries(perWeek.map((w) => ({ start: w.start, userType: w.user_type, count: w.count }))),
  };
  for (const row of totals) {
    stats.total += row.total;
    stats.byType[row.user_type] += row.total;
    stats.newsletter.optedIn += row.opted_in;
    stats.newsletter.confirmed += row.confirmed;
    stats.newsletter.unsubscribed += row.unsubscribed;
  }
  stats.newsletter.unconfirmed = stats.newsletter.optedIn - stats.newsletter.confirmed - stats.newsletter.unsubscribed;
  return stats;
}

export async function getSignup(id: string): Promise<TeamSignupRecord | undefined> {
  const { db } = getDatabase();
  const [row] = await db.select().from(schema.signups).where(eq(schema.signups.id, id));
  return row && toTeamRecord(row);
}

const sameEmail = (email: string) => sql`lower(${schema.signups.email}) = ${email.toLowerCase()}`;

/** The signups made with this email address (case-insensitive), newest first: an account's own. */
export async function signupsByEmail(email: string): Promise<TeamSignupRecord[]> {
  const { db } = getDatabase();
  const rows = await db
    .select()
    .from(schema.signups)
    .where(sameEmail(email))
    .orderBy(desc(schema.signups.createdAt), desc(schema.signups.id));
  return rows.map(toTeamRecord);
}

/** Deletes the signups made with this email address (case-insensitive); answers how many. */
export async function deleteSignupsByEmail(email: string): Promise<number> {
  const { db } = getDatabase();
  return (await db.delete(schema.signups).where(sameEmail(email)).returning({ id: schema.signups.id })).length;
}

export type SubmitResult =
  | { status: 201 | 200; record: SignupRecord }
  | { status: 400; error: string; fields: SignupField[] }
  | { status: 429; error: string; retryAfter: number };

export const SIGNUP_RATE_WINDOW_MS = 60_000;

/**
 * One signup from the popup, the API or the no-JavaScript page: rate limit per client address
 * (SIGNUP_RATE_LIMIT per minute, counted in the database), validation, honeypot, store, and the
 * newsletter confirmation mail for a new opt-in. 201 for a new record, 200 for a repeated id.
 */
export async function submitSignup(body: Record<string, unknown>, clientAddress: string): Promise<SubmitResult> {
  const limit = getConfig().signupRateLimit;
  const rate = await allow({ bucket: 'signup', key: clientAddress, windowMs: SIGNUP_RATE_WINDOW_MS }, limit);
  if (!rate.allowed) return { status: 429, error: SIGNUP_API_MESSAGES.rateLimited, retryAfter: rate.retryAfter };

  const result = validateSignup(body);
  if (!result.ok) return { status: 400, error: result.error, fields: result.fields };

  // Honeypot: people never see the field; bots that fill it get an answer that looks like success
  // (so they do not adapt), and nothing is stored or mailed.
  const honeypot = body[HONEYPOT_FIELD];
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined && honeypot !== null) {
    return { status: 201, record: fakeSignup(result.value) };
  }

  const { record, created } = await createSignup(result.value);
  // The confirmation mail goes out through the outbox (confirmation-outbox.server.ts), after the answer.
  if (created && record.newsletterOptIn) kickOutbox();
  return { status: created ? 201 : 200, record };
}
