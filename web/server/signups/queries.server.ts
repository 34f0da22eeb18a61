// Reading the signups for the team and for an account: the list (whole or by page), one signup,
// and the signups made with one email address (shown, exported and deleted with the account).
import { count, desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SignupRecord } from '~/lib/signup';
import { getDatabase, schema } from '../db/db.server';

export const SIGNUP_PAGE_MAX = 500;

/**
 * `?limit=&offset=` of GET /api/signups. Without `limit` the whole list is answered; with it at
 * most SIGNUP_PAGE_MAX.
 */
export const signupPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SIGNUP_PAGE_MAX).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type SignupPageQuery = z.output<typeof signupPageQuery>;

export type Row = typeof schema.signups.$inferSelect;

/** The record as the team sees it (with the newsletter's double opt-in state). */
export interface TeamSignupRecord extends SignupRecord {
  newsletterConfirmedAt: string | null;
  newsletterUnsubscribedAt: string | null;
  /** When a mail server refused the address for good (no newsletters go to it). */
  newsletterUndeliverableAt: string | null;
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
  newsletterUndeliverableAt: iso(row.newsletterUndeliverableAt),
});

/** Every signup, newest first. */
export async function listSignups(): Promise<TeamSignupRecord[]> {
  const { db } = getDatabase();
  const rows = await db.select().from(schema.signups).orderBy(desc(schema.signups.createdAt), desc(schema.signups.id));
  return rows.map(toTeamRecord);
}

/** One page of the list, newest first, with the number of all signups. */
export async function listSignupsPage(page: SignupPageQuery): Promise<{ signups: TeamSignupRecord[]; total: number }> {
  const { db } = getDatabase();
  const t = schema.signups;
  const query = db.select().from(t).orderBy(desc(t.createdAt), desc(t.id)).offset(page.offset);
  const [rows, [counted]] = await Promise.all([
    page.limit === undefined ? query : query.limit(page.limit),
    db.select({ total: count() }).from(t),
  ]);
  return { signups: rows.map(toTeamRecord), total: Number(counted?.total ?? 0) };
}

const sameEmail = (email: string) => sql`lower(${schema.signups.email}) = ${email.toLowerCase()}`;

/** The signups made with this email address (case-insensitive), newest first: an account's own. */
export async function signupsByEmail(email: string): Promise<TeamSignupRecord[]> {
  const { db } = getDatabase();
  const rows = await db
    .select()
    .from(schema.signups)
    .where(sameEmail(email))
    .orderBy(desc(schema.signups.createdAt), desc(schema.signups.id));
  return rows.map(toTeamRecord);
}

/** Deletes the signups made with this email address (case-insensitive); answers how many. */
export async function deleteSignupsByEmail(email: string): Promise<number> {
  const { db } = getDatabase();
  return (await db.delete(schema.signups).where(sameEmail(email)).returning({ id: schema.signups.id })).length;
}
