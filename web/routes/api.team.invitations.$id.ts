// DELETE /api/team/invitations/:id (an owner's team token): withdraws an open invitation; its link
// then opens nothing.
import type { Route } from './+types/api.team.invitations.$id';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { closeConnection, handleApi, jsonError, methodNotAllowed } from '~/server/http/http.server';
import { requireOwner, revokeInvitation } from '~/server/team/team.server';
import { z } from 'zod';

export const loader = () => closeConnection(methodNotAllowed('DELETE'));

export function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return closeConnection(methodNotAllowed('DELETE'));
  return handleApi(async () => {
    const { member: owner } = await requireOwner(request);
    const id = z.guid().safeParse(params.id);
    if (!id.success || !(await revokeInvitation(id.data, owner)))
      return jsonError(404, TEAM_API_MESSAGES.invitationNotFound);
    return new Response(null, { status: 204 });
  });
}
