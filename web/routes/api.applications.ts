// GET /api/applications (team token): the list, filtered by ?type=, ?status=, ?q=, newest first.
// POST /api/applications (access grant): a new application from the form.
import { redirect } from 'react-router';
import type { Route } from './+types/api.applications';
import { APPLICATION_MESSAGES } from '~/copy/access';
import { readGrant } from '~/server/access/access.server';
import {
  filterFromQuery,
  listApplications,
  APPLICATION_INPUT,
  submitApplication,
  THANK_YOU_PATH,
} from '~/server/applications/applications.server';
import {
  authorized,
  clientAddressContext,
  handleApi,
  hasMediaType,
  methodNotAllowed,
  problemResponse,
  readInput,
  unwrap,
} from '~/server/http/http.server';
import { applicationInput } from '~/lib/application-form';
import { fail } from '~/server/result.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    return Response.json({ applications: await listApplications(unwrap(filterFromQuery(request))) });
  });
}

/** 401 without a grant (before the body is read); JSON → 201 {id}, a plain form post → 303 to the thank-you page. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  return handleApi(async () => {
    const grant = await readGrant(request);
    // The body is left unread: the connection must not be reused for the client's next request.
    if (grant.state !== 'valid') return problemResponse(fail('unauthenticated', APPLICATION_MESSAGES.noGrant));
    const input = await readInput(request, applicationInput, APPLICATION_INPUT);
    if (!input.ok) return problemResponse(input);
    const sender = { grantId: grant.id, clientAddress: context.get(clientAddressContext) };
    const result = await submitApplication(input.value, sender);
    if (!result.ok) return problemResponse(result);
    if (hasMediaType(request, 'application/x-www-form-urlencoded')) return redirect(THANK_YOU_PATH, 303);
    return Response.json({ id: result.value.id }, { status: 201 });
  });
}
