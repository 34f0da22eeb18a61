// One checked signup from the popup, the API or the no-JavaScript page: rate limit, honeypot, store,
// and the newsletter confirmation mail for a new opt-in.
import { randomUUID } from 'node:crypto';
import { SIGNUP_API_MESSAGES } from '~/copy/signup';
import { HONEYPOT_FIELD } from '~/lib/honeypot';
import type { Signup, SignupRecord } from '~/lib/signup';
import { getConfig } from '../config.server';
import { kickOutbox } from '../mail/mail.server';
import { allow, hit, limitKey } from '../rate-limit.server';
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
  | { created: false; id: string }
>;

export const SIGNUP_RATE_WINDOW_MS = 60_000;

/**
 * One checked signup (the route reads and validates it with signupInput) from the popup, the API
 * or the no-JavaScript page, in the order of the public forms (docs/decisions/047): the rate limit
 * per client address (SIGNUP_RATE_LIMIT per minute, counted in the database), the honeypot, the
 * store, and the newsletter confirmation mail for a new opt-in. A new record, or for a repeated id
 * the id alone (whoever knows an id must not learn the name and address under it), which is not
 * counted against the limit; 'rate-limited' otherwise.
 */
export async function submitSignup(input: Signup, clientAddress: string): Promise<SubmitResult> {
  const limit = getConfig().signupRateLimit;
  const window = { bucket: 'signup', key: limitKey(clientAddress), windowMs: SIGNUP_RATE_WINDOW_MS };
  const now = Date.now();
  const rate = await allow(window, limit, now);
  if (!rate.allowed) return fail('rate-limited', SIGNUP_API_MESSAGES.rateLimited, { retryAfter: rate.retryAfter });

  // Honeypot: people never see the field; bots that fill it get an answer that looks like success
  // (so they do not adapt), and nothing is stored or mailed.
  if (input[HONEYPOT_FIELD]) return ok({ created: true, record: fakeSignup(input) });

  const { record, created } = await createSignup(input);
  if (!created) {
    // A replay (a double click, a reload) stores nothing: it takes nothing from the visitor's budget.
    if (limit > 0) await hit(window, now, -1);
    return ok({ created: false, id: record.id });
  }
  // The confirmation mail, queued in the signup's commit, goes out through the outbox after the answer.
  if (record.newsletterOptIn) kickOutbox();
  return ok({ created: true, record });
}
