// One signup from the popup, the API or the no-JavaScript page: rate limit, validation,
// honeypot, store, and the newsletter confirmation mail for a new opt-in.
import { randomUUID } from 'node:crypto';
import { SIGNUP_API_MESSAGES } from '~/copy/signup';
import { filledHoneypot } from '~/lib/honeypot';
import { validateSignup, type Signup, type SignupField, type SignupRecord } from '~/lib/signup';
import { getConfig } from '../config.server';
import { kickOutbox } from '../mail/mail.server';
import { allow, limitKey } from '../rate-limit.server';
import { fail, ok, type Result } from '../result.server';
import { createSignup } from './writer.server';

/** What a filled honeypot gets: a record that looks stored but is not. */
function fakeSignup(input: Signup, now = new Date()): SignupRecord {
  return {
    id: input.id ?? randomUUID(),
    userType: input.userType,
    name: input.name,
    email: input.email,
    newsletterOptIn: input.newsletterOptIn,
    timestamp: input.timestamp ? new Date(input.timestamp).toISOString() : null,
    createdAt: now.toISOString(),
  };
}

export type SubmitResult = Result<
  | { created: true; record: SignupRecord }
  /** The id was stored before: nothing new is stored, and nothing stored is read back. */
  | { created: false; id: string },
  SignupField[]
>;

export const SIGNUP_RATE_WINDOW_MS = 60_000;

/**
 * One signup from the popup, the API or the no-JavaScript page: rate limit per client address
 * (SIGNUP_RATE_LIMIT per minute, counted in the database), validation, honeypot, store, and the
 * newsletter confirmation mail for a new opt-in. A new record, or for a repeated id the id alone
 * (whoever knows an id must not learn the name and address under it); 'rate-limited' or 'invalid'.
 */
export async function submitSignup(body: Record<string, unknown>, clientAddress: string): Promise<SubmitResult> {
  const limit = getConfig().signupRateLimit;
  const rate = await allow({ bucket: 'signup', key: limitKey(clientAddress), windowMs: SIGNUP_RATE_WINDOW_MS }, limit);
  if (!rate.allowed) return fail('rate-limited', SIGNUP_API_MESSAGES.rateLimited, { retryAfter: rate.retryAfter });

  const result = validateSignup(body);
  if (!result.ok) return fail('invalid', result.error, { fields: result.fields });

  // Honeypot: people never see the field; bots that fill it get an answer that looks like success
  // (so they do not adapt), and nothing is stored or mailed.
  if (filledHoneypot(body)) return ok({ created: true, record: fakeSignup(result.value) });

  const { record, created } = await createSignup(result.value);
  if (!created) return ok({ created: false, id: record.id });
  // The confirmation mail, queued in the signup's commit, goes out through the outbox after the answer.
  if (record.newsletterOptIn) kickOutbox();
  return ok({ created: true, record });
}
