// DELETE /api/team/members/:id/second-factor (an owner's team token): for a member who lost their
// authenticator: their sessions end, the factor is removed, and the answer is a new invitation
// link `{url}` with their role that sets up a new one (their password stays).
import type { Route } from './+types/api.team.members.$id.second-factor';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { closeConnection, handleApi, jsonError, methodNotAllowed } from '~/server/http/http.server';
import { requireOwner, resetSecondFactor } from '~/server/team/team.server';

export const loader = () => closeConnection(methodNotAllowed('DELETE'));

export function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return closeConnection(methodNotAllowed('DELETE'));
  return handleApi(async () => {
    const { member: owner } = await requireOwner(request);
    const reset = await resetSecondFactor(params.id.slice(0, 100), owner);
    if (reset.kind === 'not-found') return jsonError(404, TEAM_API_MESSAGES.memberNotFound);
    return Response.json({ url: reset.url });
  });
}
