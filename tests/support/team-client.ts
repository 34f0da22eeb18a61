// The team's side of a running server over HTTP: a token from the team code, then authorised
// requests; and an applicant's grant from an access code. Plain Node (no vitest import): e2e tests
// and the benchmarks use it.
import { TEST_ACCESS_CODES, TEST_TEAM_CODE } from './codes.ts';

/** A team token from POST /api/team/session (throws unless the server answers 200). */
export async function teamToken(baseUrl: string, code = TEST_TEAM_CODE): Promise<string> {
  const res = await fetch(`${baseUrl}/api/team/session`, { method: 'POST', body: JSON.stringify({ code }) });
  if (res.status !== 200) throw new Error(`POST /api/team/session answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** GET `path` with a fresh team token; the parsed JSON body. */
export async function teamGet<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${await teamToken(baseUrl)}` } });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Every stored signup, newest first, as the team's list answers it. */
export async function storedSignups<T = { id: string; name: string; userType: string; newsletterOptIn: boolean }>(
  baseUrl: string,
): Promise<T[]> {
  return (await teamGet<{ signups: T[] }>(baseUrl, '/api/signups')).signups;
}

/** The `access_grant=…` cookie pair that POST /api/access gives for a valid code (throws otherwise). */
export async function accessGrant(baseUrl: string, code = TEST_ACCESS_CODES[0]!): Promise<string> {
  const res = await fetch(`${baseUrl}/api/access`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const grant = res.headers.getSetCookie().find((c) => c.startsWith('access_grant='));
  if (res.status !== 200 || !grant) throw new Error(`POST /api/access answered ${res.status} without a grant`);
  return grant.split(';')[0]!;
}
