// GET /api/newsletters (team token): every newsletter of the Studio and every one sent, newest
// first, with its status and live figures across every instance (the dashboard polls it while one
// is being sent). See docs/api.md.
import type { Route } from './+types/api.newsletters';
import { authorized, methodNotAllowed } from '~/server/http/http.server';
import { listNewsletters } from '~/server/newsletter/newsletter.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => Response.json({ newsletters: await listNewsletters() }));
}

export const action = () => methodNotAllowed('GET');
