// PATCH /api/applications/:id (team token): `{status, version?}` sets the status; a stale version
// → 409 with the current record, so the dashboard shows what someone else decided. The change
// carries the member's name (record, history, activity log).
import type { Route } from './+types/api.applications.$id';
import { APPLICATION_API_MESSAGES } from '~/copy/dashboard';
import { applicationId, statusChangeInput } from '~/lib/applications';
import { closeConnection, handleApi, jsonError, methodNotAllowed, readJson } from '~/server/http/http.server';
import { setApplicationStatus } from '~/server/applications/applications.server';
import { recordActivity, requireTeam } from '~/server/team/team.server';

const ALLOW = 'PATCH';

export const loader = () => closeConnection(methodNotAllowed(ALLOW));

export function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'PATCH') return closeConnection(methodNotAllowed(ALLOW));
  return handleApi(async () => {
    let session;
    try {
      session = await requireTeam(request);
    } catch (error) {
      throw error instanceof Response ? closeConnection(error) : error;
    }
    const { member } = session;
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
    switch (change.kind) {
      case 'not-found':
        return jsonError(404, APPLICATION_API_MESSAGES.notFound);
      case 'conflict':
        return jsonError(409, APPLICATION_API_MESSAGES.conflict, { application: change.application });
      default:
        return Response.json({ success: true, application: change.application });
    }
  });
}
