// POST /api/access: the mentee/mentor code → {valid} and, when right, the access grant cookie
// (see docs/api.md).
import type { Route } from './+types/api.access';
import { checkAccessCode } from '~/server/access/access.server';
import type { AccessAnswer } from '~/lib/access';
import {
  clientAddressContext,
  handleApi,
  jsonError,
  methodNotAllowed,
  problemInit,
  readJson,
} from '~/server/http/http.server';

export const loader = () => methodNotAllowed('POST');

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  return handleApi(async () => {
    const { code } = await readJson(request, { limit: 1024 });
    if (typeof code !== 'string' || code.length > 64) return jsonError(400, 'Expected {"code": "<5 characters>"}');
    const result = await checkAccessCode(code, context.get(clientAddressContext));
    // A refusal answers in the same {valid, error} shape as a wrong code (docs/api.md).
    if (!result.ok)
      return Response.json({ valid: false, error: result.message } satisfies AccessAnswer, problemInit(result));
    const { answer, setCookie } = result.value;
    return Response.json(answer, { status: 200, headers: setCookie ? { 'Set-Cookie': setCookie } : {} });
  });
}
