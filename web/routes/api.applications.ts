// GET /api/applications (team token): the list, filtered by ?type=, ?status=, ?q=, newest first.
// POST /api/applications (access grant): a new application from the form.
import type { Route } from './+types/api.applications';
import { applicationFilter } from '~/lib/applications';
import { submitApplicationRequest } from '~/server/application-form.server';
import { handleApi, json, jsonError, methodNotAllowed } from '~/server/http.server';
import { listApplications } from '~/server/applications.server';
import { requireTeam } from '~/server/team-session.server';

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireTeam(request);
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const filter = applicationFilter.safeParse(query);
    if (!filter.success) return jsonError(400, 'Invalid filter', { fields: filter.error.issues.map((i) => i.path[0]) });
    return json({ applications: await listApplications(filter.data) });
  });
}

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  return handleApi(() => submitApplicationRequest(request, context));
}
