// For the team API's routes: the request's team session from its bearer token, or the answer to
// send instead (401 without a valid token, 403 for a reviewer where an owner is needed). Thrown as
// a Response, which the routes' handleApi answers.
import { TEAM_SESSION_MESSAGES } from '~/copy/dashboard';
import { jsonError } from '../http/http.server';
import { teamSessionOfToken, type TeamSession } from './sessions.server';

export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/** The team session of the request's token; throws a 401 answer when there is none. */
export async function requireTeam(request: Request, now = Date.now()): Promise<TeamSession> {
  const session = await teamSessionOfToken(bearerToken(request), now);
  if (!session) throw jsonError(401, TEAM_SESSION_MESSAGES.unauthorized, {}, { 'WWW-Authenticate': 'Bearer' });
  return session;
}

/** The same, for owners only (403 for a reviewer). */
export async function requireOwner(request: Request, now = Date.now()): Promise<TeamSession> {
  const session = await requireTeam(request, now);
  if (session.member.role !== 'owner') throw jsonError(403, TEAM_SESSION_MESSAGES.ownersOnly);
  return session;
}

/**
 * Whether a cookie-authenticated request comes from our own pages: a browser names the page's
 * origin in `Origin` on every POST, so another site's form or script is refused (a client that is
 * not a browser sends none).
 */
export function fromOwnOrigin(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  return origin === new URL(request.url).origin || origin === new URL(publicUrl).origin;
}
