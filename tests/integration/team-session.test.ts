// POST /api/team/session: the spec's 4-digit code, asked of a signed-in team member (Better Auth's
// session cookie, second factor done) and answered with a token bound to that session; 5 wrong
// codes per member per 15 minutes. And the token's check: it stops working the moment its session
// ends (sign-out, removal, idle timeout, 12 hours). On PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { DASHBOARD_MESSAGES, TEAM_SESSION_MESSAGES } from '~/copy/dashboard';
import { IDLE_HEADER, TEAM_SESSION_MAX_MS } from '~/lib/team';
import * as sessionRoute from '~/routes/api.team.session';
import * as signupsRoute from '~/routes/api.signups';
import * as eventsRoute from '~/routes/api.applications.events';
import { openDatabase, schema, setDatabase } from '~/server/db/db.server';
import { sign } from '~/server/signing.server';
import { openTeamToken } from '~/server/team/team.server';
import { TEAM_CODE_WINDOW_MS, teamSessionOfToken } from '~/server/team/sessions.server';
import { IDLE_GRACE_MS } from '~/server/team/session-rules.server';
import { describeEachDatabase } from '../support/database';
import { PUBLIC_URL, TEAM_CODE, bearer, call, get, post, useTestConfig } from '../support/routes';
import { awayFromWindowEdge } from '../support/rate-windows';
import { seedMember, seedSession, tokenOf, type SeededMember } from '../support/team';

const tryCode = (code: unknown, cookie?: string, extra: Record<string, string> = {}) =>
  call(sessionRoute.action, post('/api/team/session', { code }, { ...(cookie ? { Cookie: cookie } : {}), ...extra }));
const listWith = (headers: Record<string, string>) => call(signupsRoute.loader, get('/api/signups', headers));

