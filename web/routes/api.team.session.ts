// POST /api/team/session: the team code → a signed, expiring token (see docs/api.md).
import type { Route } from './+types/api.team.session';
import { clientAddressContext, handleApi, jsonError, methodNotAllowed, readJson } from '~/server/http/http.server';
import { openTeamSession } from '~/server/access/access.server';

export const loader = () => methodNotAllowed('POST');

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  return handleApi(async () => {
    const { code } = await readJson(request, { limit: 1024 });
    if (typeof code !== 'string' || code.length > 64) return jsonError(400, 'Expected {"code": "<4 digits>"}');
    const result = await openTeamSession(code, context.get(clientAddressContext));
    if (!result.ok) {
      const headers: HeadersInit = result.retryAfter ? { 'Retry-After': String(result.retryAfter) } : {};
      return jsonError(result.status, result.error, {}, headers);
    }
    return Response.json({ token: result.token, expiresAt: result.expiresAt.toISOString() });
  });
}
