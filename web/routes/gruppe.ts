// GET /gruppe/reiter and /gruppe/trainer: the community's stable links. A redirect (302, never
// cached) to the audience's current WhatsApp group; the click counted on the server, without a
// cookie, unless the visitor is a bot, asks not to be tracked, or has clicked 3 times this hour.
// See docs/api.md.
import type { Route } from './+types/gruppe';
import { COMMUNITY_AUDIENCES, type CommunityAudience } from '~/lib/community';
import { COMMUNITY_LINK_COPY } from '~/copy/community';
import { followGroupLink } from '~/server/community/community.server';
import { clientAddressContext, methodNotAllowed } from '~/server/http/http.server';

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const audience = url.pathname.split('/')[2] as CommunityAudience;
  if (!COMMUNITY_AUDIENCES.includes(audience)) return new Response(null, { status: 404, headers: NO_STORE });
  const result = await followGroupLink(audience, {
    method: request.method,
    params: url.searchParams,
    header: (name) => request.headers.get(name),
    client: context.get(clientAddressContext),
  });
  if (result.kind === 'redirect')
    return new Response(null, { status: 302, headers: { ...NO_STORE, Location: result.url } });
  // No active group (the Studio refuses to publish that): a German page rather than a dead end.
  return new Response(noGroupPage(), {
    status: 404,
    headers: { ...NO_STORE, 'Content-Type': 'text/html; charset=utf-8' },
  });
}

const noGroupPage = () =>
  `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${COMMUNITY_LINK_COPY.noGroupTitle}</title></head><body><main><h1>${COMMUNITY_LINK_COPY.noGroupTitle}</h1>` +
  `<p>${COMMUNITY_LINK_COPY.noGroupText}</p><p><a href="/">${COMMUNITY_LINK_COPY.home}</a></p></main></body></html>`;

export const action = () => methodNotAllowed('GET');
