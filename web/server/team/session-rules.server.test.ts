import { describe, expect, test } from 'vitest';
import { TEAM_SESSION_MAX_MS } from '~/lib/team';
import { sessionEndsAt, shouldTouch, teamSessionState, type SessionFacts } from './session-rules.server';

const idle = 30 * 60_000;
const t0 = Date.UTC(2026, 10, 26, 8);
const facts = (over: Partial<SessionFacts> = {}): SessionFacts => ({
  createdAt: new Date(t0),
  expiresAt: new Date(t0 + 7 * 24 * 3600_000),
  lastSeenAt: null,
  teamRole: 'reviewer',
  twoFactorEnabled: true,
  ...over,
});

describe('a team member’s session', () => {
  test('is active right after signing in, for an owner and a reviewer', () => {
    expect(teamSessionState(facts(), t0 + 1000, idle)).toBe('active');
    expect(teamSessionState(facts({ teamRole: 'owner' }), t0 + 1000, idle)).toBe('active');
  });

  test('is no team session without a role or without a second factor', () => {
    expect(teamSessionState(facts({ teamRole: null }), t0, idle)).toBe('not-team');
    expect(teamSessionState(facts({ twoFactorEnabled: false }), t0, idle)).toBe('not-team');
  });

  test('ends after the idle time without a request, counted from the last request', () => {
    expect(teamSessionState(facts(), t0 + idle - 1, idle)).toBe('active');
    expect(teamSessionState(facts(), t0 + idle, idle)).toBe('idle');
    const seen = facts({ lastSeenAt: new Date(t0 + 3 * idle) });
    expect(teamSessionState(seen, t0 + 4 * idle - 1, idle)).toBe('active');
    expect(teamSessionState(seen, t0 + 4 * idle, idle)).toBe('idle');
  });

  test('ends 12 hours after signing in however busy, and at Better Auth’s own end', () => {
    const busy = facts({ lastSeenAt: new Date(t0 + TEAM_SESSION_MAX_MS - 1000) });
    expect(teamSessionState(busy, t0 + TEAM_SESSION_MAX_MS - 1, idle)).toBe('active');
    expect(teamSessionState(busy, t0 + TEAM_SESSION_MAX_MS, idle)).toBe('expired');
    expect(teamSessionState(facts({ expiresAt: new Date(t0 + 5000) }), t0 + 5000, idle)).toBe('expired');
    expect(sessionEndsAt(facts()).getTime()).toBe(t0 + TEAM_SESSION_MAX_MS);
    expect(sessionEndsAt(facts({ expiresAt: new Date(t0 + 5000) })).getTime()).toBe(t0 + 5000);
  });

  test('records its last request at most once a minute', () => {
    expect(shouldTouch(facts(), t0 + 59_999)).toBe(false);
    expect(shouldTouch(facts(), t0 + 60_000)).toBe(true);
    expect(shouldTouch(facts({ lastSeenAt: new Date(t0 + 120_000) }), t0 + 150_000)).toBe(false);
  });
});
