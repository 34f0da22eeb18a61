// POST /api/revalidate: Sanity's webhook after a publish. Verified with SANITY_WEBHOOK_SECRET;
// re-renders the prerendered pages from fresh content without a restart.
import type { Route } from './+types/api.revalidate';
import { getConfig } from '~/server/config.server';
import { revalidatePrerenderedPages, SIGNATURE_HEADER, verifySanityWebhook } from '~/server/serving/revalidate.server';

const MAX_BODY = 1024 * 1024;
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

export function loader() {
  return json({ error: 'Method not allowed' }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  const secret = getConfig().sanity.webhookSecret;
  if (!secret) return json({ error: 'Revalidation is not configured (SANITY_WEBHOOK_SECRET is not set).' }, 503);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) return json({ error: 'Payload too large' }, 413);
  const body = await request.text();
  if (body.length > MAX_BODY) return json({ error: 'Payload too large' }, 413);
  if (!verifySanityWebhook(body, request.headers.get(SIGNATURE_HEADER), secret))
    return json({ error: 'Invalid signature' }, 401);
  try {
    const result = await revalidatePrerenderedPages();
    console.log(
      `Revalidated ${result.paths.join(', ') || '(no prerendered pages)'} from ${result.source} content in ${result.ms} ms`,
    );
    return json({ revalidated: result.paths, source: result.source, ms: result.ms });
  } catch (error) {
    console.error('Revalidation failed; the previous pages stay online:', error);
    return json({ error: `Revalidation failed: ${(error as Error).message}` }, 500);
  }
}
