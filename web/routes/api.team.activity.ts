// GET /api/team/activity (an owner's team token): who did what, newest first; `?from&to`
// (YYYY-MM-DD, Berlin days; default the last 30 days). An action done to an application names its
// applicant while the application exists.
import type { Route } from './+types/api.team.activity';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { reportRange } from '~/server/insights/insights.server';
import { authorized, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import { listActivity, authorizeOwner } from '~/server/team/team.server';
import { applicantNames } from '~/server/applications/applications.server';
import { APPLICATION_ACTIVITY } from '~/lib/team';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeOwner, async () => {
    const params = new URL(request.url).searchParams;
    const range = reportRange({ from: params.get('from'), to: params.get('to') });
    if (!range)
      return problemResponse(
        fail('invalid', TEAM_API_MESSAGES.invalidRange, {
          fields: { from: TEAM_API_MESSAGES.invalidRange, to: TEAM_API_MESSAGES.invalidRange },
        }),
      );
    const events = await listActivity(range.from, range.to);
    const onApplication = (action: (typeof events)[number]['action']) => APPLICATION_ACTIVITY.includes(action);
    const names = await applicantNames(events.flatMap((e) => (onApplication(e.action) && e.target ? [e.target] : [])));
    return Response.json({
      ...range,
      events: events.map((e) =>
        onApplication(e.action) && e.target
          ? { ...e, application: { id: e.target, name: names.get(e.target) ?? null } }
          : e,
      ),
    });
  });
}

export const action = () => methodNotAllowed('GET');
