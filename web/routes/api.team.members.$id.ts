// PATCH /api/team/members/:id `{role}` and DELETE /api/team/members/:id (an owner's team token):
// a new role or the removal; either ends the member's sessions at once. The last owner can be
// neither demoted nor removed (409).
import type { Route } from './+types/api.team.members.$id';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { roleChangeInput } from '~/lib/team';
import {
  authorizedAction,
  closeConnection,
  jsonError,
  methodNotAllowed,
  problemResponse,
  readJson,
} from '~/server/http/http.server';
import { changeRole, removeMember, authorizeOwner } from '~/server/team/team.server';

const METHODS = ['PATCH', 'DELETE'];

export const loader = () => closeConnection(methodNotAllowed(METHODS.join(', ')));

export function action({ request, params }: Route.ActionArgs) {
  return authorizedAction(request, METHODS, authorizeOwner, async ({ member: owner }) => {
    const id = params.id.slice(0, 100);
    if (request.method === 'DELETE') {
      const removal = await removeMember(id, owner);
      return removal.ok ? new Response(null, { status: 204 }) : problemResponse(removal);
    }
    const input = roleChangeInput.safeParse(await readJson(request, { limit: 1024 }));
    if (!input.success) return jsonError(400, TEAM_API_MESSAGES.invalidRole, { fields: ['role'] });
    const change = await changeRole(id, input.data.role, owner);
    if (!change.ok) return problemResponse(change);
    const { id: memberId, name, role } = change.value.member;
    return Response.json({ member: { id: memberId, name, role } });
  });
}
