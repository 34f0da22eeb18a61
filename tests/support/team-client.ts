// The team's side of a running server over HTTP: a token from the team code, then authorised
// requests. Plain Node (no vitest import): e2e tests and the benchmarks use it.
import { TEST_TEAM_CODE } from './codes.ts';

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
