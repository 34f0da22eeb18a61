// POST /api/team/session: the team code checked on the server, 5 wrong codes per client per
// 15 minutes, a signed expiring token; on PGlite and PostgreSQL.
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { DASHBOARD_MESSAGES } from '~/copy/dashboard';
import * as sessionRoute from '~/routes/api.team.session';
import * as signupsRoute from '~/routes/api.signups';
import { openDatabase, schema, setDatabase } from '~/server/db/db.server';
import { sign } from '~/server/signing.server';
import {
  TEAM_CODE_WINDOW_MS,
  TEAM_SESSION_TTL_MS,
  issueTeamToken,
  openTeamSession,
  requireTeam,
  validTeamToken,
} from '~/server/access/team-session.server';
import { describeEachDatabase } from '../support/database';
import { TEAM_CODE, bearer, call, get, post, useTestConfig } from '../support/routes';
import { awayFromWindowEdge } from '../support/rate-windows';

const tryCode = (code: unknown, ip = '192.0.2.10') =>
  call(sessionRoute.action, post('/api/team/session', { code }), ip);
const listWith = (headers: Record<string, string>) => call(signupsRoute.loader, get('/api/signups', headers));

describeEachDatabase('team session', (current) => {
  beforeAll(() => {
    useTestConfig();
  });
  beforeEach(async () => {
    await current().db.delete(schema.rateLimits);
    await awayFromWindowEdge(TEAM_CODE_WINDOW_MS, 20_000);
  });

  test('the right code answers a token that opens the signup list, expiring in 12 hours', async () => {
    const before = Date.now();
    const res = await tryCode(TEAM_CODE);
    expect(res.status).toBe(200);
    const { token, expiresAt } = await res.json();
    expect(typeof token).toBe('string');
    expect(token).not.toContain(TEAM_CODE);
    const expires = Date.parse(expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + TEAM_SESSION_TTL_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + TEAM_SESSION_TTL_MS);
    expect((await listWith(bearer(token))).status).toBe(200);
  });

  test('a wrong code → 401 with the dashboard’s English message; spaces around the right code are fine', async () => {
    for (const code of ['0000', '47111', '', '4 711', 'x'.repeat(64)]) {
      const res = await tryCode(code, '192.0.2.20');
      expect(res.status, code).toBe(401);
      expect(await res.json()).toEqual({ error: DASHBOARD_MESSAGES.wrongCode });
      await current().db.delete(schema.rateLimits);
    }
    expect((await tryCode(` ${TEAM_CODE} `)).status).toBe(200);
  });

  test('a malformed request → 400 and is not a 5xx', async () => {
    for (const body of [{}, { code: 4711 }, { code: null }, { code: 'x'.repeat(65) }]) {
      expect((await call(sessionRoute.action, post('/api/team/session', body))).status).toBe(400);
    }
    expect((await call(sessionRoute.action, post('/api/team/session', 'nope'))).status).toBe(400);
    expect(
      (await call(sessionRoute.action, post('/api/team/session', JSON.stringify({ code: 'x'.repeat(5000) })))).status,
    ).toBe(413);
    expect((await call(sessionRoute.loader, get('/api/team/session'))).status).toBe(405);
  });

  test('after 5 wrong codes from one client, even the right code → 429 for 15 minutes', async () => {
    const ip = '192.0.2.30';
    for (let i = 0; i < 5; i++) expect((await tryCode('1234', ip)).status).toBe(401);
    const limited = await tryCode(TEAM_CODE, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // Another client is not affected.
    expect((await tryCode(TEAM_CODE, '192.0.2.31')).status).toBe(200);
    // The next window starts fresh.
    const later = Date.now() + TEAM_CODE_WINDOW_MS;
    expect((await openTeamSession(TEAM_CODE, ip, later)).ok).toBe(true);
  });

  test('right codes do not count: 4 wrong, 1 right, 1 wrong still leaves room', async () => {
    const ip = '192.0.2.40';
    for (let i = 0; i < 4; i++) await tryCode('1234', ip);
    expect((await tryCode(TEAM_CODE, ip)).status).toBe(200);
    expect((await tryCode('1234', ip)).status).toBe(401);
    expect((await tryCode(TEAM_CODE, ip)).status).toBe(429);
  });

  test('parallel guesses cannot get past the limit', async () => {
    const ip = '192.0.2.50';
    const answers = await Promise.all(Array.from({ length: 20 }, () => tryCode('9999', ip)));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
  });

  test('the wrong-code count holds across two server processes on one PostgreSQL', async () => {
    const database = current();
    if (!database.url) return; // PGlite is single-process by design (docs/decisions/003)
    const ip = '192.0.2.60';
    const second = await openDatabase({ databaseUrl: database.url });
    try {
      for (let i = 0; i < 3; i++) await tryCode('1111', ip);
      setDatabase(second);
      for (let i = 0; i < 2; i++) expect((await tryCode('1111', ip)).status).toBe(401);
      expect((await tryCode(TEAM_CODE, ip)).status).toBe(429);
    } finally {
      setDatabase(database);
      await second.close();
    }
  });

  test('an expired token → 401', async () => {
    const { token, expiresAt } = issueTeamToken();
    expect(validTeamToken(token, expiresAt.getTime() - 1)).toBe(true);
    expect(validTeamToken(token, expiresAt.getTime())).toBe(false);
    expect(() => requireTeam(new Request('http://x/', { headers: bearer(token) }), expiresAt.getTime() + 1)).toThrow();
    const old = issueTeamToken(Date.now() - TEAM_SESSION_TTL_MS - 1000).token;
    expect((await listWith(bearer(old))).status).toBe(401);
  });

  test('forged tokens → 401', async () => {
    const { token } = issueTeamToken();
    const [payload, signature] = [token.slice(0, token.lastIndexOf('.')), token.slice(token.lastIndexOf('.') + 1)];
    const far = Date.now() + 365 * 24 * 3600_000;
    const forged = [
      `v1-${far}.${signature}`, // a later expiry with the old signature
      `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      sign('team-session', `v1-${far}`, 'another-secret-another-secret-another-1'),
      sign('newsletter-confirm', `v1-${far}`), // right secret, other purpose
      sign('team-session', 'v1-abc'),
      payload,
      '',
      '.',
    ];
    for (const bad of forged) expect((await listWith(bearer(bad))).status, bad).toBe(401);
    expect((await listWith({})).status).toBe(401);
    expect((await listWith(bearer(token))).status).toBe(200);
  });
});
