// GET /api/applications (team token): the list, filtered by ?type=, ?status=, ?q=, newest first.
// POST /api/applications (access grant): a new application from the form.
import type { Route } from './+types/api.applications';
import { submitApplicationRequest } from '~/server/applications/form.server';
import { filterFromQuery } from '~/server/applications/filter.server';
import { handleApi, json, methodNotAllowed } from '~/server/http/http.server';
import { listApplications } from '~/server/applications/store.server';
import { requireTeam } from '~/server/access/team-session.server';

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireTeam(request);
    return json({ applications: await listApplications(filterFromQuery(request)) });
  });
}

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  return handleApi(() => submitApplicationRequest(request, context));
}
