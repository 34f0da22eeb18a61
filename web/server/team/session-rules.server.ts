// When a team member's session counts: the rules in one pure function, so the token check, the
// page's cookie check and the live streams' watch decide alike (and a test shows each rule).
import { TEAM_SESSION_MAX_MS, type TeamRole } from '~/lib/team';

/** What the rules read of a session and its user. */
export interface SessionFacts {
  createdAt: Date;
  expiresAt: Date;
  /** The member's last request in this session; null: none since it was opened. */
  lastSeenAt: Date | null;
  teamRole: TeamRole | null;
  twoFactorEnabled: boolean;
}

/**
 * `active`, or why not: `not-team` (no role, or no second factor: an applicant's session, or a
 * member removed meanwhile), `expired` (Better Auth's end, or 12 hours after signing in), `idle`
 * (no request for `idleMs`).
 */
export type SessionState = 'active' | 'not-team' | 'expired' | 'idle';

export function teamSessionState(facts: SessionFacts, now: number, idleMs: number): SessionState {
  if (!facts.teamRole || !facts.twoFactorEnabled) return 'not-team';
  if (facts.expiresAt.getTime() <= now || facts.createdAt.getTime() + TEAM_SESSION_MAX_MS <= now) return 'expired';
  if ((facts.lastSeenAt ?? facts.createdAt).getTime() + idleMs <= now) return 'idle';
  return 'active';
}

/** The last request is written at most this often (a write per minute, not per request). */
export const LAST_SEEN_GRANULARITY_MS = 60_000;

/** Whether this request should write the session's last request time. */
export const shouldTouch = (facts: Pick<SessionFacts, 'createdAt' | 'lastSeenAt'>, now: number) =>
  (facts.lastSeenAt ?? facts.createdAt).getTime() + LAST_SEEN_GRANULARITY_MS <= now;

/** When the session ends at the latest (12 hours after signing in, or Better Auth's end if sooner). */
export const sessionEndsAt = (facts: Pick<SessionFacts, 'createdAt' | 'expiresAt'>) =>
  new Date(Math.min(facts.expiresAt.getTime(), facts.createdAt.getTime() + TEAM_SESSION_MAX_MS));
