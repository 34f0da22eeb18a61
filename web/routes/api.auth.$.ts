// /api/auth/*: Better Auth's endpoints (sign-up, sign-in, verification, reset, sessions, deletion).
import type { Route } from './+types/api.auth.$';
import { handleAuthRequest } from '~/server/auth.server';
import { handleApi, jsonError } from '~/server/http.server';

// Better Auth's bodies are a few fields; anything much larger is refused before it is read.
const BODY_LIMIT = 16 * 1024;

function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  return handleApi(async () => {
    if (Number(request.headers.get('content-length') ?? 0) > BODY_LIMIT)
      return jsonError(413, 'Request body too large');
    const response = await handleAuthRequest(request, context);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  });
}

export const loader = handle;
export const action = handle;
