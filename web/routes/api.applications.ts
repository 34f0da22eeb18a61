// GET /api/applications (team token): the list, filtered by ?type=, ?status=, ?q=, newest first.
// POST /api/applications (access grant): a new application from the form.
import type { Route } from './+types/api.applications';
import { filterFromQuery, listApplications, submitApplicationRequest } from '~/server/applications/applications.server';
import { handleApi, methodNotAllowed } from '~/server/http/http.server';
import { requireTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireTeam(request);
    return Response.json({ applications: await listApplications(filterFromQuery(request)) });
  });
}

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  return handleApi(() => submitApplicationRequest(request, context));
}
