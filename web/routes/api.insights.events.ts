// POST /api/insights/events (anyone: the page's beacon): one page view or funnel step, answered 204
// once counted (or not counted: bots, prefetches, Sec-GPC and DNT). See docs/api.md.
import type { Route } from './+types/api.insights.events';
import { INSIGHTS_LIMITS } from '~/lib/insights';
import {
  clientAddressContext,
  closeConnection,
  handleApi,
  jsonError,
  methodNotAllowed,
  readText,
} from '~/server/http/http.server';
import { acceptBeacon } from '~/server/insights/insights.server';

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return closeConnection(methodNotAllowed('POST'));
  return handleApi(async () => {
    const text = await readText(request, { limit: INSIGHTS_LIMITS.body });
    const status = await acceptBeacon(
      text,
      (name) => request.headers.get(name),
      context.get(clientAddressContext),
      new URL(request.url).host,
    );
    return status === 400 ? jsonError(400, 'Invalid beacon') : new Response(null, { status: 204 });
  });
}

export const loader = () => closeConnection(methodNotAllowed('POST'));
