// GET /api/team/members (an owner's team token): the members and the open invitations.
import type { Route } from './+types/api.team.members';
import { closeConnection, handleApi, methodNotAllowed } from '~/server/http/http.server';
import { listMembers, openInvitations, requireOwner } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireOwner(request);
    return Response.json({ members: await listMembers(), invitations: await openInvitations() });
  });
}

export const action = () => closeConnection(methodNotAllowed('GET'));
