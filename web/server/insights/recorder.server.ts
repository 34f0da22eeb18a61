// The beacons' write path: one batching recorder per database, like the signups' writer (decision
// records 015 and 026). A beacon is answered only after the batch holding it has committed, so a
// 204 means counted. Each batch is one transaction: the day's new visitor hashes, then one upsert
// that adds the batch's counts to the daily aggregate rows.
import { createHash, randomBytes } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { berlinDay } from '~/lib/berlin-time';
import type { DeviceClass } from '~/lib/insights';
import { getDatabase, groupCommitPerDatabase, schema, type GroupCommitWaiting } from '../db/db.server';
import { notCounted, type HeaderReader } from '../http/http.server';
import { fail, ok, type Result } from '../result.server';
import { deviceClass, parseBeacon, type Beacon } from './classify.server';

/** One beacon as the batch sees it: its day, and for a page view the visitor's hash of that day. */
interface Hit {
  day: string;
  beacon: Beacon;
  visitor?: { hash: string; device: DeviceClass };
}
/** One batch of beacons, through the shared group commit: answered when its transaction has committed. */
async function commitHits(batch: GroupCommitWaiting<Hit, void>[]) {
  await writeHits(batch.map((w) => w.item));
  for (const waiting of batch) waiting.resolve();
}

type Count = [day: string, metric: string, key: string];

