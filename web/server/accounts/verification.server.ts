// Verifying an account's e-mail address takes both halves: the link from the verification mail
// (which only the mailbox's owner receives) and the account's password (which only whoever made
// the account knows). Someone who signs up with another person's address therefore never gets it
// verified, and never sees what is tied to that address, even when the owner clicks the link. Once
// verified, every session opened before ends; the person who verified is signed in afresh.
//
// The link leads to our page (VERIFY_PAGE_PATH), never to Better Auth's own /verify-email, which is
// switched off for HTTP; the page's action checks the password through Better Auth's sign-in (its
// limiter and origin check apply), then verifies through Better Auth's API.
import { and, eq, ne } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { verifyJWT } from 'better-auth/crypto';
import { z } from 'zod';
import { getConfig } from '../config.server';
import { getDatabase, schema } from '../db/db.server';
import { log } from '../log.server';
import { VERIFY_COPY } from '~/copy/account';
import { fail, ok, type Result } from '../result.server';
import { AUTH_RATE_WINDOW_S, callAuth, getAuth } from './auth.server';

const payload = z.object({ email: z.email(), userId: z.string().optional(), updateTo: z.undefined().optional() });

export type VerificationLink =
  /** A link for an account whose address is not verified yet. */
  | { state: 'valid'; email: string; userId: string }
  | { state: 'already-verified'; email: string }
  /** Forged, altered, expired, or its account is gone. */
  | { state: 'invalid' };

/** What a verification link's token stands for (the signature and expiry checked, nothing changed). */
export async function readVerificationLink(token: unknown): Promise<VerificationLink> {
  if (typeof token !== 'string' || !token || token.length > 4096) return { state: 'invalid' };
  const parsed = payload.safeParse(await verifyJWT(token, getConfig().authSecret));
  if (!parsed.success) return { state: 'invalid' };
  const u = schema.authUsers;
  const [user] = await getDatabase()
    .db.select({ id: u.id, email: u.email, emailVerified: u.emailVerified })
    .from(u)
    .where(eq(u.email, parsed.data.email.toLowerCase()));
  if (!user || (parsed.data.userId && parsed.data.userId !== user.id)) return { state: 'invalid' };
  if (user.emailVerified) return { state: 'already-verified', email: user.email };
  return { state: 'valid', email: user.email, userId: user.id };
}

/** The fields a refused verification names: a wrong password, or a link that is not (or no longer) valid. */
export type VerifyFields = { password?: string; token?: string };

export type VerifyResult = Result<
  /** Verified; `setCookies` sign this browser in with a new session (every older one has ended). */
  { state: 'verified'; setCookies: string[] } | { state: 'already-verified' },
  VerifyFields
>;

const invalidLink = () =>
  fail<VerifyFields>('invalid', VERIFY_COPY.invalid, { fields: { token: VERIFY_COPY.invalid } });

/**
 * Verifies the address of a verification link's account, if `password` is that account's. The
 * password is checked by signing in through Better Auth's handler (so its limit per address holds).
 */
export async function verifyWithPassword(
  token: unknown,
  password: string,
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<VerifyResult> {
  const link = await readVerificationLink(token);
  if (link.state === 'already-verified') return ok({ state: 'already-verified' });
  if (link.state !== 'valid') return invalidLink();
  const signIn = await callAuth('/sign-in/email', { email: link.email, password }, request, context);
  // Better Auth's limit says when its window ends (a minute at most).
  if (signIn.status === 429)
    return fail('rate-limited', VERIFY_COPY.limited, { retryAfter: signIn.retryAfter ?? AUTH_RATE_WINDOW_S });
  const sessionToken = signIn.body.token;
  if (!signIn.ok || typeof sessionToken !== 'string')
    return fail('invalid', VERIFY_COPY.wrongPassword, { fields: { password: VERIFY_COPY.wrongPassword } });
  try {
    await getAuth().api.verifyEmail({ query: { token: token as string } });
  } catch (error) {
    log.warn({ err: error }, 'Verification: the token was refused after the password was checked');
    return invalidLink();
  }
  // Whoever signed in before the address was verified (perhaps not its owner) is signed out.
  const s = schema.authSessions;
  await getDatabase()
    .db.delete(s)
    .where(and(eq(s.userId, link.userId), ne(s.token, sessionToken)));
  return ok({ state: 'verified', setCookies: signIn.setCookies });
}
