// Accepting an invitation (/team/einladung): an account (new, or an existing one proven by its
// password), then the second factor (an authenticator app, confirmed with one code), then the 10
// backup codes, shown once. Only then is the person a team member: there is no member without a
// second factor, and leaving half-way leaves an ordinary account and a link that still works for
// 7 days. The steps are form posts to the page's action, so they work without JavaScript.
import { eq, sql } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { symmetricDecrypt } from 'better-auth/crypto';
import { encode as qrEncode } from 'uqr';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '~/copy/limits';
import { INVITATION_MESSAGES } from '~/copy/team';
import type { TeamRole } from '~/lib/team';
import { callAuth, getAuth, getSession } from '../accounts/accounts.server';
import { getDatabase, schema } from '../db/db.server';
import { recordActivity } from './activity.server';
import { noteSignInBrowser } from './devices.server';
import { invitationByToken, useInvitation, type Invitation } from './invitations.server';
import { TEAM_SESSION_MAX_MS } from '~/lib/team';
import { readableKey, totpUri } from './totp-uri.server';

/** The name the authenticator app shows beside the codes. */
export const TOTP_ISSUER = 'Bewegungscoaching';

type Context = Readonly<RouterContextProvider>;

export type EnrolmentView =
  | { stage: 'invalid'; reason: 'used' | 'expired' | 'unknown' }
  | {
      stage: 'account';
      email: string;
      role: TeamRole;
      name: string;
      /** The invitation names the person (an owner, the command, a factor reset): the name is not theirs to change. */
      nameFixed: boolean;
      existingAccount: boolean;
      error?: string;
    }
  | { stage: 'second-factor'; email: string; key: string; uri: string; qr: boolean[][]; error?: string }
  | { stage: 'done'; name: string; backupCodes: string[] };

export interface EnrolmentAnswer {
  view: EnrolmentView;
  /** Cookies to set (Better Auth's session; the device cookie). */
  setCookies: string[];
  status: number;
}

export const accountForm = z.object({
  name: z.string().trim().min(1, INVITATION_MESSAGES.nameMissing).max(100),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, INVITATION_MESSAGES.passwordTooShort)
    .max(128, INVITATION_MESSAGES.passwordTooLong),
});
/** A post to /team/einladung: the account step's fields, or the confirming code (`intent: 'confirm'`). */
export const invitationPageForm = z.object({
  intent: z.enum(['account', 'confirm']).catch('account'),
  name: z.string().optional().catch(undefined),
  password: z.string().optional().catch(undefined),
  code: z.string().optional().catch(undefined),
});
type InvitationPageForm = z.output<typeof invitationPageForm>;
export const codeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, INVITATION_MESSAGES.codeFormat),
});

const u = schema.authUsers;

async function accountView(invitation: Invitation, error?: string): Promise<EnrolmentView> {
  const ctx = await getAuth().$context;
  const existing = await ctx.internalAdapter.findUserByEmail(invitation.email);
  return {
    stage: 'account',
    email: invitation.email,
    role: invitation.role,
    name: invitation.name ?? existing?.user.name ?? '',
    nameFixed: invitation.name !== null,
    existingAccount: Boolean(existing),
    ...(error ? { error } : {}),
  };
}

function secondFactorView(email: string, uri: string, error?: string): EnrolmentView {
  return {
    stage: 'second-factor',
    email,
    key: readableKey(uri),
    uri,
    qr: qrEncode(uri, { ecc: 'M', border: 2 }).data,
    ...(error ? { error } : {}),
  };
}

/** The link of the authenticator key an unconfirmed enrolment holds, or undefined. */
async function pendingTotpUri(userId: string, email: string): Promise<string | undefined> {
  const { db } = getDatabase();
  const f = schema.authTwoFactors;
  const [row] = await db.select({ secret: f.secret, verified: f.verified }).from(f).where(eq(f.userId, userId));
  if (!row || row.verified) return undefined;
  const ctx = await getAuth().$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
  return totpUri(secret, TOTP_ISSUER, email);
}

type Valid = { invitation: Invitation } | { view: EnrolmentView };
type AccountForm = Pick<InvitationPageForm, 'name' | 'password'>;
type CodeForm = Pick<InvitationPageForm, 'code'>;
async function valid(token: string | null): Promise<Valid> {
  const lookup = await invitationByToken(token);
  return lookup.kind === 'valid'
    ? { invitation: lookup.invitation }
    : { view: { stage: 'invalid', reason: lookup.kind } };
}

/** What the page shows for a link (GET): the step the invited person is at. */
export async function enrolmentView(token: string | null, request: Request): Promise<EnrolmentView> {
  const checked = await valid(token);
  if ('view' in checked) return checked.view;
  const session = await getSession(request);
  if (session && session.user.email.toLowerCase() === checked.invitation.email) {
    const uri = await pendingTotpUri(session.user.id, checked.invitation.email);
    if (uri) return secondFactorView(checked.invitation.email, uri);
  }
  return accountView(checked.invitation);
}

/** A copy of `request` whose Cookie header also carries the cookies just set (for the next call). */
function withCookies(request: Request, setCookies: string[]): Request {
  const jar = new Map<string, string>();
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name) jar.set(name, value.join('='));
  }
  for (const cookie of setCookies) {
    const [pair] = cookie.split(';');
    const [name, ...value] = pair!.trim().split('=');
    if (!name) continue;
    if (/max-age=0/i.test(cookie)) jar.delete(name);
    else jar.set(name, value.join('='));
  }
  const headers = new Headers(request.headers);
  headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
  return new Request(request.url, { method: request.method, headers });
}