/** Adds one batch of hits to the aggregates, in one transaction. */
async function writeHits(hits: Hit[]) {
  const { db } = getDatabase();
  // Which visitors are new today: their hash goes in; a hash already there comes back as nothing.
  // Hashes this process has itself committed today are known without asking the database.
  const pairs = new Map<string, { day: string; hash: string }>();
  for (const { day, visitor } of hits) {
    const id = visitor && `${day} ${visitor.hash}`;
    if (id && !seenToday.has(id)) pairs.set(id, { day, hash: visitor.hash });
  }
  const write = async (tx: Tx | typeof db) => {
    const fresh = new Set<string>();
    if (pairs.size) {
      // Sorted, so that parallel batches on PostgreSQL take the rows' locks in one order.
      const rows = [...pairs.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
      const inserted = await tx
        .insert(schema.insightsVisitors)
        .values(rows)
        .onConflictDoNothing()
        .returning({ day: schema.insightsVisitors.day, hash: schema.insightsVisitors.hash });
      for (const row of inserted) fresh.add(`${row.day} ${row.hash}`);
    }
    const counts = new Map<string, { count: Count; n: number }>();
    const add = (...count: Count) => {
      const id = count.join('\n');
      const entry = counts.get(id);
      if (entry) entry.n++;
      else counts.set(id, { count, n: 1 });
    };
    for (const { day, beacon, visitor } of hits) {
      if (beacon.name === 'pageview') add(day, 'pageview', beacon.path);
      else add(day, beacon.name, '');
      // A visitor's first page view of the day counts them, with where they came from and their device.
      const id = visitor && `${day} ${visitor.hash}`;
      if (id && fresh.delete(id)) {
        add(day, 'visitor', '');
        add(day, 'referrer', beacon.referrer);
        add(day, 'device', visitor.device);
        if (beacon.campaign) add(day, 'campaign', beacon.campaign);
      }
    }
    await addCounts(
      tx,
      [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v),
    );
  };
  // Without new hashes to write, the counts are one statement: no transaction needed.
  if (pairs.size) await db.transaction(write);
  else await write(db);
  for (const id of pairs.keys()) rememberSeen(id);
}

// Today's visitor hashes this process has committed: a returning visitor costs no database write.
// Emptied when the day changes (as the salt is), so it never holds an earlier day's hash.
const seenToday = new Set<string>();
let seenDay = '';
const SEEN_MAX = 200_000;
function rememberSeen(id: string) {
  const day = id.slice(0, 10);
  if (day !== seenDay) {
    seenToday.clear();
    seenDay = day;
  }
  if (seenToday.size < SEEN_MAX) seenToday.add(id);
}

type Tx = Parameters<Parameters<ReturnType<typeof getDatabase>['db']['transaction']>[0]>[0];

async function addCounts(tx: Tx | ReturnType<typeof getDatabase>['db'], rows: { count: Count; n: number }[]) {
  if (!rows.length) return;
  const t = schema.insightsDaily;
  await tx
    .insert(t)
    .values(rows.map(({ count: [day, metric, key], n }) => ({ day, metric, key, count: n })))
    .onConflictDoUpdate({ target: [t.day, t.metric, t.key], set: { count: sql`${t.count} + excluded.count` } });
}

const recorderFor = groupCommitPerDatabase(commitHits, 2, 2000);

// The day's salt: in this process's memory and in the database for that day only. A new day
// draws a new salt (the first process to ask stores it; the others read it) and deletes the
// salts and hashes of the days before, so yesterday's visitors cannot be linked to today's.
let salt: { db: object; day: string; value: Promise<string> } | undefined;

async function loadSalt(day: string): Promise<string> {
  const { db } = getDatabase();
  await deleteExpiredVisitorData(day);
  await db
    .insert(schema.insightsSalts)
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db
    .select({ salt: schema.insightsSalts.salt })
    .from(schema.insightsSalts)
    .where(sql`${schema.insightsSalts.day} = ${day}`);
  return rows[0]!.salt;
}

function saltOf(day: string): Promise<string> {
  const { db } = getDatabase();
  if (!salt || salt.day !== day || salt.db !== db) {
    const value = loadSalt(day);
    salt = { db, day, value };
    // A failed load is tried again by the next beacon.
    value.catch(() => {
      if (salt?.value === value) salt = undefined;
    });
  }
  return salt.value;
}

/** The visitor's hash for `day`: the day's salt, the address and the user agent, none of them kept. */
export function visitorHash(daySalt: string, address: string, userAgent: string): string {
  return createHash('sha256').update(`${daySalt}\n${address}\n${userAgent}`).digest('base64url').slice(0, 22);
}

/**
 * Counts one beacon (already validated, from a visitor who is counted at all) at `now`; resolves
 * after it is committed.
 */
export async function recordBeacon(
  beacon: Beacon,
  visitor: { address: string; userAgent: string },
  now = new Date(),
): Promise<void> {
  const day = berlinDay(now);
  const hit: Hit = { day, beacon };
  if (beacon.name === 'pageview') {
    hit.visitor = {
      hash: visitorHash(await saltOf(day), visitor.address, visitor.userAgent),
      device: deviceClass(visitor.userAgent),
    };
  }
  return recorderFor().write(hit);
}

/** Counts a funnel step the server sees itself (a right access code), on its Berlin day. */
export async function countServerEvent(metric: 'code_accepted', now = new Date()): Promise<void> {
  await addCounts(getDatabase().db, [{ count: [berlinDay(now), metric, ''], n: 1 }]);
}

/**
 * Deletes the salts and visitor hashes of every day before `today` (YYYY-MM-DD, Berlin); returns
 * how many hashes went. The retention sweep runs it too, for a server that saw no beacon today.
 */
export async function deleteExpiredVisitorData(today = berlinDay(new Date())): Promise<number> {
  const { db } = getDatabase();
  if (salt && salt.day < today) salt = undefined;
  if (seenDay && seenDay < today) seenToday.clear();
  await db.delete(schema.insightsSalts).where(lt(schema.insightsSalts.day, today));
  const deleted = await db
    .delete(schema.insightsVisitors)
    .where(lt(schema.insightsVisitors.day, today))
    .returning({ day: schema.insightsVisitors.day });
  return deleted.length;
}

// The beacon's two answers, made once: the hot path allocates no result of its own.
const COUNTED: Result<void> = ok(undefined);
const NOT_A_BEACON: Result<void> = fail('invalid', 'Invalid beacon');

/**
 * A beacon as it arrives (body text, headers, client address, the Host it was sent to) → counted
 * (ok once committed, or when the visitor is not counted), or 'invalid' when it is not a beacon.
 * The route and the server's direct path for this endpoint both map it to HTTP (204 or 400). The
 * body's size limit is theirs to check.
 */
export async function acceptBeacon(
  text: string,
  header: HeaderReader,
  address: string,
  host: string | undefined,
): Promise<Result<void>> {
  const beacon = parseBeacon(text, host);
  if (!beacon) return NOT_A_BEACON;
  if (!notCounted(header)) await recordBeacon(beacon, { address, userAgent: header('user-agent') ?? '' });
  return COUNTED;
}

/** Forgets the salt and the hashes held in memory (tests that empty the tables between cases). */
export function forgetVisitorMemory(): void {
  salt = undefined;
  seenToday.clear();
  seenDay = '';
}
