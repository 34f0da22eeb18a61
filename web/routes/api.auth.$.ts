// /api/auth/*: Better Auth's endpoints (sign-up, sign-in with the second factor, verification,
// reset, sessions, deletion). The team records its members' sign-ins from the answers.
import type { Route } from './+types/api.auth.$';
import { handleAuthRequest } from '~/server/accounts/accounts.server';
import { handleApi } from '~/server/http/http.server';
import { observeSignIn } from '~/server/team/team.server';

function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  return handleApi(async () => {
    const response = await handleAuthRequest(request, context, observeSignIn);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  });
}

export const loader = handle;
export const action = handle;
