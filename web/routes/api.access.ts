// POST /api/access: the mentee/mentor code → {valid} and, when right, the access grant cookie
// (see README "HTTP API").
import type { Route } from './+types/api.access';
import { checkAccessCode, grantCookie } from '~/server/access/access-codes.server';
import { handleApi, json, jsonError, methodNotAllowed, readJson } from '~/server/http/http.server';
import { clientAddressContext } from '~/server/http/request-context.server';

export const loader = () => methodNotAllowed('POST');

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  return handleApi(async () => {
    const { code } = await readJson(request, { limit: 1024 });
    if (typeof code !== 'string' || code.length > 64) return jsonError(400, 'Expected {"code": "<5 characters>"}');
    const result = await checkAccessCode(code, context.get(clientAddressContext));
    if (result.status === 429) return json(result.answer, 429, { 'Retry-After': String(result.retryAfter) });
    return json(result.answer, 200, result.grant ? { 'Set-Cookie': grantCookie(result.grant) } : {});
  });
}
