// GET /api/team/activity (an owner's team token): who did what, newest first; `?from&to`
// (YYYY-MM-DD, Berlin days; default the last 30 days).
import type { Route } from './+types/api.team.activity';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { reportRange } from '~/server/insights/insights.server';
import { authorized, closeConnection, jsonError, methodNotAllowed } from '~/server/http/http.server';
import { listActivity, authorizeOwner } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeOwner, async () => {
    const params = new URL(request.url).searchParams;
    const range = reportRange({ from: params.get('from'), to: params.get('to') });
    if (!range) return jsonError(400, TEAM_API_MESSAGES.invalidRange);
    return Response.json({ ...range, events: await listActivity(range.from, range.to) });
  });
}

export const action = () => closeConnection(methodNotAllowed('GET'));
