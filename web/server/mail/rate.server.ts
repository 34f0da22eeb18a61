// A budget of sends per minute that every server process draws from: a token bucket per kind of
// mail in the table mail_send_budgets. A take refills the bucket for the time since the last one
// (by the database's clock, the one clock every instance shares) and takes what is there, in one
// statement that holds the bucket's row, so two instances never spend the same send. The bucket
// holds at most one second's worth: after a quiet spell a burst is one second's sends, and any
// minute sees at most the rate plus that second.
import { sql } from 'drizzle-orm';
import { getDatabase, schema, selectRows } from '../db/db.server';

const b = schema.mailSendBudgets;

/** How many sends the bucket holds at most: one second's worth, and at least one. */
export const bucketCapacity = (perMinute: number) => Math.max(1, perMinute / 60);

export interface Grant {
  /** Sends that may start now (0 to the number asked for). */
  granted: number;
  /** When the next send will be there, when fewer than asked for were granted. */
  nextAt: Date | null;
}

/** Takes up to `wanted` sends of `bucket`, whose budget is `perMinute` for all processes together. */
export async function takeSends(bucket: string, wanted: number, perMinute: number): Promise<Grant> {
  const { db } = getDatabase();
  const capacity = bucketCapacity(perMinute);
  const perSecond = perMinute / 60;
  // A new bucket starts full.
  await db
    .insert(b)
    .values({ bucket, tokens: capacity, updatedAt: sql`clock_timestamp()` })
    .onConflictDoNothing();
  const [row] = await selectRows<{ granted: number; tokens: number }>(
    db,
    sql`with held as (
          select ${b.tokens} as tokens, ${b.updatedAt} as updated_at, clock_timestamp() as now
          from ${b} where ${b.bucket} = ${bucket} for update
        ), filled as (
          select least(${capacity}::float8, tokens + ${perSecond}::float8
                   * greatest(extract(epoch from now - updated_at), 0)) as tokens, now
          from held
        )
        update ${b} set tokens = filled.tokens - least(${wanted}, floor(filled.tokens)), updated_at = filled.now
        from filled where ${b.bucket} = ${bucket}
        returning least(${wanted}, floor(filled.tokens))::int as granted, ${b.tokens} as tokens`,
  );
  const granted = Number(row?.granted ?? 0);
  const left = Number(row?.tokens ?? 0);
  return {
    granted,
    nextAt: granted < wanted ? new Date(Date.now() + Math.ceil(((1 - (left % 1)) / perSecond) * 1000)) : null,
  };
}

/** Puts back sends that were taken and not used (at most up to the bucket's capacity). */
export async function returnSends(bucket: string, count: number, perMinute: number) {
  if (count <= 0) return;
  const { db } = getDatabase();
  await db
    .update(b)
    .set({ tokens: sql`least(${bucketCapacity(perMinute)}::float8, ${b.tokens} + ${count})` })
    .where(sql`${b.bucket} = ${bucket}`);
}
