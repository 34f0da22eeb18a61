// For the team API's routes: the request's team session from its bearer token, or why not
// ('unauthenticated' without a valid token, 'forbidden' for a reviewer where an owner is needed).
// The routes answer a refusal with problemResponse (401 with the Bearer challenge, 403).
import { TEAM_SESSION_MESSAGES } from '~/copy/dashboard';
import { IDLE_HEADER } from '~/lib/team';
import { fail, ok, type Result } from '../result.server';
import { reportedActivity } from './session-rules.server';
import { teamSessionOfToken, type TeamSession } from './sessions.server';

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * The team session of the request's token; 'unauthenticated' when there is none. The member's
 * last activity the dashboard reports with the request (IDLE_HEADER) keeps the session going; the
 * request itself does not.
 */
export async function authorizeTeam(request: Request, now = Date.now()): Promise<Result<TeamSession>> {
  const activeAt = reportedActivity(request.headers.get(IDLE_HEADER), now);
  const session = await teamSessionOfToken(bearerToken(request), now, activeAt);
  return session ? ok(session) : fail('unauthenticated', TEAM_SESSION_MESSAGES.unauthorized);
}

/** The same, for owners only ('forbidden' for a reviewer). */
export async function authorizeOwner(request: Request, now = Date.now()): Promise<Result<TeamSession>> {
  const result = await authorizeTeam(request, now);
  if (result.ok && result.value.member.role !== 'owner') return fail('forbidden', TEAM_SESSION_MESSAGES.ownersOnly);
  return result;
}
