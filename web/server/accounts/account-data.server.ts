// What belongs to an account beyond Better Auth's own rows: the applications and signups made
// with its email address, once that address is verified (before, anyone could have typed it).
// Shown on /konto, exported as JSON (with the newsletters the address received), and deleted with
// the account.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AccountHoldings } from '~/lib/account';
import { applicationsByEmail, deleteApplications, getApplicationHistory } from '../applications/applications.server';
import { getDatabase, schema } from '../db/db.server';
import { deleteSignupsByEmail, signupsByEmail } from '../signups/signups.server';

export interface AccountUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

/** The applications (each with its history) and signups under the account's verified email. */
export async function accountHoldings(user: AccountUser): Promise<AccountHoldings> {
  if (!user.emailVerified) return { applications: [], signups: [] };
  const applications = await applicationsByEmail(user.email);
  return {
    applications: await Promise.all(
      applications.map(async (a) => ({ ...a, history: (await getApplicationHistory(a.id)) ?? [] })),
    ),
    signups: await signupsByEmail(user.email),
  };
}

/**
 * Everything held about the account, for its download: the user, its sessions (without their
 * tokens) and sign-in methods (without password hashes or tokens), and its holdings.
 */
export async function accountExport(user: AccountUser, now = new Date()) {
  const { db } = getDatabase();
  const s = schema.authSessions;
  const a = schema.authAccounts;
  const [u] = await db.select().from(schema.authUsers).where(eq(schema.authUsers.id, user.id));
  const sessions = await db
    .select({
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
      expiresAt: s.expiresAt,
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })
    .from(s)
    .where(eq(s.userId, user.id))
    .orderBy(desc(s.createdAt));
  const signInMethods = await db
    .select({ providerId: a.providerId, createdAt: a.createdAt, updatedAt: a.updatedAt })
    .from(a)
    .where(eq(a.userId, user.id));
  return {
    exportedAt: now.toISOString(),
    user: u && {
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      createdAt: u.createdAt.toISOString(),
      updatedAt: u.updatedAt.toISOString(),
    },
    sessions: sessions.map((x) => ({
      createdAt: x.createdAt.toISOString(),
      updatedAt: x.updatedAt.toISOString(),
      expiresAt: x.expiresAt.toISOString(),
      ipAddress: x.ipAddress,
      userAgent: x.userAgent,
    })),
    signInMethods: signInMethods.map((x) => ({
      providerId: x.providerId,
      createdAt: x.createdAt.toISOString(),
      updatedAt: x.updatedAt.toISOString(),
    })),
    ...(await accountHoldings(user)),
    newsletters: await newslettersReceived(user),
  };
}

/**
 * The newsletters that went to the account's verified address (through any of its signups), newest
 * first: each one's subject and when its mail was handed to the mail server.
 */
async function newslettersReceived(user: AccountUser): Promise<{ subject: string; sentAt: string }[]> {
  if (!user.emailVerified) return [];
  const r = schema.newsletterRecipients;
  const n = schema.newsletterSends;
  const s = schema.signups;
  const rows = await getDatabase()
    .db.select({ subject: n.subject, sentAt: r.sentAt })
    .from(r)
    .innerJoin(n, eq(n.newsletterId, r.newsletterId))
    .innerJoin(s, eq(s.id, r.signupId))
    .where(and(eq(r.status, 'sent'), sql`lower(${s.email}) = ${user.email.toLowerCase()}`))
    .orderBy(desc(r.sentAt), desc(r.id));
  return rows.flatMap((row) => (row.sentAt ? [{ subject: row.subject, sentAt: row.sentAt.toISOString() }] : []));
}

/** Deletes the applications (with their history) and signups under the account's verified email. */
export async function deleteAccountData(user: AccountUser) {
  if (!user.emailVerified) return { applications: 0, signups: 0 };
  const removed = await deleteApplications(sql`lower(${schema.applications.email}) = ${user.email.toLowerCase()}`);
  return { applications: removed.length, signups: await deleteSignupsByEmail(user.email) };
}
