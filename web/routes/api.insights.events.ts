// POST /api/insights/events (anyone: the page's beacon): one page view or funnel step, answered 204
// once counted (or not counted: bots, prefetches, Sec-GPC and DNT). See docs/api.md. A production
// server answers it through the action's lean form (the direct transport, decision 008: no Fetch
// Request for a spike of page views); the action answers the same in development and in tests.
import type { Route } from './+types/api.insights.events';
import { INSIGHTS_LIMITS } from '~/lib/insights';
import { withDirect } from '~/server/app/app.server';
import {
  clientAddressContext,
  handleApi,
  methodNotAllowed,
  type HeaderReader,
  problemResponse,
  readText,
} from '~/server/http/http.server';
import { acceptBeacon } from '~/server/insights/insights.server';

/** Counts the beacon (or not) and says so: 204, or 400 for what is not a beacon. */
async function answer(text: string, header: HeaderReader, address: string, host: string | undefined) {
  const result = await acceptBeacon(text, header, address, host);
  return result.ok ? new Response(null, { status: 204 }) : problemResponse(result);
}

function beaconAction({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  return handleApi(async () =>
    answer(
      await readText(request, { limit: INSIGHTS_LIMITS.body }),
      (name) => request.headers.get(name),
      context.get(clientAddressContext),
      new URL(request.url).host,
    ),
  );
}

/** The action, and its lean form that a production server's direct transport calls (same answers). */
export const action = withDirect(
  beaconAction,
  ({ body, header, host, context }) =>
    handleApi(async () => answer(body.toString('utf8'), header, context.get(clientAddressContext), host)),
  { limit: INSIGHTS_LIMITS.body },
);

export const loader = () => methodNotAllowed('POST');
