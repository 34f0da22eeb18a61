// GET /api/applications (team token): the list, filtered by ?type=, ?status=, ?q=, newest first.
// POST /api/applications (access grant): a new application from the form.
import type { Route } from './+types/api.applications';
import { submitApplicationRequest } from '~/server/application-form.server';
import { filterFromQuery } from '~/server/application-filter.server';
import { handleApi, json, methodNotAllowed } from '~/server/http.server';
import { listApplications } from '~/server/applications.server';
import { requireTeam } from '~/server/team-session.server';

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
