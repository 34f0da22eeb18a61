// The signup API over real HTTP against the built server: route matching (also of the dotted
// /api/signups.csv), body limits through the whole stack, and rate limits that hold across two
// server processes on one PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIGNUP_API_MESSAGES } from '~/copy/signup';
import { postgresAvailable } from '../../support/postgres';
import { useServerPairOnPostgres } from '../../support/e2e';
import { startServer, type TestServer } from '../../support/server';
import { awayFromWindowEdge } from '../../support/rate-windows';
import { TEST_TEAM_CODE } from '../../support/codes';
import { cookieHeader, teamOwner, teamToken, type TeamMemberLogin } from '../../support/team-client';

const signup = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: crypto.randomUUID(),
    userType: 'reiter',
    name: 'Hanna',
    email: 'h@example.org',
    newsletterOptIn: false,
    ...over,
  });
const postSignup = (server: TestServer, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/signups`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
/** POST /api/team/session with a code, as the member whose cookies are given (none: signed out). */
const session = (server: TestServer, code: string, member?: TeamMemberLogin) =>
  fetch(`${server.url}/api/team/session`, {
    method: 'POST',
    headers: member ? { Cookie: cookieHeader(member.cookies) } : {},
    body: JSON.stringify({ code }),
  });

describe('signup API over HTTP (PGlite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { SIGNUP_RATE_LIMIT: '3' } });
    // The first two tests count in one fixed minute window.
    await awayFromWindowEdge(60_000, 40_000);
  });
  afterAll(() => server?.stop());

  test('201, then 200 {id} for the same id; 400, 413 and 405 for bad requests', async () => {
    const body = signup();
    const first = await postSignup(server, body);
    expect(first.status).toBe(201);
    expect(first.headers.get('content-type')).toMatch(/application\/json/);
    const again = await postSignup(server, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id: (await first.json()).id });
    expect((await postSignup(server, '{"name":')).status).toBe(400);
    const big = await postSignup(server, signup({ name: 'x'.repeat(100_000) }));
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe(SIGNUP_API_MESSAGES.tooLarge);
    expect((await fetch(`${server.url}/api/signups`, { method: 'PUT', body: '{}' })).status).toBe(405);
  });

  test('the fourth signup in a minute from one address → 429; X-Forwarded-For is ignored without TRUST_PROXY', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await postSignup(server, signup(), { 'X-Forwarded-For': `10.0.0.${i}` })).status);
    // One was counted by the test above: the new signup (its repetition is not counted, nor are the
    // refused bodies: decision 047), so this is the second, the third and the fourth.
    expect(statuses).toEqual([201, 201, 429]);
    const limited = await postSignup(server, signup());
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toBe(SIGNUP_API_MESSAGES.rateLimited);
  });

  test('the team reads the list and the CSV with a token from the code; 401 without', async () => {
    expect((await fetch(`${server.url}/api/signups`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/signups.csv`)).status).toBe(401);
    expect((await session(server, '0000')).status).toBe(401);
    const token = await teamToken(server.url);
    const auth = { Authorization: `Bearer ${token}` };
    const list = await fetch(`${server.url}/api/signups`, { headers: auth });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { signups: unknown[] }).signups.length).toBeGreaterThan(0);
    const csv = await fetch(`${server.url}/api/signups.csv`, { headers: auth });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain(';Hanna;h@example.org;nein;');
  });
});

describe.runIf(postgresAvailable())('rate limits across two server processes on one PostgreSQL', () => {
  const pair = useServerPairOnPostgres({ SIGNUP_RATE_LIMIT: '4' });

  test('signups from one address count together on both servers', async () => {
    await awayFromWindowEdge();
    const statuses = [];
    const { a, b } = pair;
    for (const server of [a, b, a, b, a, b]) statuses.push((await postSignup(server, signup())).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  test('a member’s wrong team codes count together on both servers', async () => {
    const { a, b } = pair;
    // Signed in on one server: the same session on the other (one database).
    const owner = await teamOwner(a.url);
    for (const server of [a, b, a, b, a]) expect((await session(server, '1234', owner)).status).toBe(401);
    expect((await session(b, TEST_TEAM_CODE, owner)).status).toBe(429);
    expect((await session(a, TEST_TEAM_CODE, owner)).status).toBe(429);
  });
});
