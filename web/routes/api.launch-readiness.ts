// GET /api/launch-readiness (team token): the placeholders the published content still holds, which
// the team dashboard lists at its top until they are replaced in the Studio.
import type { Route } from './+types/api.launch-readiness';
import { authorizeTeam } from '~/server/team/team.server';
import { publishedPlaceholders } from '~/server/content/content.server';
import { authorized, methodNotAllowed } from '~/server/http/http.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    return Response.json({ placeholders: await publishedPlaceholders() });
  });
}

export const action = () => methodNotAllowed('GET');
