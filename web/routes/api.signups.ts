// POST /api/signups (anyone) and GET /api/signups (team token, newest first, `?limit=&offset=`
// pages, `total` counts all): see docs/api.md.
import type { Route } from './+types/api.signups';
import { SIGNUP_API_MESSAGES } from '~/copy/signup';
import { clientAddressContext, handleApi, jsonError, methodNotAllowed, readJson } from '~/server/http/http.server';
import { listSignupsPage, signupPageQuery, submitSignup } from '~/server/signups/signups.server';
import { requireTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireTeam(request);
    const page = signupPageQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!page.success) return jsonError(400, 'Invalid paging', { fields: page.error.issues.map((i) => i.path[0]) });
    return Response.json(await listSignupsPage(page.data));
  });
}

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  return handleApi(async () => {
    const body = await readJson(request, {
      messages: { tooLarge: SIGNUP_API_MESSAGES.tooLarge, invalid: SIGNUP_API_MESSAGES.invalid },
    });
    const result = await submitSignup(body, context.get(clientAddressContext));
    switch (result.status) {
      case 400:
        return jsonError(400, result.error, { fields: result.fields });
      case 429:
        return jsonError(429, result.error, {}, { 'Retry-After': String(result.retryAfter) });
      default:
        return Response.json({ id: result.record.id, data: result.record }, { status: result.status });
    }
  });
}
