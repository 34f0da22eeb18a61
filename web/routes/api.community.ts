// GET /api/community (team token): the stable links with their QR codes, and the pool of WhatsApp
// groups with each group's counted clicks, capacity, and which one each link leads to now.
import type { Route } from './+types/api.community';
import { communityOverview } from '~/server/community/community.server';
import { authorized, methodNotAllowed } from '~/server/http/http.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    return Response.json(await communityOverview());
  });
}

export const action = () => methodNotAllowed('GET');