const answer = (view: EnrolmentView, status = 200, setCookies: string[] = []): EnrolmentAnswer => ({
  view,
  status,
  setCookies,
});

/**
 * A POST step on the invitation of `token`: a link that is no longer valid answers its page with
 * 410; a valid one runs `step` with the invitation.
 */
function invitationStep<Form>(
  step: (invitation: Invitation, form: Form, request: Request, context: Context) => Promise<EnrolmentAnswer>,
) {
  return async (token: string | null, form: Form, request: Request, context: Context): Promise<EnrolmentAnswer> => {
    const checked = await valid(token);
    return 'view' in checked ? answer(checked.view, 410) : step(checked.invitation, form, request, context);
  };
}

/** Step 1 (POST): the account, then an authenticator key to set up. */
export const enrolAccount = invitationStep(createAccount);
async function createAccount(invitation: Invitation, form: AccountForm, request: Request, context: Context) {
  // A name the invitation gives stays (a member re-enrolling after a factor reset cannot rename themselves).
  const input = accountForm.safeParse({ ...form, name: invitation.name ?? form.name });
  if (!input.success) return answer(await accountView(invitation, input.error.issues[0]!.message), 400);
  const { name, password } = input.data;

  const ctx = await getAuth().$context;
  const existing = await ctx.internalAdapter.findUserByEmail(invitation.email);
  if (!existing) {
    // The invitation went to this address: it counts as verified.
    const hash = await ctx.password.hash(password);
    const user = await ctx.internalAdapter.createUser(
      { email: invitation.email, name, emailVerified: true },
      { method: 'email-password' },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: hash,
    });
  }
  const signIn = await callAuth('/sign-in/email', { email: invitation.email, password }, request, context);
  if (!signIn.ok) {
    const error = signIn.status === 429 ? INVITATION_MESSAGES.tooMany : INVITATION_MESSAGES.wrongPassword;
    return answer(await accountView(invitation, error), signIn.status === 429 ? 429 : 400);
  }
  if (signIn.body.twoFactorRedirect)
    return answer(await accountView(invitation, INVITATION_MESSAGES.hasSecondFactor), 409);
  const userId = (signIn.body.user as { id: string }).id;
  const { db } = getDatabase();
  await db.update(u).set({ name }).where(eq(u.id, userId));

  const enable = await callAuth(
    '/two-factor/enable',
    { password, issuer: TOTP_ISSUER },
    withCookies(request, signIn.setCookies),
    context,
  );
  const uri = enable.body.totpURI;
  if (!enable.ok || typeof uri !== 'string')
    return answer(await accountView(invitation, INVITATION_MESSAGES.unexpected), 500);
  return answer(secondFactorView(invitation.email, uri), 200, [...signIn.setCookies, ...enable.setCookies]);
}

/** Step 2 (POST): one code from the app confirms it; the person becomes a member and sees the backup codes. */
export const confirmEnrolment = invitationStep(confirmSecondFactor);
async function confirmSecondFactor(invitation: Invitation, form: CodeForm, request: Request, context: Context) {
  const session = await getSession(request);
  const uri =
    session && session.user.email.toLowerCase() === invitation.email
      ? await pendingTotpUri(session.user.id, invitation.email)
      : undefined;
  if (!session || !uri) return answer(await accountView(invitation, INVITATION_MESSAGES.startOver), 409);
  const input = codeForm.safeParse(form);
  if (!input.success) return answer(secondFactorView(invitation.email, uri, input.error.issues[0]!.message), 400);

  const verified = await callAuth('/two-factor/verify-totp', { code: input.data.code }, request, context);
  if (!verified.ok) {
    const error = verified.status === 429 ? INVITATION_MESSAGES.tooMany : INVITATION_MESSAGES.wrongCode;
    return answer(secondFactorView(invitation.email, uri, error), verified.status === 429 ? 429 : 400);
  }

  const userId = session.user.id;
  const now = new Date();
  const { db } = getDatabase();
  const member = await db.transaction(async (tx) => {
    if (!(await useInvitation(tx, invitation.id, now))) return undefined;
    const [row] = await tx
      .update(u)
      .set({ teamRole: invitation.role, emailVerified: true })
      .where(eq(u.id, userId))
      .returning({ id: u.id, name: u.name, email: u.email });
    // Sessions of a member end 12 hours after signing in; the one just opened included.
    await tx.execute(
      sql`update auth_sessions set expires_at = least(expires_at, created_at + ${`${TEAM_SESSION_MAX_MS / 1000} seconds`}::interval)
          where user_id = ${userId}`,
    );
    await recordActivity(
      {
        action: 'joined',
        member: { id: row!.id, name: row!.name },
        target: invitation.id,
        detail: { role: invitation.role },
      },
      tx,
      now,
    );
    return row!;
  });
  if (!member) return answer({ stage: 'invalid', reason: 'used' }, 410);
  const { backupCodes } = await getAuth().api.viewBackupCodes({ body: { userId } });
  // The browser the member enrolled in is theirs: no "new browser" mail for it.
  const device = await noteSignInBrowser(member, request, now, { mail: false });
  return answer({ stage: 'done', name: member.name, backupCodes }, 200, [
    ...verified.setCookies,
    ...(device ? [device] : []),
  ]);
}
