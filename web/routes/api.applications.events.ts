// GET /api/applications/events (team token in the Authorization header; never in the URL, where it
// would end up in logs): Server-Sent Events of the applications, see web/server/applications/events.server.ts.
import type { Route } from './+types/api.applications.events';
import { authorized, methodNotAllowed, parseLastEventId, unwrap } from '~/server/http/http.server';
import { applicationEventStream, filterFromQuery } from '~/server/applications/applications.server';
import { getConfig } from '~/server/config.server';
import { authorizeTeam, watchSession } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async ({ sessionId }) => {
    const body = applicationEventStream({
      filter: unwrap(filterFromQuery(request)),
      lastEventId: parseLastEventId(request.headers.get('last-event-id')),
      request,
      // The stream ends within seconds of its member's session (sign-out, removal, idle timeout).
      until: watchSession(sessionId, request.signal),
      heartbeatMs: getConfig().eventsHeartbeatMs,
    });
    return new Response(body, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        // Reverse proxies (nginx) would otherwise buffer the stream.
        'X-Accel-Buffering': 'no',
      },
    });
  });
}

export const action = () => methodNotAllowed('GET');
