// POST /api/team/session: a signed-in team member (session cookie, second factor done) enters the
// 4-digit code → a token bound to that session (see docs/api.md). Without a member's session the
// code is not even compared.
import type { Route } from './+types/api.team.session';
import { TEAM_SESSION_MESSAGES } from '~/copy/dashboard';
import {
  closeConnection,
  fromOwnOrigin,
  handleApi,
  jsonError,
  methodNotAllowed,
  problemResponse,
  readJson,
} from '~/server/http/http.server';
import { getConfig } from '~/server/config.server';
import { openTeamToken, teamSessionOf } from '~/server/team/team.server';

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
    if (!result.ok) return problemResponse(result);
    const { id, name, role } = session.member;
    return Response.json({
      token: result.value.token,
      expiresAt: result.value.expiresAt.toISOString(),
      member: { id, name, role },
    });
  });
}
