// /api/auth/*: Better Auth's endpoints (sign-up, sign-in, verification, reset, sessions, deletion).
import type { Route } from './+types/api.auth.$';
import { handleAuthRequest } from '~/server/accounts/accounts.server';
import { handleApi } from '~/server/http/http.server';

function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  return handleApi(async () => {
    const response = await handleAuthRequest(request, context);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  });
}

export const loader = handle;
export const action = handle;
