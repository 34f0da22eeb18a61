// POST /api/revalidate: Sanity's webhook after a publish. The signature is checked; then the server
// re-renders the prerendered pages from fresh content without a restart.
import type { Route } from './+types/api.revalidate';
import { getConfig } from '~/server/config.server';
import { handleApi, jsonError, methodNotAllowed, readText } from '~/server/http/http.server';
import { revalidatePrerenderedPages, SIGNATURE_HEADER, verifySanityWebhook } from '~/server/serving/serving.server';

const MAX_BODY = 1024 * 1024;

export const loader = () => methodNotAllowed('POST');

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  return handleApi(async () => {
    const secret = getConfig().sanity.webhookSecret;
    if (!secret) return jsonError(503, 'Revalidation is not configured (SANITY_WEBHOOK_SECRET is not set).');
    const body = await readText(request, { limit: MAX_BODY, messages: { tooLarge: 'Payload too large' } });
    if (!verifySanityWebhook(body, request.headers.get(SIGNATURE_HEADER), secret)) {
      return jsonError(401, 'Invalid signature');
    }
    try {
      const result = await revalidatePrerenderedPages();
      console.log(
        `Revalidated ${result.paths.join(', ') || '(no prerendered pages)'} from ${result.source} content in ${result.ms} ms`,
      );
      return Response.json({ revalidated: result.paths, source: result.source, ms: result.ms });
    } catch (error) {
      console.error('Revalidation failed; the previous pages stay online:', error);
      return jsonError(500, `Revalidation failed: ${(error as Error).message}`);
    }
  });
}
