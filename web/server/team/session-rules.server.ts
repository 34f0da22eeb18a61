// When a team member's session counts: the rules in one pure function, so the token check, the
// page's cookie check and the live streams' watch decide alike (and a test shows each rule).
import { ACTIVITY_REPORT_MS, TEAM_SESSION_MAX_MS, type TeamRole } from '~/lib/team';

/** What the rules read of a session and its user. */
export interface SessionFacts {
  createdAt: Date;
  expiresAt: Date;
  /** The member's last click or key press in this session, as the dashboard reported it; null: the session's creation. */
  lastSeenAt: Date | null;
  /** Whether the session was opened by the second factor (not by the password alone). */
  secondFactorVerified: boolean;
  teamRole: TeamRole | null;
  twoFactorEnabled: boolean;
}

/**
 * `active`, or why not: `not-team` (no role, no second factor, or a session the second factor did
 * not open: an applicant's session, a member removed meanwhile, a password-only session from
 * before the member's second factor was set up), `expired` (Better Auth's end, or 12 hours after
 * signing in), `idle` (no activity of the member for `idleMs`).
 */
export type SessionState = 'active' | 'not-team' | 'expired' | 'idle';

/**
 * How much longer than the idle time a session is kept: the dashboard reports a click within
 * ACTIVITY_REPORT_MS, and a report is stored when it is TOUCH_STEP_MS newer. So a member who is
 * still there is never signed out early; an unattended dashboard locks at most this much later.
 */
export const IDLE_GRACE_MS = 2 * ACTIVITY_REPORT_MS;
/** A reported activity is written when it is at least this much newer than the stored one. */
export const TOUCH_STEP_MS = 5000;

const lastActivity = (facts: Pick<SessionFacts, 'createdAt' | 'lastSeenAt'>) =>
  (facts.lastSeenAt ?? facts.createdAt).getTime();

export function teamSessionState(facts: SessionFacts, now: number, idleMs: number): SessionState {
  if (!facts.teamRole || !facts.twoFactorEnabled || !facts.secondFactorVerified) return 'not-team';
  if (facts.expiresAt.getTime() <= now || facts.createdAt.getTime() + TEAM_SESSION_MAX_MS <= now) return 'expired';
  if (lastActivity(facts) + idleMs + IDLE_GRACE_MS <= now) return 'idle';
  return 'active';
}

/**
 * The moment of the member's last activity a request tells: its idle header (whole seconds, from
 * the dashboard), or undefined for a request without one (it does not count as activity).
 */
export function reportedActivity(idleHeader: string | null, now: number): number | undefined {
  if (idleHeader === null || !/^\d{1,6}$/.test(idleHeader.trim())) return undefined;
  return now - Number(idleHeader.trim()) * 1000;
}

/** Whether a request's reported activity should be written (it is newer than the stored one by TOUCH_STEP_MS). */
export const shouldTouch = (facts: Pick<SessionFacts, 'createdAt' | 'lastSeenAt'>, activeAt: number | undefined) =>
  activeAt !== undefined && activeAt >= lastActivity(facts) + TOUCH_STEP_MS;

/** When the session ends at the latest (12 hours after signing in, or Better Auth's end if sooner). */
export const sessionEndsAt = (facts: Pick<SessionFacts, 'createdAt' | 'expiresAt'>) =>
  new Date(Math.min(facts.expiresAt.getTime(), facts.createdAt.getTime() + TEAM_SESSION_MAX_MS));
