// POST /api/team/session: a signed-in team member (session cookie, second factor done) enters the
// 4-digit code → a token bound to that session (see docs/api.md). Without a member's session the
// code is not even compared. GET with the token: the session it belongs to (the dashboard asks it
// to report the member's activity when no other request did).
import type { Route } from './+types/api.team.session';
import { TEAM_SESSION_MESSAGES } from '~/copy/dashboard';
import {
  authorized,
  foreignOrigin,
  handleApi,
  methodNotAllowed,
  problemResponse,
  readInput,
} from '~/server/http/http.server';
import { teamCodeInput } from '~/lib/team';
import { fail } from '~/server/result.server';
import { authorizeTeam, openTeamToken, teamSessionOf } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async ({ member: { id, name, role }, endsAt }) =>
    Response.json({ member: { id, name, role }, expiresAt: endsAt.toISOString() }),
  );
}

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  return handleApi(async () => {
    const foreign = foreignOrigin(request, TEAM_SESSION_MESSAGES.foreignOrigin);
    if (foreign) return problemResponse(foreign);
    const session = await teamSessionOf(request);
    if (!session) return problemResponse(fail('unauthenticated', TEAM_SESSION_MESSAGES.signInRequired));
    const input = await readInput(request, teamCodeInput, { limit: 1024 });
    if (!input.ok) return problemResponse(input);
    const result = await openTeamToken(session, input.value.code);
    // A wrong code says how many tries are left before the 15-minute lock.
    if (!result.ok) return problemResponse(result, { body: { triesLeft: result.triesLeft } });
    const { id, name, role } = session.member;
    return Response.json({
      token: result.value.token,
      expiresAt: result.value.expiresAt.toISOString(),
      member: { id, name, role },
    });
  });
}
