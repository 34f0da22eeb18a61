// POST /api/team/session: a signed-in team member (session cookie, second factor done) enters the
// 4-digit code → a token bound to that session (see docs/api.md). Without a member's session the
// code is not even compared.
import type { Route } from './+types/api.team.session';
import { TEAM_SESSION_MESSAGES } from '~/copy/dashboard';
import { closeConnection, handleApi, jsonError, methodNotAllowed, readJson } from '~/server/http/http.server';
import { getConfig } from '~/server/config.server';
import { fromOwnOrigin, openTeamToken, teamSessionOf } from '~/server/team/team.server';

export const loader = () => closeConnection(methodNotAllowed('POST'));

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return closeConnection(methodNotAllowed('POST'));
  return handleApi(async () => {
    if (!fromOwnOrigin(request, getConfig().publicUrl))
      return closeConnection(jsonError(403, TEAM_SESSION_MESSAGES.foreignOrigin));
    const session = await teamSessionOf(request);
    if (!session) return closeConnection(jsonError(401, TEAM_SESSION_MESSAGES.signInRequired));
    const { code } = await readJson(request, { limit: 1024 });
    if (typeof code !== 'string' || code.length > 64) return jsonError(400, 'Expected {"code": "<4 digits>"}');
    const result = await openTeamToken(session, code);
    switch (result.kind) {
      case 'limited':
        return jsonError(429, TEAM_SESSION_MESSAGES.tooManyTries, {}, { 'Retry-After': String(result.retryAfter) });
      case 'wrong-code':
        return jsonError(401, TEAM_SESSION_MESSAGES.wrongCode);
      case 'opened': {
        const { id, name, role } = session.member;
        return Response.json({
          token: result.token,
          expiresAt: result.expiresAt.toISOString(),
          member: { id, name, role },
        });
      }
    }
  });
}
