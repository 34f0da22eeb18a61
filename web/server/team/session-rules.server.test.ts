import { describe, expect, test } from 'vitest';
import { ACTIVITY_REPORT_MS, TEAM_SESSION_MAX_MS } from '~/lib/team';
import {
  IDLE_GRACE_MS,
  reportedActivity,
  sessionEndsAt,
  shouldTouch,
  teamSessionState,
  TOUCH_STEP_MS,
  type SessionFacts,
} from './session-rules.server';

const idle = 30 * 60_000;
const t0 = Date.UTC(2026, 10, 26, 8);
const facts = (over: Partial<SessionFacts> = {}): SessionFacts => ({
  createdAt: new Date(t0),
  expiresAt: new Date(t0 + 7 * 24 * 3600_000),
  lastSeenAt: null,
  secondFactorVerified: true,
  teamRole: 'reviewer',
  twoFactorEnabled: true,
  ...over,
});

describe('a team member’s session', () => {
  test('is active right after signing in, for an owner and a reviewer', () => {
    expect(teamSessionState(facts(), t0 + 1000, idle)).toBe('active');
    expect(teamSessionState(facts({ teamRole: 'owner' }), t0 + 1000, idle)).toBe('active');
  });

  test('is no team session without a role, without a second factor, or when the password alone opened it', () => {
    expect(teamSessionState(facts({ teamRole: null }), t0, idle)).toBe('not-team');
    expect(teamSessionState(facts({ twoFactorEnabled: false }), t0, idle)).toBe('not-team');
    expect(teamSessionState(facts({ secondFactorVerified: false }), t0, idle)).toBe('not-team');
  });

  test('ends after the idle time (and its grace) without activity, counted from the last activity', () => {
    const end = idle + IDLE_GRACE_MS;
    expect(teamSessionState(facts(), t0 + end - 1, idle)).toBe('active');
    expect(teamSessionState(facts(), t0 + end, idle)).toBe('idle');
    const seen = facts({ lastSeenAt: new Date(t0 + 3 * idle) });
    expect(teamSessionState(seen, t0 + 3 * idle + end - 1, idle)).toBe('active');
    expect(teamSessionState(seen, t0 + 3 * idle + end, idle)).toBe('idle');
    // The grace covers a click the dashboard reports late, and a report not written (too close to the last).
    expect(IDLE_GRACE_MS).toBeGreaterThanOrEqual(ACTIVITY_REPORT_MS + TOUCH_STEP_MS);
  });

  test('ends 12 hours after signing in however busy, and at Better Auth’s own end', () => {
    const busy = facts({ lastSeenAt: new Date(t0 + TEAM_SESSION_MAX_MS - 1000) });
    expect(teamSessionState(busy, t0 + TEAM_SESSION_MAX_MS - 1, idle)).toBe('active');
    expect(teamSessionState(busy, t0 + TEAM_SESSION_MAX_MS, idle)).toBe('expired');
    expect(teamSessionState(facts({ expiresAt: new Date(t0 + 5000) }), t0 + 5000, idle)).toBe('expired');
    expect(sessionEndsAt(facts()).getTime()).toBe(t0 + TEAM_SESSION_MAX_MS);
    expect(sessionEndsAt(facts({ expiresAt: new Date(t0 + 5000) })).getTime()).toBe(t0 + 5000);
  });

  test('counts only the activity a request reports, and writes it when it is newer', () => {
    expect(reportedActivity(null, t0)).toBeUndefined();
    expect(reportedActivity('soon', t0)).toBeUndefined();
    expect(reportedActivity('-5', t0)).toBeUndefined();
    expect(reportedActivity('0', t0)).toBe(t0);
    expect(reportedActivity(' 90 ', t0)).toBe(t0 - 90_000);
    // A background request without the header, or one reporting an old click, writes nothing.
    expect(shouldTouch(facts(), undefined)).toBe(false);
    expect(shouldTouch(facts({ lastSeenAt: new Date(t0 + 60_000) }), t0 + 30_000)).toBe(false);
    expect(shouldTouch(facts(), t0 + TOUCH_STEP_MS - 1)).toBe(false);
    expect(shouldTouch(facts(), t0 + TOUCH_STEP_MS)).toBe(true);
  });
});
