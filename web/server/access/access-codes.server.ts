// The mentee/mentor code: checked on the server in constant time against ACCESS_CODES, every
// attempt recorded (the client only as a keyed hash), at most 10 wrong codes per client per
// 15 minutes (counted in the database, so the limit holds across processes). A right code is
// answered with an access grant: a signed cookie valid for 2 hours that opens the application form.
import { createHmac } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { createCookie, type Cookie } from 'react-router';
import { ACCESS_MESSAGES } from '~/copy/access';
import { normalizeCode, wellFormedCode, type AccessAnswer } from '~/lib/access';
import { getConfig } from '../config.server';
import { getDatabase, schema } from '../db/db.server';
import { countServerEvent } from '../insights/insights.server';
import { hit } from '../rate-limit.server';
import { purposeSecret, safeEqual } from '../signing.server';

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

/** The client address as a keyed hash: stable per address and secret, not reversible without the secret. */
export function clientHash(address: string, secret = getConfig().authSecret): string {
  return createHmac('sha256', secret).update(`access-client\n${address}`).digest('base64url');
}

/** Whether `code` is one of ACCESS_CODES; compares against every code, each in constant time. */
export function isAccessCode(code: string, codes = getConfig().accessCodes): boolean {
  const given = normalizeCode(code);
  let found = false;
  for (const candidate of codes) found = safeEqual(given, candidate) || found;
  return found;
}

export type AccessCheck =
  { status: 200; answer: AccessAnswer; setCookie?: string } | { status: 429; answer: AccessAnswer; retryAfter: number };

/**
 * Checks one attempt from `clientAddress`. A code that is not five letters or digits cannot be
 * right: it is answered without being recorded or counted. Every other attempt is recorded; wrong
 * ones count towards the limit, and past it even the right code is refused until the window ends.
 */
export async function checkAccessCode(code: string, clientAddress: string, now = Date.now()): Promise<AccessCheck> {
  const entered = normalizeCode(code).slice(0, 64);
  if (!wellFormedCode(entered)) return { status: 200, answer: { valid: false, error: ACCESS_MESSAGES.incomplete } };
  const hash = clientHash(clientAddress);
  const window = { bucket: 'access-code', key: hash, windowMs: ACCESS_WINDOW_MS };
  // Count first (atomically), so parallel guesses cannot get past the limit; undo if it was right.
  const { hits, retryAfter } = await hit(window, now);
  const valid = isAccessCode(entered);
  const limited = hits > ACCESS_MAX_WRONG;
  if (hits <= ACCESS_LOGGED_PER_WINDOW) {
    const { db } = getDatabase();
    await db
      .insert(schema.accessAttempts)
      .values({ code: entered, valid, limited, clientHash: hash, createdAt: new Date(now) });
  }
  if (limited) return { status: 429, answer: { valid: false, error: ACCESS_MESSAGES.tooMany }, retryAfter };
  if (!valid) return { status: 200, answer: { valid: false, error: ACCESS_MESSAGES.wrong } };
  await hit(window, now, -1);
  // The funnel's "code accepted" step: a count of the day, nothing about who entered it.
  await countServerEvent('code_accepted', new Date(now));
  return { status: 200, answer: { valid: true }, setCookie: await grantCookie(now) };
}

/** What the grant cookie holds (signed, so the client cannot change it): when the grant ends. */
interface Grant {
  expiresAt: number;
}

const jars = new Map<string, Cookie>();
/**
 * The grant cookie (React Router's createCookie): HttpOnly, SameSite=Strict, Secure over https,
 * signed with a key derived from AUTH_SECRET for this cookie alone, so that no other token or
 * cookie this server signs can pass for a grant.
 */
function grantJar(): Cookie {
  const { authSecret, https } = getConfig();
  const id = `${https}:${authSecret}`;
  let jar = jars.get(id);
  if (!jar) {
    jar = createCookie(ACCESS_GRANT_COOKIE, {
      secrets: [purposeSecret('access-grant', authSecret)],
      httpOnly: true,
      sameSite: 'strict',
      secure: https,
      path: '/',
      maxAge: ACCESS_GRANT_TTL_MS / 1000,
    });
    jars.set(id, jar);
  }
  return jar;
}

/** The Set-Cookie header of a grant made at `now` (valid for ACCESS_GRANT_TTL_MS). */
export const grantCookie = (now = Date.now()) => grantJar().serialize({ expiresAt: now + ACCESS_GRANT_TTL_MS });

/**
 * The request's grant: `valid`, `missing` (no grant cookie), or `expired` (a grant cookie that ran
 * out, or that this server did not sign: either way the visitor needs a code again).
 */
export async function grantState(request: Request, now = Date.now()): Promise<'valid' | 'expired' | 'missing'> {
  const header = request.headers.get('cookie');
  const grant: unknown = await grantJar()
    .parse(header)
    .catch(() => null);
  if (grant === null && !new RegExp(`(^|;)\\s*${ACCESS_GRANT_COOKIE}=`).test(header ?? '')) return 'missing';
  const expiresAt = (grant as Partial<Grant> | null)?.expiresAt;
  return typeof expiresAt === 'number' && expiresAt > now ? 'valid' : 'expired';
}

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
