// POST /api/revalidate: Sanity's webhook after a publish. The signature is checked; then the change
// is announced to every instance, each of which loads the content and renders its pages again if
// the content differs from what it serves.
import { z } from 'zod';
import type { Route } from './+types/api.revalidate';
import { getConfig } from '~/server/config.server';
import { handleApi, jsonError, methodNotAllowed, readText, problemResponse } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import { announceContentChange, SIGNATURE_HEADER, verifySanityWebhook } from '~/server/serving/serving.server';

const MAX_BODY = 1024 * 1024;

/** What the log says about the publish: the document's type and id when the projection has them. */
const published = z.object({ _type: z.string().max(100).optional(), _id: z.string().max(200).optional() });

function describe(body: string) {
  try {
    const parsed = published.safeParse(JSON.parse(body));
    return parsed.success ? [parsed.data._type, parsed.data._id].filter(Boolean).join(' ') || undefined : undefined;
  } catch {
    return undefined;
  }
}

export const loader = () => methodNotAllowed('POST');

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  return handleApi(async () => {
    const secret = getConfig().sanity.webhookSecret;
    if (!secret) return jsonError(503, 'Revalidation is not configured (SANITY_WEBHOOK_SECRET is not set).');
    const body = await readText(request, { limit: MAX_BODY, messages: { tooLarge: 'Payload too large' } });
    if (!verifySanityWebhook(body, request.headers.get(SIGNATURE_HEADER), secret)) {
      return problemResponse(fail('unauthenticated', 'Invalid signature'));
    }
    await announceContentChange('webhook', describe(body));
    return Response.json({ accepted: true });
  });
}
