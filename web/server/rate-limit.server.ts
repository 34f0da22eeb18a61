// Fixed-window counters in the database (table rate_limits), so a limit holds across several
// server processes on one PostgreSQL. One atomic upsert per hit; no read-modify-write race.
import { and, eq, lt, sql } from 'drizzle-orm';
import { getDatabase, schema } from './db/db.server';

/**
 * The key every limit counts a client address under (an IPv6 address by its /64 network, an
 * IPv4-mapped one as IPv4): use it for every `key` that is an address, and for Better Auth's.
 */
export { limitKey } from './http/http.server';

export interface Window {
  /** What is limited, e.g. 'signup' or 'team-code'. */
  bucket: string;
  /** Who is counted, e.g. limitKey(client address). */
  key: string;
  windowMs: number;
}

export interface HitResult {
  /** The count in the current window, this hit included. */
  hits: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
  windowStart: Date;
}

const windowStartOf = (now: number, windowMs: number) => new Date(Math.floor(now / windowMs) * windowMs);

/** Counts one hit (or `by` hits; negative undoes) in the current window and returns the new count. */
export async function hit({ bucket, key, windowMs }: Window, now = Date.now(), by = 1): Promise<HitResult> {
  const { db } = getDatabase();
  const windowStart = windowStartOf(now, windowMs);
  const [row] = await db
    .insert(schema.rateLimits)
    .values({ bucket, key, windowStart, hits: by })
    .onConflictDoUpdate({
      target: [schema.rateLimits.bucket, schema.rateLimits.key, schema.rateLimits.windowStart],
      set: { hits: sql`${schema.rateLimits.hits} + ${by}` },
    })
    .returning({ hits: schema.rateLimits.hits });
  // Now and then, forget windows that ended long ago (cheap: the primary key starts with bucket).
  if (Math.random() < 0.01) void prune(bucket, now - Math.max(windowMs, 3_600_000) * 2).catch(() => {});
  return {
    hits: row!.hits,
    retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
    windowStart,
  };
}

export async function prune(bucket: string, before: number) {
  const { db } = getDatabase();
  await db
    .delete(schema.rateLimits)
    .where(and(eq(schema.rateLimits.bucket, bucket), lt(schema.rateLimits.windowStart, new Date(before))));
}

/**
 * Counts a hit and says whether it is within `limit` per window (limit 0: no limit, nothing is
 * counted).
 */
export async function allow(window: Window, limit: number, now = Date.now()) {
  if (limit <= 0) return { allowed: true, retryAfter: 0 };
  const result = await hit(window, now);
  return { allowed: result.hits <= limit, retryAfter: result.retryAfter };
}
