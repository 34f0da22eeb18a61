// The mentee/mentor code: checked on the server in constant time against ACCESS_CODES, every
// attempt recorded (the code and the client only as keyed hashes), at most 10 wrong codes per
// client (an IPv6 client: per /64) per 15 minutes, and 200 wrong codes in total within an hour
// lock the code check for everyone for 15 minutes (the team is told). Counted in the database, so
// the limits hold across processes. A right code is answered with an access grant: a signed
// cookie valid for 2 hours that opens the application form.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { ACCESS_MESSAGES } from '~/copy/access';
import { normalizeCode, wellFormedCode, type AccessAnswer } from '~/lib/access';
import { formatTime } from '~/lib/berlin-time';
import { getConfig } from '../config.server';
import { getDatabase, schema } from '../db/db.server';
import { countServerEvent } from '../insights/insights.server';
import { log } from '../log.server';
import { enqueueMail, kickOutbox, MAIL_SIGNATURE } from '../mail/mail.server';
import { hit, limitKey } from '../rate-limit.server';
import { fail, ok, type Result } from '../result.server';
import { keyedHash, safeEqual, signedCookie } from '../signing.server';

export const ACCESS_WINDOW_MS = 15 * 60 * 1000;
export const ACCESS_MAX_WRONG = 10;
export const ACCESS_GRANT_TTL_MS = 2 * 60 * 60 * 1000;
export const ACCESS_GRANT_COOKIE = 'access_grant';
/**
 * Attempts of one client per window that are written to the log. Past this, a flood of refused
 * requests is only counted (in the rate-limit window), so it cannot fill the database.
 */
export const ACCESS_LOGGED_PER_WINDOW = 100;
/** How long the attempt log is kept. */
export const ACCESS_ATTEMPTS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Wrong codes from everyone together within ACCESS_BUDGET_WINDOW_MS that lock the code check for
 * everyone for ACCESS_LOCKDOWN_MS: guessing from many addresses at once is slowed down too.
 */
export const ACCESS_BUDGET = 200;
export const ACCESS_BUDGET_WINDOW_MS = 60 * 60 * 1000;
export const ACCESS_LOCKDOWN_MS = 15 * 60 * 1000;
/** The team is told of a lockdown at most once in this time (an attack that goes on is one incident). */
export const ACCESS_LOCKDOWN_MAIL_EVERY_MS = 24 * 60 * 60 * 1000;
/** The overall count is kept in one-minute slots, so "within an hour" slides with the clock. */
const BUDGET_SLOT_MS = 60_000;
const BUDGET_BUCKET = 'access-code-all';
const LOCKDOWN_SCOPE = 'access-codes';
export const ACCESS_LOCKDOWN_MAIL_KIND = 'access-lockdown';

/** The client address as a keyed hash: stable per address and secret, not reversible without the secret. */
export const clientHash = (address: string, secret = getConfig().authSecret) =>
  keyedHash('access-client', address, secret);

/** An entered code as a keyed hash: attempts at one code can be counted, the code not read back. */
export const codeHash = (code: string, secret = getConfig().authSecret) => keyedHash('access-code', code, secret);

/** Whether `code` is one of ACCESS_CODES; compares against every code, each in constant time. */
export function isAccessCode(code: string, codes = getConfig().accessCodes): boolean {
  const given = normalizeCode(code);
  let found = false;
  for (const candidate of codes) found = safeEqual(given, candidate) || found;
  return found;
}

/**
 * An attempt's answer: whether the code is right (with the grant's Set-Cookie) or why not, or
 * refused as 'rate-limited' (with the seconds until the limit or the lockdown ends).
 */
export type AccessCheck = Result<{ answer: AccessAnswer; setCookie?: string }>;

/**
 * Checks one attempt from `clientAddress`. A code that is not five letters or digits cannot be
 * right: it is answered without being recorded or counted. Every other attempt is recorded; wrong
 * ones count towards the client's limit and the overall budget, and past either even the right
 * code is refused until the window (or the lockdown) ends.
 */
