// The browser's calls to our server, as plain HTTP to our own API (see docs/decisions/001). Every
// call here answers one shape: `{ ok: true, … }` with what the server sent, or `Refused`
// (`{ ok: false, error }` with the server's message, and the fields it is about); it throws only
// when the server cannot be reached. The dashboard's team changes answer the same `Refused`
// (`TeamChange` of web/components/dashboard/team-api.ts).
import { authRequest } from './auth';
import { AUTH_MESSAGES } from '~/copy/account';
import { SIGNUP_MESSAGES } from '~/copy/signup';
import type { SignupInput, SignupRecord } from './signup';

/** A refused or failed call: the message to show, and the fields it is about where the server named them. */
export type Refused = { ok: false; error: string; fields?: string[] };

/** The answer of a signup save: the stored record, or why not. */
type SignupAnswer = { ok: true; record: SignupRecord } | Refused;

/** A random id for a new record (crypto.randomUUID needs a secure context; this does not). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Stores a signup. Send the same `id` again to retry safely (never a duplicate). A refused input
 * (400) or the rate limit (429) answers the server's German message; any other failed save
 * answers SIGNUP_MESSAGES.saveFailed. Throws when the server cannot be reached (the caller then
 * shows SIGNUP_MESSAGES.unexpected).
 */
export async function pushSignup(input: SignupInput & { id: string; timestamp: string }): Promise<SignupAnswer> {
  const response = await fetch('/api/signups', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await response.json().catch(() => ({}))) as {
    id?: string;
    data?: SignupRecord;
    error?: string;
    fields?: string[];
  };
  if (response.ok && body.id && body.data) return { ok: true, record: body.data };
  // A retry of a signup that was stored already is answered with its id alone: the record is what was sent.
  if (response.status === 200 && body.id === input.id) {
    const { id, userType, name, email, newsletterOptIn, timestamp } = input;
    const record = {
      id,
      userType,
      name,
      email,
      newsletterOptIn: newsletterOptIn ?? true,
      timestamp,
      createdAt: timestamp,
    };
    return { ok: true, record };
  }
  const serverMessage = (response.status === 400 || response.status === 429) && body.error;
  return {
    ok: false,
    error: serverMessage || SIGNUP_MESSAGES.saveFailed,
    ...(body.fields ? { fields: body.fields } : {}),
  };
}

// Accounts: sign up, sign in and the reset mail, as plain HTTP to Better Auth's endpoints under /api/auth
// (the same handler, limits and origin check as the /auth form's posts without JavaScript).

/** A signed-in user as the auth calls answer it. */
export interface AuthUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * Signing up or in with email and password answers a user or an error message; a team member's
 * sign-in answers that the second factor comes next.
 */
export type AuthUserAnswer = { ok: true; user: AuthUser } | { ok: true; secondFactor: true } | Refused;
/** Asking for a password reset mail answers success or an error message. */
export type ResetAnswer = { ok: true } | Refused;

/** Posts to one of Better Auth's endpoints; the error is the backend's message as given. */
async function postAuth({ path, body }: { path: string; body: Record<string, unknown> }) {
  const response = await fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    user?: AuthUser;
    message?: string;
    twoFactorRedirect?: boolean;
  };
  const error = response.ok ? null : answer.message || AUTH_MESSAGES.unexpected;
  return { answer, error };
}

async function userCall(request: Parameters<typeof postAuth>[0]): Promise<AuthUserAnswer> {
  const { answer, error } = await postAuth(request);
  if (!error && answer.twoFactorRedirect) return { ok: true, secondFactor: true };
  if (error || !answer.user) return { ok: false, error: error ?? AUTH_MESSAGES.unexpected };
  return { ok: true, user: answer.user };
}

/**
 * Creates an account (it does not sign in: the mail's link verifies the address with the password,
 * and signs in). An address that has an account answers the same, and its owner gets a mail.
 * Throws when the server cannot be reached.
 */
export const signUpWithEmail = (email: string, password: string) => userCall(authRequest('sign-up', email, password));

/** Signs in. Throws when the server cannot be reached. */
export const signInWithEmail = (email: string, password: string) => userCall(authRequest('sign-in', email, password));

/** Asks for a reset mail; succeeds for unknown addresses too (which get none). Throws when the server cannot be reached. */
export async function sendPasswordResetEmail(email: string): Promise<ResetAnswer> {
  const { error } = await postAuth(authRequest('reset', email, ''));
  return error ? { ok: false, error } : { ok: true };
}
