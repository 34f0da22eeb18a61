// GET /api/insights (team token): the figures of a range of Berlin days (`?from=&to=`, default the
// last 30): visitors and page views per day, the previous period, referrers, campaigns, devices
// and the funnel. See docs/api.md.
import type { Route } from './+types/api.insights';
import { authorized, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import { requestedReport } from '~/server/insights/insights.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    const report = await requestedReport(request);
    return report
      ? Response.json(report)
      : problemResponse(fail('invalid', 'Invalid range', { fields: { from: 'Invalid range', to: 'Invalid range' } }));
  });
}

export const action = () => methodNotAllowed('GET');
