// The browser's calls to our server, as plain HTTP to our own API (see docs/decisions/001). Every
// call here answers an `Answer` of ./api-answer (docs/decisions/049): `{ ok: true, value }` with
// what the server sent, or a `Refusal` with the status, the message to show and the fields it is
// about; none throws (a server that cannot be reached is a refusal too). The dashboard's team calls
// (web/components/dashboard/team-api.ts) answer the same.
import { authRequest } from './auth';
import { callApi, type Answer } from './api-answer';
import { AUTH_MESSAGES } from '~/copy/account';
import { SIGNUP_MESSAGES } from '~/copy/signup';
import type { SignupInput, SignupRecord } from './signup';

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
 * Stores a signup; answers the stored record. Send the same `id` again to retry safely (never a
 * duplicate). A refused input (400) or the rate limit (429) answers the server's German message;
 * any other failed save answers SIGNUP_MESSAGES.saveFailed, and a server that cannot be reached
 * SIGNUP_MESSAGES.unexpected.
 */
export function pushSignup(input: SignupInput & { id: string; timestamp: string }): Promise<Answer<SignupRecord>> {
  const request = fetch('/api/signups', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(input),
  });
  return callApi(request, {
    value: (body, response) => {
      if (body.id && body.data) return body.data as SignupRecord;
      // A retry of a signup that was stored already is answered with its id alone: the record is what was sent.
      if (response.status !== 200 || body.id !== input.id) return undefined;
      const { id, userType, name, email, newsletterOptIn, timestamp } = input;
      return { id, userType, name, email, newsletterOptIn: newsletterOptIn ?? true, timestamp, createdAt: timestamp };
    },
    failed: SIGNUP_MESSAGES.saveFailed,
    serverSays: [400, 429],
    unreachable: SIGNUP_MESSAGES.unexpected,
  });
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
 * What signing up or in with email and password answers: the user, or (a team member's sign-in)
 * that the second factor comes next.
 */
export type SignedIn = { user: AuthUser } | { secondFactor: true };

/**
 * Posts to one of Better Auth's endpoints; a refusal says the backend's message as given, and
 * AUTH_MESSAGES.unexpected where it gave none or the server could not be reached.
 */
function postAuth<T>(
  { path, body }: { path: string; body: Record<string, unknown> },
  value: (answer: Record<string, unknown>) => T | undefined,
): Promise<Answer<T>> {
  const request = fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  return callApi(request, { value, failed: AUTH_MESSAGES.unexpected });
}

const userCall = (request: Parameters<typeof postAuth>[0]) =>
  postAuth<SignedIn>(request, (answer) => {
    if (answer.twoFactorRedirect) return { secondFactor: true };
    return answer.user ? { user: answer.user as AuthUser } : undefined;
  });

/**
 * Creates an account (it does not sign in: the mail's link verifies the address with the password,
 * and signs in). An address that has an account answers the same, and its owner gets a mail.
 */
export const signUpWithEmail = (email: string, password: string) => userCall(authRequest('sign-up', email, password));

/** Signs in. */
export const signInWithEmail = (email: string, password: string) => userCall(authRequest('sign-in', email, password));

/** Asks for a reset mail; succeeds for unknown addresses too (which get none). */
export const sendPasswordResetEmail = (email: string): Promise<Answer<true>> =>
  postAuth(authRequest('reset', email, ''), () => true);
