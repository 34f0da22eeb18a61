// GET /api/preview/enable: the Studio's Presentation tool opens this with its preview secret; a
// valid one gets the preview cookie and a redirect to the requested page (see docs/api.md).
import type { Route } from './+types/api.preview.enable';
import { clientAddressContext, handleApi, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { enablePreview } from '~/server/preview/preview.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const result = await enablePreview(new URL(request.url), context.get(clientAddressContext));
    if (!result.ok) return problemResponse(result);
    const { location, setCookie } = result.value;
    return new Response(null, { status: 307, headers: { Location: location, 'Set-Cookie': setCookie } });
  });
}

export const action = () => methodNotAllowed('GET');