describeEachDatabase('team session', (current) => {
  let member: SeededMember;
  beforeAll(() => {
    useTestConfig({ TEAM_SESSION_IDLE_MINUTES: '30' });
  });
  beforeEach(async () => {
    await current().db.delete(schema.rateLimits);
    await awayFromWindowEdge(TEAM_CODE_WINDOW_MS, 20_000);
    member = await seedMember({ role: 'reviewer', name: 'Rita Reviewer' });
  });

  test('a member’s session and the right code answer a token bound to the session, with who it is', async () => {
    const res = await tryCode(TEAM_CODE, member.cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.member).toEqual({ id: member.id, name: 'Rita Reviewer', role: 'reviewer' });
    expect(body.token).not.toContain(TEAM_CODE);
    // It ends with the session: 12 hours after signing in at the latest.
    expect(Date.parse(body.expiresAt)).toBeLessThanOrEqual(Date.now() + TEAM_SESSION_MAX_MS);
    expect((await listWith(bearer(body.token))).status).toBe(200);
    // Only a hash is stored.
    const rows = await current().db.select().from(schema.teamTokens);
    expect(rows.some((row) => row.tokenHash === body.token)).toBe(false);
  });

  test('without a member’s session the code is not even compared: 401 “Team sign-in required”', async () => {
    const applicant = await seedMember();
    await current().db.update(schema.authUsers).set({ teamRole: null }).where(eq(schema.authUsers.id, applicant.id));
    const noFactor = await seedMember();
    await current()
      .db.update(schema.authUsers)
      .set({ twoFactorEnabled: false })
      .where(eq(schema.authUsers.id, noFactor.id));
    for (const cookie of [undefined, applicant.cookie, noFactor.cookie, 'better-auth.session_token=forged.sig']) {
      for (let i = 0; i < 8; i++) {
        const res = await tryCode(i % 2 ? TEAM_CODE : '0000', cookie);
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: TEAM_SESSION_MESSAGES.signInRequired });
      }
    }
    // Nothing was counted: no guess was made.
    expect(await current().db.select().from(schema.rateLimits)).toEqual([]);
  });

  test('a wrong code → 401 with the dashboard’s English message; spaces around the right code are fine', async () => {
    for (const code of ['0000', '47111', '', '4 711', 'x'.repeat(64)]) {
      const res = await tryCode(code, member.cookie);
      expect(res.status, code).toBe(401);
      expect(await res.json()).toEqual({ error: DASHBOARD_MESSAGES.wrongCode, triesLeft: 4 });
      await current().db.delete(schema.rateLimits);
    }
    expect((await tryCode(` ${TEAM_CODE} `, member.cookie)).status).toBe(200);
  });

  test('a malformed request → 400, an oversized one 413, a GET 405, another site’s origin 403', async () => {
    for (const body of [{}, { code: 4711 }, { code: null }, { code: 'x'.repeat(65) }]) {
      expect((await call(sessionRoute.action, post('/api/team/session', body, { Cookie: member.cookie }))).status).toBe(
        400,
      );
    }
    expect((await call(sessionRoute.action, post('/api/team/session', 'nope', { Cookie: member.cookie }))).status).toBe(
      400,
    );
    const big = post('/api/team/session', JSON.stringify({ code: 'x'.repeat(5000) }), { Cookie: member.cookie });
    expect((await call(sessionRoute.action, big)).status).toBe(413);
    expect((await call(sessionRoute.loader, get('/api/team/session'))).status).toBe(401);
    expect(
      (await call(sessionRoute.action, new Request(`${PUBLIC_URL}/api/team/session`, { method: 'PUT' }))).status,
    ).toBe(405);
    const foreign = await tryCode(TEAM_CODE, member.cookie, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await tryCode(TEAM_CODE, member.cookie, { Origin: PUBLIC_URL })).status).toBe(200);
  });

  test('after 5 wrong codes of one member, even the right code → 429 for 15 minutes; others are not affected', async () => {
    for (let i = 0; i < 5; i++) expect((await tryCode('1234', member.cookie)).status).toBe(401);
    const limited = await tryCode(TEAM_CODE, member.cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // The member's other browser counts with the same member.
    const other = await seedSession(member.id);
    expect((await tryCode(TEAM_CODE, other.cookie)).status).toBe(429);
    // Another member is not affected.
    const colleague = await seedMember();
    expect((await tryCode(TEAM_CODE, colleague.cookie)).status).toBe(200);
    // The next window starts fresh.
    const session = (await teamSessionOfToken(await tokenOf(colleague)))!;
    const later = Date.now() + TEAM_CODE_WINDOW_MS;
    expect(
      (await openTeamToken({ ...session, member: { ...session.member, id: member.id } }, TEAM_CODE, later)).ok,
    ).toBe(true);
  });

  test('each wrong code says how many tries are left; the lock says how long it lasts', async () => {
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) left.push((await (await tryCode('1234', member.cookie)).json()).triesLeft);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const limited = await tryCode(TEAM_CODE, member.cookie);
    // The window is a fixed quarter hour, so its end can be seconds away: the wait is then said in seconds.
    const seconds = Number(limited.headers.get('retry-after'));
    const minutes = Math.ceil(seconds / 60);
    const wait =
      seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    expect((await limited.json()).error).toBe(`Too many incorrect attempts. Please try again in ${wait}.`);
  });

  test('right codes do not count: 4 wrong, 1 right, 1 wrong still leaves room', async () => {
    for (let i = 0; i < 4; i++) await tryCode('1234', member.cookie);
    expect((await tryCode(TEAM_CODE, member.cookie)).status).toBe(200);
    expect((await tryCode('1234', member.cookie)).status).toBe(401);
    expect((await tryCode(TEAM_CODE, member.cookie)).status).toBe(429);
  });

  test('parallel guesses cannot get past the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => tryCode('9999', member.cookie)));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
  });

  test('the wrong-code count holds across two server processes on one PostgreSQL', async () => {
    const database = current();
    if (!database.url) return; // PGlite is single-process by design (docs/decisions/003)
    const second = await openDatabase({ databaseUrl: database.url });
    try {
      for (let i = 0; i < 3; i++) await tryCode('1111', member.cookie);
      setDatabase(second);
      for (let i = 0; i < 2; i++) expect((await tryCode('1111', member.cookie)).status).toBe(401);
      expect((await tryCode(TEAM_CODE, member.cookie)).status).toBe(429);
    } finally {
      setDatabase(database);
      await second.close();
    }
  });

  test('a token stops working the moment its session ends, and only that session’s tokens', async () => {
    const token = await tokenOf(member);
    const second = await seedSession(member.id);
    const otherToken = await tokenOf({ id: member.id, sessionId: second.sessionId });
    expect((await listWith(bearer(token))).status).toBe(200);
    await current().db.delete(schema.authSessions).where(eq(schema.authSessions.id, member.sessionId));
    expect((await listWith(bearer(token))).status).toBe(401);
    expect(
      await current().db.select().from(schema.teamTokens).where(eq(schema.teamTokens.sessionId, member.sessionId)),
    ).toEqual([]);
    expect((await listWith(bearer(otherToken))).status).toBe(200);
  });

  test('the idle timeout and the 12 hours end a session (and its tokens), however busy', async () => {
    const idle = await seedMember({ idleMs: 30 * 60_000 + IDLE_GRACE_MS + 1000 });
    const idleToken = await tokenOf(idle);
    expect((await listWith(bearer(idleToken))).status).toBe(401);
    // Ended for Better Auth too: the session row is gone.
    expect(
      await current().db.select().from(schema.authSessions).where(eq(schema.authSessions.id, idle.sessionId)),
    ).toEqual([]);
    const old = await seedMember({ sessionAgeMs: TEAM_SESSION_MAX_MS + 1000, idleMs: 0 });
    expect((await listWith(bearer(await tokenOf(old)))).status).toBe(401);
    const active = await seedMember({ sessionAgeMs: TEAM_SESSION_MAX_MS - 60_000, idleMs: 29 * 60_000 });
    expect((await listWith(bearer(await tokenOf(active)))).status).toBe(200);
  });

  test('only what the member does counts as activity: a request counts with the click it reports, not by itself', async () => {
    const member = await seedMember({ idleMs: 10 * 60_000 });
    const token = await tokenOf(member);
    const lastSeen = async () =>
      (
        await current().db.select().from(schema.authSessions).where(eq(schema.authSessions.id, member.sessionId))
      )[0]!.lastSeenAt!.getTime();
    const before = await lastSeen();
    // The dashboard's background requests: no report, or a report of the same old click.
    expect((await listWith(bearer(token))).status).toBe(200);
    expect((await listWith({ ...bearer(token), [IDLE_HEADER]: '600' })).status).toBe(200);
    const events = new AbortController();
    const stream = await call(
      eventsRoute.loader,
      new Request(`${PUBLIC_URL}/api/applications/events`, { headers: bearer(token), signal: events.signal }),
    );
    expect(stream.status).toBe(200);
    events.abort();
    expect(await lastSeen()).toBe(before);
    // A click 20 seconds ago, reported with any request (or the dashboard's own report).
    const reported = await call(
      sessionRoute.loader,
      get('/api/team/session', { ...bearer(token), [IDLE_HEADER]: '20' }),
    );
    expect(reported.status).toBe(200);
    expect(await reported.json()).toMatchObject({ member: { id: member.id, name: member.name, role: member.role } });
    expect(Math.abs((await lastSeen()) - (Date.now() - 20_000))).toBeLessThan(5000);
    // A report from the future or a malformed one counts for nothing more than now.
    await listWith({ ...bearer(token), [IDLE_HEADER]: 'soon' });
    expect(await lastSeen()).toBeLessThanOrEqual(Date.now());
  });

  test('the idle timeout never ends a session early: the member’s last activity plus the idle time is the earliest end', async () => {
    const justInside = await seedMember({ idleMs: 30 * 60_000 - 1000 });
    expect((await listWith(bearer(await tokenOf(justInside)))).status).toBe(200);
    // A click reported 59 seconds after the last stored one (once-a-minute writes lost it before).
    const reported = await seedMember({ idleMs: 30 * 60_000 + 10_000 });
    const token = await tokenOf(reported);
    expect((await listWith({ ...bearer(token), [IDLE_HEADER]: String(30 * 60 - 49) })).status).toBe(200);
    expect((await listWith(bearer(token))).status).toBe(200);
  });

  test('forged tokens, and tokens of the former signed kind, → 401', async () => {
    const token = await tokenOf(member);
    const far = Date.now() + 365 * 24 * 3600_000;
    const forged = [
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      sign('team-session', `v1-${far}`),
      sign('team-session', `v1-${far}`, 'another-secret-another-secret-another-1'),
      'x'.repeat(500),
      '',
      '.',
    ];
    for (const bad of forged) expect((await listWith(bearer(bad))).status, bad).toBe(401);
    expect((await listWith({})).status).toBe(401);
    expect((await listWith(bearer(token))).status).toBe(200);
  });
});
