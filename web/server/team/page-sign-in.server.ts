// The team dashboard's own sign-in (form posts to /teamdashboard, with or without JavaScript):
// email and password, then the second factor (a code from the authenticator app or a backup
// code), and signing out. Each step goes through Better Auth's handler like a browser's call (its
// limiter, origin check and cookies), and is observed like one (the activity log).
import type { RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { TEAM_PASSWORD_RESET_COPY, TEAM_SIGN_IN_COPY } from '~/copy/team';
import { authForm } from '~/lib/auth';
import { BACKUP_CODE_PATH, callAuth, getSession, TOTP_PATH, type AuthAnswer } from '../accounts/accounts.server';
import { getDatabase, schema } from '../db/db.server';
import { fail, ok, type Failure, type Problem, type Result } from '../result.server';
import { eq } from 'drizzle-orm';
import { recordActivity } from './activity.server';
import { awaitsSecondFactor, observeSignIn, SIGN_IN_PATH } from './sign-in-events.server';

type Context = Readonly<RouterContextProvider>;

/**
 * Where a sign-in step leads: 'second-factor' (the password step: password right, the second
 * factor is asked next; Better Auth set its pending cookie) or 'signed-in' (the second factor
 * step), or why it was refused. Either way with the cookies Better Auth set or cleared, to pass on
 * to the browser.
 */
export type SignInStep<Next extends 'second-factor' | 'signed-in'> = Result<Next> & { setCookies: string[] };

// The forms' inputs: lenient (a missing or odd field is empty, and Better Auth refuses it in its words).
export const passwordForm = z.object({
  email: z.string().trim().max(320).catch(''),
  password: z.string().max(1000).catch(''),
});
export const secondFactorForm = z.object({
  method: z.enum(['totp', 'backup']).catch('totp'),
  code: z.string().trim().max(64).catch(''),
});
export const resetForm = z.object({ email: passwordForm.shape.email });

/** A post to /teamdashboard: its step (the password's by default) with the fields of every step. */
export const teamDashboardForm = z.object({
  intent: z.enum(['sign-in', 'second-factor', 'reset-password', 'sign-out']).catch('sign-in'),
  ...passwordForm.shape,
  ...secondFactorForm.shape,
});

/** A post to /auth: a team member's second step, or the account form's sign-in, sign-up or reset. */
export const authPageForm = z.union([secondFactorForm.extend({ intent: z.literal('second-factor') }), authForm]);

/**
 * Better Auth's refusal in the sign-in's words: a wrong code as the invitation explains it, a
 * limit with how long to wait; its own message otherwise.
 */
function message(answer: AuthAnswer): string {
  const copy = TEAM_SIGN_IN_COPY;
  const code = answer.body.code;
  if (code === 'INVALID_CODE') return copy.wrongCode;
  if (code === 'INVALID_BACKUP_CODE') return copy.wrongBackupCode;
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return copy.tooManyCodes;
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') return copy.factorLocked;
  if (answer.status === 429) return copy.tooMany(answer.retryAfter ?? 60);
  return typeof answer.body.message === 'string' && answer.body.message ? answer.body.message : copy.unexpected;
}

/**
 * Better Auth's refusal in the domains' words (the page answers each with its own status again).
 * Its sign-in and second-factor endpoints refuse with 400, 401, 403 or 429, and a backup code used
 * twice at once with 409; any other status (a 5xx) is 'invalid', a 400, as the page answered a
 * 5xx before.
 */
const AUTH_PROBLEMS: Partial<Record<number, Problem>> = {
  401: 'unauthenticated',
  403: 'forbidden',
  409: 'conflict',
  429: 'rate-limited',
};
const refused = (answer: AuthAnswer, error: string, setCookies: string[]): Failure & { setCookies: string[] } => ({
  ...fail(AUTH_PROBLEMS[answer.status] ?? 'invalid', error),
  setCookies,
});

async function observed(path: string, body: Record<string, unknown>, request: Request, context: Context) {
  const answer = await callAuth(path, body, request, context);
  const extra = await observeSignIn(path, body, request, answer);
  return { answer, setCookies: [...answer.setCookies, ...extra] };
}

/** Step 1: email and password. A person who is not a team member is signed out again at once. */
export async function signInWithPassword(
  { email, password }: z.output<typeof passwordForm>,
  request: Request,
  context: Context,
): Promise<SignInStep<'second-factor'>> {
  const { answer, setCookies } = await observed(SIGN_IN_PATH, { email, password }, request, context);
  if (!answer.ok) return refused(answer, message(answer), setCookies);
  if (answer.body.twoFactorRedirect) return { ...ok('second-factor' as const), setCookies };
  // Signed in without a second factor: not a team member (every member has one). The session this
  // opened is ended again, so the page does not leave an applicant signed in by surprise.
  const token = typeof answer.body.token === 'string' ? answer.body.token : undefined;
  if (token) await getDatabase().db.delete(schema.authSessions).where(eq(schema.authSessions.token, token));
  return { ...fail('forbidden', TEAM_SIGN_IN_COPY.notMember), setCookies: [] };
}

/** Step 2: the code from the app, or a backup code. */
export async function verifySecondFactor(
  { method, code }: z.output<typeof secondFactorForm>,
  request: Request,
  context: Context,
): Promise<SignInStep<'signed-in'>> {
  const path = method === 'backup' ? BACKUP_CODE_PATH : TOTP_PATH;
  const { answer, setCookies } = await observed(path, { code }, request, context);
  if (!answer.ok) {
    const expired = answer.body.code === 'INVALID_TWO_FACTOR_COOKIE';
    return refused(answer, expired ? TEAM_SIGN_IN_COPY.secondFactorExpired : message(answer), setCookies);
  }
  return { ...ok('signed-in' as const), setCookies };
}

/**
 * The team sign-in's "forgot password": Better Auth mails a link (for a team member, one that leads
 * back to the team sign-in: accounts/auth.server.ts). The answer is the same whether or not the
 * address has an account; refused only for an empty or malformed address, or by the limiter.
 */
export async function requestTeamPasswordReset(
  { email }: z.output<typeof resetForm>,
  request: Request,
  context: Context,
): Promise<Result<void>> {
  if (!email) return fail('invalid', TEAM_PASSWORD_RESET_COPY.invalid);
  const answer = await callAuth('/request-password-reset', { email }, request, context);
  if (answer.status === 429) {
    const retryAfter = answer.retryAfter ?? 60;
    return fail('rate-limited', TEAM_SIGN_IN_COPY.tooMany(retryAfter), { retryAfter });
  }
  if (answer.status === 400) return fail('invalid', TEAM_PASSWORD_RESET_COPY.invalid);
  return answer.ok ? ok(undefined) : fail('invalid', TEAM_SIGN_IN_COPY.unexpected);
}

/** Signing out: the session ends (its dashboard tokens with it), and the activity log says so. */
export async function signOutOfTeam(request: Request, context: Context): Promise<string[]> {
  const session = await getSession(request);
  const answer = await callAuth('/sign-out', {}, request, context);
  if (session?.user && answer.ok) {
    const [user] = await getDatabase()
      .db.select({ role: schema.authUsers.teamRole })
      .from(schema.authUsers)
      .where(eq(schema.authUsers.id, session.user.id));
    if (user?.role)
      await recordActivity({
        action: 'sign-out',
        member: { id: session.user.id, name: session.user.name },
        target: session.user.id,
      });
  }
  // A sign-in left half-way (the "start over" of the second step) ends too.
  const pending = ['better-auth.two_factor', '__Secure-better-auth.two_factor'].map(
    (name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`,
  );
  return [...answer.setCookies, ...(awaitsSecondFactor(request) ? pending : [])];
}
