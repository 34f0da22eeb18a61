// DELETE /api/team/invitations/:id (an owner's team token): withdraws an open invitation; its link
// then opens nothing.
import type { Route } from './+types/api.team.invitations.$id';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { authorizedAction, closeConnection, jsonError, methodNotAllowed } from '~/server/http/http.server';
import { authorizeOwner, revokeInvitation } from '~/server/team/team.server';
import { z } from 'zod';

export const loader = () => closeConnection(methodNotAllowed('DELETE'));

export function action({ request, params }: Route.ActionArgs) {
  return authorizedAction(request, ['DELETE'], authorizeOwner, async ({ member: owner }) => {
    const id = z.guid().safeParse(params.id);
    if (!id.success || !(await revokeInvitation(id.data, owner)))
      return jsonError(404, TEAM_API_MESSAGES.invitationNotFound);
    return new Response(null, { status: 204 });
  });
}
