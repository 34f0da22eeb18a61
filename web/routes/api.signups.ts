// POST /api/signups (anyone) and GET /api/signups (team token, newest first, `?limit=&offset=`
// pages, `total` counts all): see docs/api.md.
import type { Route } from './+types/api.signups';
import { SIGNUP_API_MESSAGES } from '~/copy/signup';
import {
  authorized,
  clientAddressContext,
  foreignOrigin,
  handleApi,
  methodNotAllowed,
  problemResponse,
  readInput,
} from '~/server/http/http.server';
import { checkInput } from '~/lib/input';
import { signupInput, signupSummary } from '~/lib/signup';
import { fail } from '~/server/result.server';
import { listSignupsPage, signupPageQuery, submitSignup } from '~/server/signups/signups.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    const page = checkInput(signupPageQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!page.ok) return problemResponse(fail('invalid', 'Invalid paging', { fields: page.fields }));
    return Response.json(await listSignupsPage(page.value));
  });
}

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  return handleApi(async () => {
    // A signup can mail an address of the sender's choice: another site's page must not be able
    // to post one (a form or a text/plain fetch needs no CORS preflight; JSON does).
    const foreign = foreignOrigin(request, SIGNUP_API_MESSAGES.forbidden);
    if (foreign) return problemResponse(foreign);
    const input = await readInput(request, signupInput, {
      jsonOnly: true,
      summary: signupSummary,
      messages: SIGNUP_API_MESSAGES,
    });
    if (!input.ok) return problemResponse(input);
    const result = await submitSignup(input.value, context.get(clientAddressContext));
    if (!result.ok) return problemResponse(result);
    const signup = result.value;
    if (!signup.created) return Response.json({ id: signup.id }, { status: 200 });
    return Response.json({ id: signup.record.id, data: signup.record }, { status: 201 });
  });
}
