// Sign-ins of team members, observed where Better Auth answers them (its HTTP endpoints and the
// pages' form posts): a failed password or second factor and a completed sign-in are recorded in
// the activity log, and a completed sign-in from a new browser is mailed to the member. Failed
// sign-ins of addresses that are not team members are not recorded here (Better Auth's limiter
// counts them): the team's log holds the team, not the applicants.
import { eq, sql } from 'drizzle-orm';
import { getDatabase, schema } from '../db/db.server';
import { recordActivity } from './activity.server';
import { noteSignInBrowser } from './devices.server';

export const SIGN_IN_PATH = '/sign-in/email';
export const TOTP_PATH = '/two-factor/verify-totp';
export const BACKUP_CODE_PATH = '/two-factor/verify-backup-code';
const OBSERVED = new Set([SIGN_IN_PATH, TOTP_PATH, BACKUP_CODE_PATH]);

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
    if (answer.ok) return [];
    const member = await memberByEmail(requestBody?.email);
    if (member) {
      const reason = answer.status === 429 ? 'too many attempts' : 'wrong email or password';
      await recordActivity({ action: 'sign-in-failed', member, target: member.id, detail: { reason } });
    }
    return [];
  }
  if (!awaitsSecondFactor(request)) return [];
  const method = path === TOTP_PATH ? 'authenticator app' : 'backup code';
  if (!answer.ok) {
    const member = await memberById(await pendingSecondFactorUser(request));
    if (member) await recordActivity({ action: 'second-factor-failed', member, target: member.id, detail: { method } });
    return [];
  }
  const member = await memberById((answer.body.user as { id?: unknown } | undefined)?.id);
  if (!member) return [];
  await recordActivity({ action: 'sign-in', member, target: member.id, detail: { method } });
  const cookie = await noteSignInBrowser(member, request);
  return cookie ? [cookie] : [];
}
