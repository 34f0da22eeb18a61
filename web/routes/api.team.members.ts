// GET /api/team/members (an owner's team token): the members and the open invitations.
import type { Route } from './+types/api.team.members';
import { authorized, methodNotAllowed } from '~/server/http/http.server';
import { listMembers, openInvitations, authorizeOwner } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeOwner, async () => {
    return Response.json({ members: await listMembers(), invitations: await openInvitations() });
  });
}

export const action = () => methodNotAllowed('GET');
