// POST /api/signups (anyone) and GET /api/signups (team token, newest first, `?limit=&offset=`
// pages, `total` counts all): see docs/api.md.
import type { Route } from './+types/api.signups';
import { SIGNUP_API_MESSAGES } from '~/copy/signup';
import {
  authorized,
  clientAddressContext,
  fromOwnOrigin,
  handleApi,
  hasMediaType,
  jsonError,
  methodNotAllowed,
  problemResponse,
  readJson,
} from '~/server/http/http.server';
import { getConfig } from '~/server/config.server';
import { listSignupsPage, signupPageQuery, submitSignup } from '~/server/signups/signups.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    const page = signupPageQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!page.success) return jsonError(400, 'Invalid paging', { fields: page.error.issues.map((i) => i.path[0]) });
    return Response.json(await listSignupsPage(page.data));
  });
}

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  return handleApi(async () => {
    // A signup can mail an address of the sender's choice: another site's page must not be able
    // to post one (a form or a text/plain fetch needs no CORS preflight; JSON does).
    if (!fromOwnOrigin(request, getConfig().publicUrl)) return jsonError(403, SIGNUP_API_MESSAGES.forbidden);
    if (!hasMediaType(request, 'application/json')) return jsonError(415, SIGNUP_API_MESSAGES.unsupported);
    const body = await readJson(request, {
      messages: { tooLarge: SIGNUP_API_MESSAGES.tooLarge, invalid: SIGNUP_API_MESSAGES.invalid },
    });
    const result = await submitSignup(body, context.get(clientAddressContext));
    if (!result.ok) return problemResponse(result);
    const signup = result.value;
    if (!signup.created) return Response.json({ id: signup.id }, { status: 200 });
    return Response.json({ id: signup.record.id, data: signup.record }, { status: 201 });
  });
}
