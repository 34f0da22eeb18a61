// One signup from the popup, the API or the no-JavaScript page: rate limit, validation,
// honeypot, store, and the newsletter confirmation mail for a new opt-in.
import { randomUUID } from 'node:crypto';
import { SIGNUP_API_MESSAGES } from '~/copy/signup';
import { HONEYPOT_FIELD, validateSignup, type Signup, type SignupField, type SignupRecord } from '~/lib/signup';
import { getConfig } from '../config.server';
import { kickOutbox } from '../mail/mail.server';
import { allow, limitKey } from '../rate-limit.server';
import { createSignup } from './writer.server';

/** What a filled honeypot gets: a record that looks stored but is not. */
export function fakeSignup(input: Signup, now = new Date()): SignupRecord {
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

export type SubmitResult =
  | { status: 201; record: SignupRecord }
  /** The id was stored before: nothing new is stored, and nothing stored is read back. */
  | { status: 200; id: string }
  | { status: 400; error: string; fields: SignupField[] }
  | { status: 429; error: string; retryAfter: number };

export const SIGNUP_RATE_WINDOW_MS = 60_000;

/**
 * One signup from the popup, the API or the no-JavaScript page: rate limit per client address
 * (SIGNUP_RATE_LIMIT per minute, counted in the database), validation, honeypot, store, and the
 * newsletter confirmation mail for a new opt-in. 201 for a new record, 200 for a repeated id
 * (answered with the id alone: whoever knows an id must not learn the name and address under it).
 */
export async function submitSignup(body: Record<string, unknown>, clientAddress: string): Promise<SubmitResult> {
  const limit = getConfig().signupRateLimit;
  const rate = await allow({ bucket: 'signup', key: limitKey(clientAddress), windowMs: SIGNUP_RATE_WINDOW_MS }, limit);
  if (!rate.allowed) return { status: 429, error: SIGNUP_API_MESSAGES.rateLimited, retryAfter: rate.retryAfter };

  const result = validateSignup(body);
  if (!result.ok) return { status: 400, error: result.error, fields: result.fields };

  // Honeypot: people never see the field; bots that fill it get an answer that looks like success
  // (so they do not adapt), and nothing is stored or mailed.
  const honeypot = body[HONEYPOT_FIELD];
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined && honeypot !== null) {
    return { status: 201, record: fakeSignup(result.value) };
  }

  const { record, created } = await createSignup(result.value);
  if (!created) return { status: 200, id: record.id };
  // The confirmation mail goes out through the outbox (confirmation-outbox.server.ts), after the answer.
  if (record.newsletterOptIn) kickOutbox();
  return { status: 201, record };
}
