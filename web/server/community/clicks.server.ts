// The stable links' write path: a counted click takes a place in the first group of the pool that
// has one, with one conditional increment per group tried (so two instances never hand out more
// places than a group has), and adds itself to the day's count of that group and campaign in the
// same statement. A click that is not counted (a bot, GPC, DNT, a prefetch) only reads the counts.
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { CommunityGroup } from '~/lib/content-types';
import { getDatabase, schema, selectRows, type Db } from '../db/db.server';
import { currentGroup, type ClickCounts } from './pool.server';

// Groups this process has seen full, with the capacity they were full at: clicks only ever grow,
// so such a group stays full until the Studio gives it more places. Saves a statement per click
// once a group is full. Kept per database (tests switch databases).
let fullGroups = { db: undefined as object | undefined, keys: new Map<string, number>() };
function knownFull(db: object) {
  if (fullGroups.db !== db) fullGroups = { db, keys: new Map() };
  return fullGroups.keys;
}

/**
 * Takes one place in `group`: its counted clicks go up by one, and the day's count of the group
 * and campaign with them. With `capacity`, only while the group has fewer clicks than that; the
 * clicks after the increment, or null when the group was full.
 */
async function takePlace(
  db: Db,
  group: string,
  capacity: number | null,
  day: string,
  campaign: string,
): Promise<number | null> {
  const g = schema.communityGroups;
  const c = schema.communityClicks;
  const room = capacity === null ? sql`` : sql` where ${g.clicks} < ${capacity}`;
  // One statement: on PostgreSQL a concurrent click on the same group waits for the row and then
  // sees its new count, so the capacity check and the increment cannot be split by another click.
  const rows = await selectRows<{ clicks: number }>(
    db,
    sql`with taken as (
      insert into ${g} (key, clicks) values (${group}, 1)
      on conflict (key) do update set clicks = ${g.clicks} + 1${room}
      returning ${g.clicks} as clicks
    ), counted as (
      insert into ${c} (day, group_key, campaign, count)
      select ${day}::date, ${group}, ${campaign}, 1 from taken
      on conflict (day, group_key, campaign) do update set count = ${c.count} + 1
    )
    select clicks from taken`,
  );
  return rows[0] ? Number(rows[0].clicks) : null;
}

/**
 * Counts one click of an audience's link: the group it takes a place in (the first of `pool` with
 * room; the last one when all are full) and that group's counted clicks after it.
 */
export async function countClick(
  pool: readonly CommunityGroup[],
  day: string,
  campaign: string,
): Promise<{ group: CommunityGroup; clicks: number }> {
  const { db } = getDatabase();
  const full = knownFull(db);
  for (const [i, group] of pool.entries()) {
    const last = i === pool.length - 1;
    if (!last && full.get(group.key) === group.capacity) continue;
    const clicks = await takePlace(db, group.key, last ? null : group.capacity, day, campaign);
    if (clicks !== null) return { group, clicks };
    full.set(group.key, group.capacity);
  }
  throw new Error('countClick needs a pool with at least one group');
}

/** The counted clicks since each group was added (groups never clicked are absent). */
export async function clickCounts(keys: readonly string[]): Promise<ClickCounts> {
  if (!keys.length) return new Map();
  const { db } = getDatabase();
  const g = schema.communityGroups;
  const rows = await db
    .select({ key: g.key, clicks: g.clicks })
    .from(g)
    .where(inArray(g.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.clicks]));
}

/** The group an uncounted click is sent to: the current one, read without writing anything. */
export async function peekCurrent(pool: readonly CommunityGroup[]): Promise<CommunityGroup | undefined> {
  if (pool.length <= 1) return pool[0];
  return currentGroup(pool, await clickCounts(pool.map((g) => g.key)));
}

/**
 * Where a click goes when the database does not answer: the first group this process has not seen
 * full. The visitor still reaches a group; the click is not counted.
 */
export function guessCurrent(pool: readonly CommunityGroup[]): CommunityGroup | undefined {
  const full = knownFull(getDatabase().db);
  return pool.find((g) => full.get(g.key) !== g.capacity) ?? pool.at(-1);
}

/** Forgets which groups this process saw full (tests that empty the tables between cases). */
export function forgetCommunityMemory(): void {
  fullGroups = { db: undefined, keys: new Map() };
}

/** The counted clicks of the Berlin days `from` to `to` (included), per group and campaign. */
export async function clicksInRange(
  from: string,
  to: string,
): Promise<{ group: string; campaign: string; clicks: number }[]> {
  const { db } = getDatabase();
  const c = schema.communityClicks;
  return db
    .select({ group: c.groupKey, campaign: c.campaign, clicks: sql<number>`cast(sum(${c.count}) as integer)` })
    .from(c)
    .where(and(gte(c.day, from), lte(c.day, to)))
    .groupBy(c.groupKey, c.campaign);
}
