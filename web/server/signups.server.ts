// Signup records (spec §3): stored once per client-generated id, listed for the team.
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  HONEYPOT_FIELD,
  SIGNUP_API_MESSAGES,
  validateSignup,
  type Signup,
  type SignupField,
  type SignupRecord,
} from '~/lib/signup';

export type { SignupRecord };
import { getConfig } from './config.server';
import { getDatabase, schema } from './db.server';
import { queueNewsletterConfirmation } from './newsletter.server';
import { allow } from './rate-limit.server';

type Row = typeof schema.signups.$inferSelect;

/** The record as the team sees it (with the newsletter's double opt-in state). */
export interface TeamSignupRecord extends SignupRecord {
  newsletterConfirmedAt: string | null;
  newsletterUnsubscribedAt: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toRecord = (row: Row): SignupRecord => ({
  id: row.id,
  userType: row.userType,
  name: row.name,
  email: row.email,
  newsletterOptIn: row.newsletterOptIn,
  timestamp: iso(row.timestamp),
  createdAt: row.createdAt.toISOString(),
});

export const toTeamRecord = (row: Row): TeamSignupRecord => ({
  ...toRecord(row),
  newsletterConfirmedAt: iso(row.newsletterConfirmedAt),
  newsletterUnsubscribedAt: iso(row.newsletterUnsubscribedAt),
});

/**
 * Stores a signup. The same id again stores nothing and returns the first record (`created:
 * false`): a double click or a retry never duplicates. Returns only after the row is committed
 * (a single autocommitted statement).
 */
export async function createSignup(input: Signup): Promise<{ record: SignupRecord; created: boolean }> {
  const { db } = getDatabase();
  const id = input.id ?? randomUUID();
  const [inserted] = await db
    .insert(schema.signups)
    .values({
      id,
      userType: input.userType,
      name: input.name,
      email: input.email,
      newsletterOptIn: input.newsletterOptIn,
      timestamp: input.timestamp ? new Date(input.timestamp) : null,
    })
    .onConflictDoNothing({ target: schema.signups.id })
    .returning();
  if (inserted) return { record: toRecord(inserted), created: true };
  const [existing] = await db.select().from(schema.signups).where(eq(schema.signups.id, id));
  if (!existing) throw new Error(`Signup ${id} neither inserted nor found`);
  return { record: toRecord(existing), created: false };
}

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

/** Every signup, newest first. */
export async function listSignups(): Promise<TeamSignupRecord[]> {
  const { db } = getDatabase();
  const rows = await db.select().from(schema.signups).orderBy(desc(schema.signups.createdAt), desc(schema.signups.id));
  return rows.map(toTeamRecord);
}

export async function getSignup(id: string): Promise<TeamSignupRecord | undefined> {
  const { db } = getDatabase();
  const [row] = await db.select().from(schema.signups).where(eq(schema.signups.id, id));
  return row && toTeamRecord(row);
}

export type SubmitResult =
  | { status: 201 | 200; record: SignupRecord }
  | { status: 400; error: string; fields: SignupField[] }
  | { status: 429; error: string; retryAfter: number };

export const SIGNUP_RATE_WINDOW_MS = 60_000;

/**
 * One signup from the popup, the API or the no-JavaScript page: rate limit per client address
 * (SIGNUP_RATE_LIMIT per minute, counted in the database), validation, honeypot, store, and the
 * newsletter confirmation mail for a new opt-in. 201 for a new record, 200 for a repeated id.
 */
export async function submitSignup(body: Record<string, unknown>, clientAddress: string): Promise<SubmitResult> {
  const limit = getConfig().signupRateLimit;
  const rate = await allow({ bucket: 'signup', key: clientAddress, windowMs: SIGNUP_RATE_WINDOW_MS }, limit);
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
  if (created && record.newsletterOptIn) queueNewsletterConfirmation(record);
  return { status: created ? 201 : 200, record };
}
