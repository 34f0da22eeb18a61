// POST /api/access: the mentee/mentor code → {valid} and, when right, the access grant cookie
// (see docs/api.md).
import type { Route } from './+types/api.access';
import { checkAccessCode } from '~/server/access/access.server';
import { clientAddressContext, handleApi, jsonError, methodNotAllowed, readJson } from '~/server/http/http.server';

export const loader = () => methodNotAllowed('POST');

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  return handleApi(async () => {
    const { code } = await readJson(request, { limit: 1024 });
    if (typeof code !== 'string' || code.length > 64) return jsonError(400, 'Expected {"code": "<5 characters>"}');
    const result = await checkAccessCode(code, context.get(clientAddressContext));
    if (result.status === 429)
      return Response.json(result.answer, { status: 429, headers: { 'Retry-After': String(result.retryAfter) } });
    return Response.json(result.answer, {
      status: 200,
      headers: result.setCookie ? { 'Set-Cookie': result.setCookie } : {},
    });
  });
}
