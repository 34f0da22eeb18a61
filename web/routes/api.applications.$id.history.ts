// GET /api/applications/:id/history (team token): every status the application had, oldest first,
// its creation first (`from: null`).
import type { Route } from './+types/api.applications.$id.history';
import { APPLICATION_API_MESSAGES } from '~/copy/dashboard';
import { applicationId } from '~/lib/applications';
import { authorized, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import { getApplicationHistory } from '~/server/applications/applications.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request, params }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    const id = applicationId.safeParse(params.id);
    const history = id.success ? await getApplicationHistory(id.data) : undefined;
    if (!history) return problemResponse(fail('not-found', APPLICATION_API_MESSAGES.notFound));
    return Response.json({ history });
  });
}

export const action = () => methodNotAllowed('GET');
