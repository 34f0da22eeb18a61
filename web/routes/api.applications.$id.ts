// PATCH /api/applications/:id (team token): `{status, version?}` sets the status; a stale version
// → 409 with the current record, so the dashboard shows what someone else decided. The change
// carries the member's name (record, history, activity log).
import type { Route } from './+types/api.applications.$id';
import { APPLICATION_API_MESSAGES } from '~/copy/dashboard';
import { applicationId, statusChangeInput } from '~/lib/applications';
import { authorizedAction, methodNotAllowed, problemResponse, readInput } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import { setApplicationStatus } from '~/server/applications/applications.server';
import { recordActivity, authorizeTeam } from '~/server/team/team.server';

export const loader = () => methodNotAllowed('PATCH');

export function action({ request, params }: Route.ActionArgs) {
  return authorizedAction(request, ['PATCH'], authorizeTeam, async ({ member }) => {
    const input = await readInput(request, statusChangeInput, {
      summary: () => APPLICATION_API_MESSAGES.invalid,
      messages: { invalid: APPLICATION_API_MESSAGES.invalid },
    });
    const id = applicationId.safeParse(params.id);
    if (!id.success) return problemResponse(fail('not-found', APPLICATION_API_MESSAGES.notFound));
    if (!input.ok) return problemResponse(input);
    const change = await setApplicationStatus(id.data, input.value.status, {
      expectedVersion: input.value.version,
      by: member,
      // Recorded with the change, in its transaction: no change without its name.
      withinTransaction: (tx, { from, application, undo }) =>
        recordActivity(
          {
            action: 'status-changed',
            member,
            target: application.id,
            detail: { from, to: application.status, ...(undo ? { undo: true } : {}) },
          },
          tx,
        ),
    });
    // A conflict answers the stored record too, for the dashboard to show it.
    if (!change.ok) return problemResponse(change, { body: change.current ? { application: change.current } : {} });
    return Response.json({ success: true, application: change.value.application });
  });
}
