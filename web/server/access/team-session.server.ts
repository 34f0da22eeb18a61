// The team's access to the dashboard data. The shared code (TEAM_ACCESS_CODE) is checked here on
// the server in constant time, at most 5 wrong codes per client per 15 minutes (counted in the
// database, so the limit holds across processes), and answered with a signed, expiring token that
// the API routes require as `Authorization: Bearer <token>`.
import { TEAM_SESSION_MESSAGES } from '~/copy/dashboard';
import { getConfig } from '../config.server';
import { jsonError } from '../http/http.server';
import { hit, limitKey } from '../rate-limit.server';
import { safeEqual, sign, verify } from '../signing.server';

export const TEAM_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const TEAM_CODE_WINDOW_MS = 15 * 60 * 1000;
export const TEAM_CODE_MAX_WRONG = 5;
const PURPOSE = 'team-session';

export type TeamSessionResult =
  { ok: true; token: string; expiresAt: Date } | { ok: false; status: 401 | 429; error: string; retryAfter?: number };

/** Checks the code and counts a wrong one; a right one after too many wrong ones is refused too. */
export async function openTeamSession(
  code: string,
  clientAddress: string,
  now = Date.now(),
): Promise<TeamSessionResult> {
  const window = { bucket: 'team-code', key: limitKey(clientAddress), windowMs: TEAM_CODE_WINDOW_MS };
  // Count first (atomically), so parallel guesses cannot get past the limit; undo if it was right.
  const { hits, retryAfter } = await hit(window, now);
  if (hits > TEAM_CODE_MAX_WRONG) {
    return { ok: false, status: 429, error: TEAM_SESSION_MESSAGES.tooManyTries, retryAfter };
  }
  if (!safeEqual(code.trim(), getConfig().teamAccessCode)) {
    return { ok: false, status: 401, error: TEAM_SESSION_MESSAGES.wrongCode };
  }
  await hit(window, now, -1);
  return { ok: true, ...issueTeamToken(now) };
}

export function issueTeamToken(now = Date.now()) {
  const expiresAt = new Date(now + TEAM_SESSION_TTL_MS);
  return { token: sign(PURPOSE, `v1-${expiresAt.getTime()}`), expiresAt };
}

/** Whether `token` is a team token signed by this server and not expired. */
export function validTeamToken(token: string | undefined | null, now = Date.now()): boolean {
  const payload = verify(PURPOSE, token);
  const match = payload && /^v1-(\d{13,})$/.exec(payload);
  return Boolean(match && Number(match[1]) > now);
}

export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/** For API routes: throws a 401 JSON answer unless the request carries a valid team token. */
export function requireTeam(request: Request, now = Date.now()): void {
  if (!validTeamToken(bearerToken(request), now)) {
    throw jsonError(401, TEAM_SESSION_MESSAGES.unauthorized, {}, { 'WWW-Authenticate': 'Bearer' });
  }
}
