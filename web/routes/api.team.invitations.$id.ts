// DELETE /api/team/invitations/:id (an owner's team token): withdraws an open invitation; its link
// then opens nothing.
import type { Route } from './+types/api.team.invitations.$id';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { authorizedAction, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import { authorizeOwner, revokeInvitation } from '~/server/team/team.server';
import { z } from 'zod';

export const loader = () => methodNotAllowed('DELETE');

export function action({ request, params }: Route.ActionArgs) {
  return authorizedAction(request, ['DELETE'], authorizeOwner, async ({ member: owner }) => {
    const id = z.guid().safeParse(params.id);
    if (!id.success || !(await revokeInvitation(id.data, owner)))
      return problemResponse(fail('not-found', TEAM_API_MESSAGES.invitationNotFound));
    return new Response(null, { status: 204 });
  });
}
