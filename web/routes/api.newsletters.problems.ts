// GET /api/newsletters/problems (any member's team token): the published newsletters that cannot be
// sent, each with its problems in the founder's (German) words, so that the dashboard says why
// before anyone tries. See docs/api.md.
import type { Route } from './+types/api.newsletters.problems';
import { authorized, methodNotAllowed } from '~/server/http/http.server';
import { newsletterProblems } from '~/server/newsletter/newsletter.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => Response.json({ newsletters: await newsletterProblems() }));
}

export const action = () => methodNotAllowed('GET');
