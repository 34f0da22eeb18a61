// /api/auth/*: Better Auth's endpoints (sign-up, sign-in with the second factor, verification,
// reset, sessions, deletion). The team records its members' sign-ins from the answers, and a former
// member's deleted account.
import type { Route } from './+types/api.auth.$';
import { authPath, getSession, handleAuthRequest } from '~/server/accounts/accounts.server';
import { handleApi, readText } from '~/server/http/http.server';
import { observeSignIn, recordAccountDeletion } from '~/server/team/team.server';

function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  return handleApi(async () => {
    const leaving =
      request.method === 'POST' && authPath(request.url) === '/delete-user' ? await getSession(request) : null;
    // Better Auth's bodies are a few fields: one over 16 KB is refused (413) before it reads one.
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const body = hasBody ? await readText(request) : undefined;
    const response = await handleAuthRequest(request, body, context, observeSignIn);
    if (leaving && response.ok) await recordAccountDeletion(leaving.user);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  });
}

export const loader = handle;
export const action = handle;