export async function checkAccessCode(code: string, clientAddress: string, now = Date.now()): Promise<AccessCheck> {
  const entered = normalizeCode(code).slice(0, 64);
  if (!wellFormedCode(entered)) return ok({ answer: { valid: false, error: ACCESS_MESSAGES.incomplete } });
  const hash = clientHash(limitKey(clientAddress));
  const window = { bucket: 'access-code', key: hash, windowMs: ACCESS_WINDOW_MS };
  // Count first (atomically), so parallel guesses cannot get past the limit; undo if it was right.
  const { hits, retryAfter } = await hit(window, now);
  const valid = isAccessCode(entered);
  const lockedUntil = await lockdownUntil(now);
  const limited = hits > ACCESS_MAX_WRONG || lockedUntil !== undefined;
  if (hits <= ACCESS_LOGGED_PER_WINDOW) {
    const { db } = getDatabase();
    await db
      .insert(schema.accessAttempts)
      .values({ codeHash: codeHash(entered), valid, limited, clientHash: hash, createdAt: new Date(now) });
  }
  const tooMany = (seconds: number) => fail('rate-limited', ACCESS_MESSAGES.tooMany, { retryAfter: seconds });
  if (lockedUntil !== undefined) {
    if (valid) await hit(window, now, -1);
    const lockdownLeft = Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 1000));
    return tooMany(hits > ACCESS_MAX_WRONG ? Math.max(retryAfter, lockdownLeft) : lockdownLeft);
  }
  if (limited) return tooMany(retryAfter);
  if (!valid) {
    await countWrongCode(now);
    return ok({ answer: { valid: false, error: ACCESS_MESSAGES.wrong } });
  }
  await hit(window, now, -1);
  // The funnel's "code accepted" step: a count of the day, nothing about who entered it.
  await countServerEvent('code_accepted', new Date(now));
  return ok({ answer: { valid: true }, setCookie: await grantCookie(now) });
}

/** The end of the lockdown in force at `now`, or undefined when there is none. */
async function lockdownUntil(now: number): Promise<Date | undefined> {
  const t = schema.lockdowns;
  const [row] = await getDatabase()
    .db.select({ until: t.until })
    .from(t)
    .where(and(eq(t.scope, LOCKDOWN_SCOPE), gt(t.until, new Date(now))));
  return row?.until;
}

/** Counts a wrong code towards the overall budget and starts the lockdown when it is spent. */
async function countWrongCode(now: number) {
  await hit({ bucket: BUDGET_BUCKET, key: 'all', windowMs: BUDGET_SLOT_MS }, now);
  const r = schema.rateLimits;
  const [row] = await getDatabase()
    .db.select({ total: sql<string>`coalesce(sum(${r.hits}), 0)` })
    .from(r)
    .where(and(eq(r.bucket, BUDGET_BUCKET), gt(r.windowStart, new Date(now - ACCESS_BUDGET_WINDOW_MS))));
  if (Number(row?.total ?? 0) >= ACCESS_BUDGET) await startLockdown(now);
}

/**
 * Locks the code check for everyone. One conditional upsert: of processes that find the budget
 * spent at the same moment, exactly one starts the lockdown (the others find it in force), and
 * only that one logs it, starts the count afresh and tells the team (at most once a day).
 */
