// The signups' write path: every signup goes into the database through one batching writer per
// database, and each caller is answered only after its row is committed, in the same transaction as
// its newsletter confirmation mail's row of mail_outbox (decision records 015 and 034).
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Signup, SignupRecord } from '~/lib/signup';
import type { HONEYPOT_FIELD } from '~/lib/honeypot';
import {
  getDatabase,
  groupCommitPerDatabase,
  isDatabaseUnavailable,
  schema,
  type Db,
  type GroupCommitWaiting,
} from '../db/db.server';
import { queueNewsletterConfirmations } from './newsletter.server';
import { toRecord, type Row } from './queries.server';

type SignupRow = typeof schema.signups.$inferInsert;
type Waiting = GroupCommitWaiting<SignupRow, { record: SignupRecord; created: boolean }>;

/**
 * Signups go into the database together, in one commit (one fsync): one multi-row INSERT, and with
 * newsletter opt-ins a transaction with the INSERT of their confirmation mails too, through
 * the shared group commit (measured with autocannon, 50 clients: 680 signups/s with batches of 1,
 * 2,800/s with ~26). Every caller is answered only after its row is committed.
 */
async function commitSignups(batch: Waiting[]) {
  try {
    settle(batch, await insertRows(batch.map((w) => w.item)));
  } catch (error) {
    // A database that does not answer fails every row alike: trying them one by one would only
    // make each caller wait a timeout more.
    if (batch.length === 1 || isDatabaseUnavailable(error)) return batch.forEach((w) => w.reject(error));
    // One bad row must not fail the others: write them one by one.
    for (const waiting of batch) {
      try {
        settle([waiting], await insertRows([waiting.item]));
      } catch (single) {
        waiting.reject(single);
      }
    }
  }
}

/**
 * Inserts rows (skipping ids that exist), with the confirmation mails of the new opt-ins in the same
 * transaction (a batch without opt-ins is one bare INSERT), and returns every row of these ids,
 * noting the new ones.
 */
async function insertRows(rows: SignupRow[]) {
  const { db } = getDatabase();
  const t = schema.signups;
  // The first row of an id is the one the INSERT stores (later ones conflict with it): the answer
  // and the confirmation mail follow it.
  const sent = new Map<string, SignupRow>();
  for (const row of rows) if (!sent.has(row.id)) sent.set(row.id, row);
  const optedIn = (id: string) => sent.get(id)!.newsletterOptIn;
  const write = async (tx: Db) => {
    // Only the columns the database fills in come back (returning whole rows costs more than the insert).
    const inserted = await tx
      .insert(t)
      .values(rows)
      .onConflictDoNothing({ target: t.id })
      .returning({ id: t.id, createdAt: t.createdAt });
    await queueNewsletterConfirmations(
      tx,
      inserted.filter((r) => optedIn(r.id)).map((r) => ({ id: r.id, email: sent.get(r.id)!.email })),
    );
    return inserted;
  };
  const inserted = rows.some((r) => r.newsletterOptIn) ? await db.transaction(write) : await write(db);
  const byId = new Map<string, { row: Row; created: boolean }>();
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
        newsletterUndeliverableAt: null,
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
    const found = byId.get(waiting.item.id);
    if (!found) {
      waiting.reject(new Error(`Signup ${waiting.item.id} neither inserted nor found`));
      continue;
    }
    // The same id twice in one batch: the first caller created it, the second gets the same record.
    waiting.resolve({ record: toRecord(found.row), created: found.created });
    found.created = false;
  }
}

// PostgreSQL gets a few commits in parallel.
const writerFor = groupCommitPerDatabase(commitSignups, 4, 500);

/**
 * Stores a signup. The same id again stores nothing and returns the first record (`created:
 * false`): a double click or a retry never duplicates. Resolves only after the row is committed.
 */
export function createSignup(
  input: Omit<Signup, typeof HONEYPOT_FIELD>,
): Promise<{ record: SignupRecord; created: boolean }> {
  return writerFor().write({
    id: input.id ?? randomUUID(),
    userType: input.userType,
    name: input.name,
    email: input.email,
    newsletterOptIn: input.newsletterOptIn,
    timestamp: input.timestamp ? new Date(input.timestamp) : null,
  });
}
