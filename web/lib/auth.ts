// The /auth form: its modes, its input and which message an answer shows. Shared by the page (in
// the browser) and its action (on the server). The texts are the fixed English auth messages of
// web/copy/account.ts.
import { z } from 'zod';
import { AUTH_COPY, AUTH_MESSAGES } from '~/copy/account';

export type AuthMode = 'sign-in' | 'sign-up';
/** What a post of the form asks for: the mode's submit, or "Forgot Password?". */
export type AuthIntent = AuthMode | 'reset';

/** The mode from the page's query (`?mode=sign-up`); sign-in otherwise. */
export const parseAuthMode = (value: string | null | undefined): AuthMode =>
  value === 'sign-up' ? 'sign-up' : 'sign-in';

export const authForm = z.object({
  intent: z.enum(['sign-in', 'sign-up', 'reset']).catch('sign-in'),
  email: z.string().trim().max(320).catch(''),
  password: z.string().max(1000).catch(''),
});
export type AuthForm = z.output<typeof authForm>;

/** Reads a posted form (missing or odd fields become empty values). */
export function readAuthForm(form: { get(name: string): unknown }): AuthForm {
  return authForm.parse({ intent: form.get('intent'), email: form.get('email'), password: form.get('password') });
}

/** Which Better Auth endpoint (under /api/auth) each intent calls, with which body. */
export function authRequest(intent: AuthIntent, email: string, password: string) {
  if (intent === 'reset') return { path: '/request-password-reset', body: { email } };
  if (intent === 'sign-in') return { path: '/sign-in/email', body: { email, password } };
  // The verification link leads back to /konto; Better Auth requires a name, the form asks for none.
  return { path: '/sign-up/email', body: { email, password, name: '', callbackURL: '/konto' } };
}

/** A message the form shows; `ok` decides its look and whether it is an error for screen readers. */
export interface AuthNotice {
  ok: boolean;
  message: string;
  /** A German sentence under the (English) message: what to do next. */
  detail?: string;
}

/** The check before anything is sent: "Forgot Password?" needs an email address. */
export function checkBeforeSending(form: AuthForm): AuthNotice | null {
  if (form.intent === 'reset' && !form.email) return { ok: false, message: AUTH_MESSAGES.emailFirst };
  return null;
}

const SUCCESS: Record<AuthIntent, string> = {
  'sign-in': AUTH_MESSAGES.signedIn,
  'sign-up': AUTH_MESSAGES.signedUp,
  reset: AUTH_MESSAGES.resetSent,
};

/**
 * The message for the backend's answer: the success text of the intent, the backend's own
 * message as given when it refused, and "An unexpected error occurred" when it gave none.
 */
export function noticeFor(intent: AuthIntent, answer: { ok: boolean; body: Record<string, unknown> }): AuthNotice {
  // A sign-up does not sign in: the mail says how to go on (verify, or sign in to the account there was).
  if (answer.ok && intent === 'sign-up')
    return { ok: true, message: SUCCESS[intent], detail: AUTH_COPY.signedUpDetail };
  if (answer.ok) return { ok: true, message: SUCCESS[intent] };
  const message = answer.body.message;
  return { ok: false, message: typeof message === 'string' && message ? message : AUTH_MESSAGES.unexpected };
}
