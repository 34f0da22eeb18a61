// GET /api/signups/stats (team token): counts per type, the newsletter's double opt-in, and signups
// per ISO week split by type (the dashboard's chart).
import type { Route } from './+types/api.signups.stats';
import { authorized, methodNotAllowed } from '~/server/http/http.server';
import { signupStats } from '~/server/signups/signups.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    return Response.json(await signupStats());
  });
}

export const action = () => methodNotAllowed('GET');
