// POST /api/access: the mentee/mentor code → {valid} and, when right, the access grant cookie
// (see docs/api.md).
import type { Route } from './+types/api.access';
import { checkAccessCode } from '~/server/access/access.server';
import { accessCodeInput, type AccessAnswer } from '~/lib/access';
import {
  clientAddressContext,
  handleApi,
  methodNotAllowed,
  problemInit,
  problemResponse,
  readInput,
} from '~/server/http/http.server';

export const loader = () => methodNotAllowed('POST');

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  return handleApi(async () => {
    const input = await readInput(request, accessCodeInput, { limit: 1024 });
    if (!input.ok) return problemResponse(input);
    const result = await checkAccessCode(input.value.code, context.get(clientAddressContext));
    // A refusal answers in the same {valid, error} shape as a wrong code (docs/api.md).
    if (!result.ok)
      return Response.json({ valid: false, error: result.message } satisfies AccessAnswer, problemInit(result));
    const { answer, setCookie } = result.value;
    return Response.json(answer, { status: 200, headers: setCookie ? { 'Set-Cookie': setCookie } : {} });
  });
}
