// Sign-ins of team members, observed where Better Auth answers them (its HTTP endpoints and the
// pages' form posts): a failed password or second factor and a completed sign-in are recorded in
// the activity log, and a completed sign-in from a new browser is mailed to the member. A sign-in
// that completes with the password alone (a member without a second factor: during a factor
// reset) is recorded and mailed too; it opens no team session (session-rules.server.ts). Refused
// (429) attempts are recorded once per member and TOO_MANY_WINDOW_MS, not one by one: a flood
// must not push real events out of the owners' view. Failed sign-ins of addresses that are not
// team members are not recorded here (Better Auth's limiter counts them): the team's log holds
// the team, not the applicants.
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { BACKUP_CODE_PATH, TOTP_PATH } from '../accounts/accounts.server';
import { getDatabase, schema } from '../db/db.server';
import { log } from '../log.server';
import { hit } from '../rate-limit.server';
import { recordActivity, type ActivityEntry } from './activity.server';
import { noteSignInBrowser } from './devices.server';

export const SIGN_IN_PATH = '/sign-in/email';
const OBSERVED = new Set([SIGN_IN_PATH, TOTP_PATH, BACKUP_CODE_PATH]);
/** Refused (429) attempts on one member's account are recorded once in this long. */
export const TOO_MANY_WINDOW_MS = 15 * 60 * 1000;

/** Better Auth's answer to one call, as the observer needs it. */
export interface ObservedAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

const u = schema.authUsers;

async function teamMemberWhere(where: ReturnType<typeof eq>) {
  const { db } = getDatabase();
  const [row] = await db.select({ id: u.id, name: u.name, email: u.email, role: u.teamRole }).from(u).where(where);
  return row?.role ? row : undefined;
}

const i = schema.teamInvitations;

/**
 * A member, or someone on their way back into the team (an open invitation for an address whose
 * earlier invitation was used: a reset second factor, or a removed member invited again).
 */
async function memberOrReturning(id: string) {
  const { db } = getDatabase();
  const [row] = await db
    .select({ id: u.id, name: u.name, email: u.email, role: u.teamRole })
    .from(u)
    .where(eq(u.id, id));
  if (!row || row.role) return row;
  const sameAddress = sql`lower(${i.email}) = ${row.email.toLowerCase()}`;
  const [open] = await db
    .select({ id: i.id })
    .from(i)
    .where(and(sameAddress, isNull(i.usedAt), isNull(i.revokedAt), gt(i.expiresAt, new Date())))
    .limit(1);
  const [used] = open
    ? await db
        .select({ id: i.id })
        .from(i)
        .where(and(sameAddress, isNotNull(i.usedAt)))
        .limit(1)
    : [];
  return used ? row : undefined;
}

/**
 * Records a failed attempt; a refused one (429) only when it is the member's first in
 * TOO_MANY_WINDOW_MS (the others go to the log only).
 */
async function recordFailure(entry: ActivityEntry & { member: { id: string } }, status: number) {
  if (status === 429) {
    const window = { bucket: 'team-sign-in-refused', key: entry.member.id, windowMs: TOO_MANY_WINDOW_MS };
    if ((await hit(window)).hits > 1) {
      log.warn({ event: entry.action, memberId: entry.member.id, status }, `Team: ${entry.action} (refused again)`);
      return;
    }
  }
  await recordActivity(entry);
}

const memberByEmail = (email: unknown) =>
  typeof email === 'string' && email
    ? teamMemberWhere(sql`lower(${u.email}) = ${email.trim().toLowerCase()}`)
    : undefined;
const memberById = (id: unknown) => (typeof id === 'string' && id ? teamMemberWhere(eq(u.id, id)) : undefined);

/** The user whose second factor a request's pending two-factor cookie is for (Better Auth keeps it in auth_verifications). */
async function pendingSecondFactorUser(request: Request): Promise<string | undefined> {
  const match = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]+)/.exec(request.headers.get('cookie') ?? '');
  if (!match) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  const identifier = value.slice(0, value.lastIndexOf('.'));
  if (!identifier.startsWith('2fa-')) return undefined;
  const { db } = getDatabase();
  const v = schema.authVerifications;
  const [row] = await db.select({ userId: v.value }).from(v).where(eq(v.identifier, identifier));
  return row?.userId;
}

/**
 * Whether the request carries Better Auth's cookie of a sign-in waiting for its second factor
 * (so a code it sends is the second step of a sign-in, not an enrolment in a session).
 */
export const awaitsSecondFactor = (request: Request) =>
  /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(request.headers.get('cookie') ?? '');

/**
 * Records what a sign-in call of a team member did; answers Set-Cookie headers to add (the device
 * cookie after a completed sign-in from a new browser).
 */
export async function observeSignIn(
  path: string,
  requestBody: Record<string, unknown> | undefined,
  request: Request,
  answer: ObservedAnswer,
): Promise<string[]> {
  if (!OBSERVED.has(path)) return [];
  if (path === SIGN_IN_PATH) {
    if (answer.ok) return answer.body.twoFactorRedirect ? [] : signedInWithoutSecondFactor(answer, request);
    const member = await memberByEmail(requestBody?.email);
    if (member) {
      const reason = answer.status === 429 ? 'too many attempts' : 'wrong email or password';
      await recordFailure({ action: 'sign-in-failed', member, target: member.id, detail: { reason } }, answer.status);
    }
    return [];
  }
  if (!awaitsSecondFactor(request)) return [];
  const method = path === TOTP_PATH ? 'authenticator app' : 'backup code';
  if (!answer.ok) {
    const member = await memberById(await pendingSecondFactorUser(request));
    if (member) {
      const entry = { action: 'second-factor-failed' as const, member, target: member.id, detail: { method } };
      await recordFailure(entry, answer.status);
    }
    return [];
  }
  const member = await memberById((answer.body.user as { id?: unknown } | undefined)?.id);
  if (!member) return [];
  await recordActivity({ action: 'sign-in', member, target: member.id, detail: { method } });
  const cookie = await noteSignInBrowser(member, request);
  return cookie ? [cookie] : [];
}

/**
 * A sign-in that Better Auth completed with the password alone: for a member (or one on the way
 * back in) it is recorded and mailed to them, whatever the browser. The session it opened is no
 * team session.
 */
async function signedInWithoutSecondFactor(answer: ObservedAnswer, request: Request): Promise<string[]> {
  const id = (answer.body.user as { id?: unknown } | undefined)?.id;
  const member = typeof id === 'string' ? await memberOrReturning(id) : undefined;
  if (!member) return [];
  await recordActivity({ action: 'sign-in-without-second-factor', member, target: member.id });
  const cookie = await noteSignInBrowser(member, request, new Date(), { mail: 'without-second-factor' });
  return cookie ? [cookie] : [];
}
