// A team member's session: Better Auth's session (password, then the second factor) with our
// rules on top (session-rules.server.ts: a role, a session the second factor opened, 12 hours, the
// idle timeout counted from what the member does, not from the dashboard's own requests). The
// dashboard's bearer token (after the 4-digit code) is bound to that session: checking it is one
// indexed read (token → session → user), and it stops working the moment the session ends, because
// ending a session deletes its row and its tokens with it (team_tokens cascades).
import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { TEAM_SESSION_MESSAGES } from '~/copy/dashboard';
import type { TeamRole } from '~/lib/team';
import { getSession } from '../accounts/accounts.server';
import { getConfig } from '../config.server';
import { getDatabase, schema } from '../db/db.server';
import { log } from '../log.server';
import { hit } from '../rate-limit.server';
import { fail, ok, type Failure } from '../result.server';
import { safeEqual } from '../signing.server';
import {
  sessionEndsAt,
  shouldTouch,
  teamSessionState,
  type SessionFacts,
  type SessionState,
} from './session-rules.server';

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
}

/** A signed-in team member's session, as every team check answers it. */
export interface TeamSession {
  member: TeamMember;
  sessionId: string;
  /** 12 hours after signing in (or Better Auth's end, if sooner); the idle timeout may end it earlier. */
  endsAt: Date;
}

export const TEAM_CODE_WINDOW_MS = 15 * 60 * 1000;
export const TEAM_CODE_MAX_WRONG = 5;

const s = schema.authSessions;
const u = schema.authUsers;
const tk = schema.teamTokens;

const columns = {
  sessionId: s.id,
  createdAt: s.createdAt,
  expiresAt: s.expiresAt,
  lastSeenAt: s.lastSeenAt,
  secondFactorVerified: s.secondFactorVerified,
  userId: u.id,
  name: u.name,
  email: u.email,
  teamRole: u.teamRole,
  twoFactorEnabled: u.twoFactorEnabled,
};
type Row = SessionFacts & { sessionId: string; userId: string; name: string; email: string };

/** Only a hash of a token is stored: a copy of the table opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Applies the rules to a session read from the database: answers the team session, or null (and
 * ends a session that ran out, so it is gone for Better Auth too). Writes the member's last
 * activity when the request tells a newer one (`activeAt`; shouldTouch).
 */
async function admit(row: Row | undefined, now: number, activeAt: number | undefined): Promise<TeamSession | null> {
  if (!row) return null;
  const state = teamSessionState(row, now, getConfig().teamSessionIdleMs);
  if (state !== 'active') {
    if (state === 'idle' || state === 'expired') {
      await endSessions({ sessionId: row.sessionId });
      log.info({ event: `session-${state}`, memberId: row.userId }, 'Team: a session ended');
    }
    return null;
  }
  if (shouldTouch(row, activeAt)) {
    const { db } = getDatabase();
    await db
      .update(s)
      .set({ lastSeenAt: new Date(Math.min(activeAt!, now)) })
      .where(eq(s.id, row.sessionId));
  }
  return {
    member: { id: row.userId, name: row.name, email: row.email, role: row.teamRole! },
    sessionId: row.sessionId,
    endsAt: sessionEndsAt(row),
  };
}

/**
 * The team session of a request's Better Auth cookie (the dashboard page, POST /api/team/session),
 * or null. Loading the page and entering the code are the member's own doing: activity.
 */
export async function teamSessionOf(request: Request, now = Date.now()): Promise<TeamSession | null> {
  const session = await getSession(request);
  if (!session) return null;
  const { db } = getDatabase();
  const [row] = await db.select(columns).from(s).innerJoin(u, eq(u.id, s.userId)).where(eq(s.id, session.session.id));
  return admit(row, now, now);
}

/**
 * The team session a dashboard token is bound to, or null (unknown token, or its session ended).
 * `activeAt`: the member's last activity the request reported (see reportedActivity), if any.
 */
export async function teamSessionOfToken(
  token: string | undefined,
  now = Date.now(),
  activeAt?: number,
): Promise<TeamSession | null> {
  if (!token || token.length > 100) return null;
  const { db } = getDatabase();
  const [row] = await db
    .select(columns)
    .from(tk)
    .innerJoin(s, eq(s.id, tk.sessionId))
    .innerJoin(u, eq(u.id, s.userId))
    .where(eq(tk.tokenHash, hashToken(token)));
  return admit(row, now, activeAt);
}

/**
 * The opened token and when it ends; refused 'unauthenticated' (a wrong code, with the tries left
 * before the lock) or 'rate-limited' (with the seconds until the lock ends).
 */
export type TokenResult = { ok: true; value: { token: string; expiresAt: Date } } | (Failure & { triesLeft?: number });

/**
 * The spec's 4-digit code, asked of a signed-in member once per page view: a right one opens a
 * token bound to the member's session. At most TEAM_CODE_MAX_WRONG wrong codes per member per
 * 15 minutes (counted in the database, so the limit holds across processes).
 */
export async function openTeamToken(session: TeamSession, code: string, now = Date.now()): Promise<TokenResult> {
  const window = { bucket: 'team-code', key: session.member.id, windowMs: TEAM_CODE_WINDOW_MS };
  // Count first (atomically), so parallel guesses cannot get past the limit; undo if it was right.
  const { hits, retryAfter } = await hit(window, now);
  if (hits > TEAM_CODE_MAX_WRONG)
    return fail('rate-limited', TEAM_SESSION_MESSAGES.tooManyTries(retryAfter), { retryAfter });
  if (!safeEqual(code.trim(), getConfig().teamAccessCode)) {
    log.warn({ event: 'team-code-failed', memberId: session.member.id }, 'Team: wrong dashboard code');
    return { ...fail('unauthenticated', TEAM_SESSION_MESSAGES.wrongCode), triesLeft: TEAM_CODE_MAX_WRONG - hits };
  }
  await hit(window, now, -1);
  const token = randomBytes(32).toString('base64url');
  const { db } = getDatabase();
  await db.insert(tk).values({ tokenHash: hashToken(token), sessionId: session.sessionId, createdAt: new Date(now) });
  return ok({ token, expiresAt: session.endsAt });
}

/** Ends sessions at once (sign-out, removal, a role change, a reset second factor): their tokens go with them. */
export async function endSessions(which: { sessionId: string } | { userId: string }) {
  const { db } = getDatabase();
  await db.delete(s).where('sessionId' in which ? eq(s.id, which.sessionId) : eq(s.userId, which.userId));
}

/**
 * Which of these sessions still count, by the rules (one query for all of them): the live streams'
 * watch asks this every few seconds.
 */
export async function sessionStates(ids: string[], now = Date.now()): Promise<Map<string, SessionState>> {
  const states = new Map<string, SessionState>(ids.map((id) => [id, 'expired']));
  if (!ids.length) return states;
  const { db } = getDatabase();
  const rows = await db.select(columns).from(s).innerJoin(u, eq(u.id, s.userId)).where(inArray(s.id, ids));
  const idleMs = getConfig().teamSessionIdleMs;
  for (const row of rows) states.set(row.sessionId, teamSessionState(row, now, idleMs));
  return states;
}
