// Why a member's dashboard closed when an owner ended their sessions (a role change, a removal, a
// reset second factor): noted under a hash of each session's token in the transaction that ends
// them, and read back by the sign-in form that browser shows next (its session cookie still holds
// the token), so the person is told why instead of meeting the sign-in form without a word. Only
// the holder of the cookie can read it; a note is kept 7 days (the retention sweep deletes it then).
import { eq, lt } from 'drizzle-orm';
import type { TeamRole } from '~/lib/team';
import { getDatabase, schema, type Db } from '../db/db.server';
import { hashToken } from './sessions.server';

export type SessionEndReason = (typeof schema.teamSessionEnds.$inferSelect)['reason'];

/** What the sign-in form says: the reason, and the new role after a role change. */
export interface SessionEnd {
  reason: SessionEndReason;
  role: TeamRole | null;
}

const KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const e = schema.teamSessionEnds;
const s = schema.authSessions;

/** Why an owner ends a member's sessions (with the new role, after a role change). */
export type SessionEndNote = { reason: SessionEndReason; role?: TeamRole };

/** Notes why every session of `userId` is about to end (call it before deleting them, in the same transaction). */
export async function noteSessionEnds(tx: Db, userId: string, end: SessionEndNote, now = new Date()) {
  const sessions = await tx.select({ token: s.token }).from(s).where(eq(s.userId, userId));
  if (!sessions.length) return;
  await tx
    .insert(e)
    .values(sessions.map(({ token }) => ({ tokenHash: hashToken(token), reason: end.reason, role: end.role, at: now })))
    .onConflictDoUpdate({ target: e.tokenHash, set: { reason: end.reason, role: end.role ?? null, at: now } });
}

/** Deletes the notes older than 7 days (the daily retention sweep); answers how many. */
export async function deleteOldSessionEnds(now = new Date()): Promise<number> {
  const { db } = getDatabase();
  const rows = await db
    .delete(e)
    .where(lt(e.at, new Date(now.getTime() - KEPT_MS)))
    .returning({ tokenHash: e.tokenHash });
  return rows.length;
}

/** The token of a request's Better Auth session cookie (signed: `token.signature`), if any. */
function sessionTokenOf(request: Request): string | undefined {
  const match = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(request.headers.get('cookie') ?? '');
  if (!match) return undefined;
  try {
    const value = decodeURIComponent(match[1]!);
    const dot = value.lastIndexOf('.');
    return dot > 0 && dot <= 200 ? value.slice(0, dot) : undefined;
  } catch {
    return undefined;
  }
}

/** Why an owner ended the session of the request's cookie (within the last 7 days), or null. */
export async function sessionEndOf(request: Request, now = new Date()): Promise<SessionEnd | null> {
  const token = sessionTokenOf(request);
  if (!token) return null;
  const { db } = getDatabase();
  const [row] = await db
    .select({ reason: e.reason, role: e.role, at: e.at })
    .from(e)
    .where(eq(e.tokenHash, hashToken(token)));
  if (!row || row.at.getTime() + KEPT_MS < now.getTime()) return null;
  return { reason: row.reason, role: row.role };
}
