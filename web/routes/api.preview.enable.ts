// GET /api/preview/enable: the Studio's Presentation tool opens this with its preview secret; a
// valid one gets the preview cookie and a redirect to the requested page (see docs/api.md).
import type { Route } from './+types/api.preview.enable';
import { clientAddressContext, handleApi, methodNotAllowed } from '~/server/http/http.server';
import { enablePreview } from '~/server/preview/preview.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(() => enablePreview(request, context.get(clientAddressContext)));
}

export const action = () => methodNotAllowed('GET');
