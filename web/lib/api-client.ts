// The browser's calls to our server. They keep the answer shapes of the hosted backend SDK the
// site used before ({id, data, error} and the like), now as plain HTTP to our own API (see
// docs/decisions/001). Other areas add their calls here.
import { authRequest } from './auth';
import { AUTH_MESSAGES } from '~/copy/account';
import { SIGNUP_MESSAGES } from '~/copy/signup';
import type { SignupInput, SignupRecord } from './signup';

export interface BackendError {
  message: string;
  status: number;
  fields?: string[];
}

/** The answer of a signup save, shaped like the former SDK's push: id, data, error. */
export type PushSignupAnswer =
  { id: string; data: SignupRecord; error: null } | { id: null; data: null; error: BackendError };

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
export async function pushSignup(input: SignupInput & { id: string; timestamp: string }): Promise<PushSignupAnswer> {
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
  if (response.ok && body.id && body.data) return { id: body.id, data: body.data, error: null };
  // A retry of a signup that was stored already is answered with its id alone: the record is what was sent.
  if (response.status === 200 && body.id === input.id) {
    const { id, userType, name, email, newsletterOptIn, timestamp } = input;
    const data = {
      id,
      userType,
      name,
      email,
      newsletterOptIn: newsletterOptIn ?? true,
      timestamp,
      createdAt: timestamp,
    };
    return { id, data, error: null };
  }
  const serverMessage = (response.status === 400 || response.status === 429) && body.error;
  return {
    id: null,
    data: null,
    error: {
      message: serverMessage || SIGNUP_MESSAGES.saveFailed,
      status: response.status,
      ...(body.fields ? { fields: body.fields } : {}),
    },
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
export type AuthUserAnswer =
  { user: AuthUser; error: null } | { user: null; error: BackendError } | { secondFactor: true };
/** Asking for a password reset mail answers success or an error message. */
export type ResetAnswer = { success: true; error: null } | { success: false; error: BackendError };

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
  const error: BackendError | null = response.ok
    ? null
    : { message: answer.message || AUTH_MESSAGES.unexpected, status: response.status };
  return { answer, error };
}

async function userCall(request: Parameters<typeof postAuth>[0]): Promise<AuthUserAnswer> {
  const { answer, error } = await postAuth(request);
  if (!error && answer.twoFactorRedirect) return { secondFactor: true };
  if (error || !answer.user) return { user: null, error: error ?? { message: AUTH_MESSAGES.unexpected, status: 500 } };
  return { user: answer.user, error: null };
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
  return error ? { success: false, error } : { success: true, error: null };
}
