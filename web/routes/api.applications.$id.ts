// PATCH /api/applications/:id (team token): `{status, version?}` sets the status; a stale version
// → 409 with the current record, so the dashboard shows what someone else decided. The change
// carries the member's name (record, history, activity log).
import type { Route } from './+types/api.applications.$id';
import { APPLICATION_API_MESSAGES } from '~/copy/dashboard';
import { applicationId, statusChangeInput } from '~/lib/applications';
import {
  authorizedAction,
  closeConnection,
  jsonError,
  methodNotAllowed,
  problemResponse,
  readJson,
} from '~/server/http/http.server';
import { setApplicationStatus } from '~/server/applications/applications.server';
import { recordActivity, authorizeTeam } from '~/server/team/team.server';

export const loader = () => closeConnection(methodNotAllowed('PATCH'));

export function action({ request, params }: Route.ActionArgs) {
  return authorizedAction(request, ['PATCH'], authorizeTeam, async ({ member }) => {
    const body = await readJson(request, { messages: { invalid: APPLICATION_API_MESSAGES.invalid } });
    const id = applicationId.safeParse(params.id);
    if (!id.success) return jsonError(404, APPLICATION_API_MESSAGES.notFound);
    const input = statusChangeInput.safeParse(body);
    if (!input.success) {
      return jsonError(400, APPLICATION_API_MESSAGES.invalid, { fields: input.error.issues.map((i) => i.path[0]) });
    }
    const change = await setApplicationStatus(id.data, input.data.status, {
      expectedVersion: input.data.version,
      by: member,
      // Recorded with the change, in its transaction: no change without its name.
      withinTransaction: (tx, { from, application }) =>
        recordActivity(
          { action: 'status-changed', member, target: application.id, detail: { from, to: application.status } },
          tx,
        ),
    });
    // A conflict answers the stored record too, for the dashboard to show it.
    if (!change.ok) return problemResponse(change, { body: change.current ? { application: change.current } : {} });
    return Response.json({ success: true, application: change.value.application });
  });
}
