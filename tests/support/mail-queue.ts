// The mail queue's own timing, read from the database: when a row's claim may be taken on again,
// by the SQL rule the claims use (retryAt), not by a copy of it in JavaScript.
import { eq, sql } from 'drizzle-orm';
import { getDatabase, selectRows } from '~/server/db/db.server';
import { retryAt } from '~/server/mail/outbox.server';
import type { QueueTable } from '~/server/mail/queue.server';

/** The moment the latest claim of row `id` in `table` may be taken on again (a second after its wait). */
export async function nextAttemptAt(table: QueueTable, id: string | number): Promise<Date> {
  const [row] = await getDatabase()
    .db.select({ at: sql`${retryAt(table.claimedAt, table.attempts)}`.mapWith((v: string | Date) => new Date(v)) })
    .from(table)
    .where(eq(table.id, id));
  if (!row) throw new Error(`no row ${id}`);
  return new Date(row.at.getTime() + 1000);
}

/** The wait (ms) the rule gives after attempt `attempts` of a claim, evaluated by the database. */
export async function retryDelayOf(attempts: number): Promise<number> {
  const claimedAt = new Date('2026-01-01T00:00:00Z');
  const at = sql`${claimedAt.toISOString()}::timestamptz`;
  const [row] = await selectRows<{ at: string | Date }>(
    getDatabase().db,
    sql`select ${retryAt(at, sql`${attempts}::int`)} as at`,
  );
  return new Date(row!.at).getTime() - claimedAt.getTime();
}