async function startLockdown(now: number) {
  const { db } = getDatabase();
  const t = schema.lockdowns;
  const at = new Date(now);
  const [started] = await db
    .insert(t)
    .values({ scope: LOCKDOWN_SCOPE, startedAt: at, until: new Date(now + ACCESS_LOCKDOWN_MS), mailedAt: at })
    .onConflictDoUpdate({
      target: t.scope,
      set: {
        startedAt: sql`excluded.started_at`,
        until: sql`excluded.until`,
        mailedAt: sql`case when ${t.mailedAt} is null or ${t.mailedAt} <= ${new Date(now - ACCESS_LOCKDOWN_MAIL_EVERY_MS)} then excluded.mailed_at else ${t.mailedAt} end`,
      },
      setWhere: lte(t.until, at),
    })
    .returning({ until: t.until, mailedAt: t.mailedAt });
  if (!started) return;
  const r = schema.rateLimits;
  await db.delete(r).where(and(eq(r.bucket, BUDGET_BUCKET), lte(r.windowStart, at)));
  log.warn(
    `Access codes: ${ACCESS_BUDGET} wrong codes within an hour; the code check is locked for everyone until ${started.until.toISOString()}`,
  );
  const { teamNotify } = getConfig().mail;
  if (!teamNotify || started.mailedAt?.getTime() !== now) return;
  const until = formatTime(started.until);
  await enqueueMail(db, ACCESS_LOCKDOWN_MAIL_KIND, {
    to: teamNotify,
    subject: 'Zugangscodes: Seite vorübergehend gesperrt',
    text:
      `Hallo Team,\n\ninnerhalb einer Stunde wurden ${ACCESS_BUDGET} falsche Zugangscodes eingegeben, von ` +
      `verschiedenen Adressen. Das sieht nach einem Versuch aus, die Codes zu erraten. Deshalb nimmt die ` +
      `Code-Seite (/access) bis ${until} Uhr keine Codes an, auch keine richtigen.\n\nIhr müsst nichts tun. ` +
      `Wenn das öfter vorkommt, tauscht die Codes aus (ACCESS_CODES) und gebt die neuen nur persönlich weiter. ` +
      `Weitere Sperren melden wir frühestens in 24 Stunden wieder; sie stehen im Log.` +
      MAIL_SIGNATURE,
  });
  kickOutbox();
}

/** What the grant cookie holds (signed, so the client cannot change it): which grant, and when it ends. */
interface Grant {
  /** Random, so that limits can count per grant (grants made before it had none). */
  id?: string;
  expiresAt: number;
}

/**
 * The grant cookie: HttpOnly, SameSite=Strict, Secure over https, signed with a key derived from
 * AUTH_SECRET for this cookie alone, so that no other token or cookie this server signs can pass
 * for a grant.
 */
const grantJar = signedCookie(ACCESS_GRANT_COOKIE, 'access-grant', (https) => ({
  sameSite: 'strict',
  secure: https,
  maxAge: ACCESS_GRANT_TTL_MS / 1000,
}));

/** The Set-Cookie header of a grant made at `now` (valid for ACCESS_GRANT_TTL_MS). */
export const grantCookie = (now = Date.now()) =>
  grantJar().serialize({ id: randomUUID(), expiresAt: now + ACCESS_GRANT_TTL_MS } satisfies Grant);

/**
 * The request's grant: `valid` (with its id), `missing` (no grant cookie), or `expired` (a grant
 * cookie that ran out, or that this server did not sign: either way the visitor needs a code again).
 */
export async function readGrant(
  request: Request,
  now = Date.now(),
): Promise<{ state: 'valid'; id: string } | { state: 'expired' | 'missing' }> {
  const header = request.headers.get('cookie');
  const grant: unknown = await grantJar()
    .parse(header)
    .catch(() => null);
  if (grant === null && !new RegExp(`(^|;)\\s*${ACCESS_GRANT_COOKIE}=`).test(header ?? '')) return { state: 'missing' };
  const { id, expiresAt } = (grant ?? {}) as Partial<Grant>;
  if (typeof expiresAt !== 'number' || expiresAt <= now) return { state: 'expired' };
  // A grant made before grants had ids is told apart by its expiry (to the millisecond).
  return { state: 'valid', id: typeof id === 'string' ? id : `expires-${expiresAt}` };
}

/** The request's grant state (see readGrant). */
export const grantState = async (request: Request, now = Date.now()) => (await readGrant(request, now)).state;

/** Whether the request carries a valid access grant. */
export const hasAccessGrant = async (request: Request, now = Date.now()) =>
  (await grantState(request, now)) === 'valid';

/** Forgets attempts older than the retention period; returns how many were deleted. */
export async function deleteOldAccessAttempts(now = Date.now()): Promise<number> {
  const { db } = getDatabase();
  const t = schema.accessAttempts;
  const rows = await db
    .delete(t)
    .where(lt(t.createdAt, new Date(now - ACCESS_ATTEMPTS_KEPT_MS)))
    .returning({ id: t.id });
  return rows.length;
}
