// PATCH /api/team/members/:id `{role}` and DELETE /api/team/members/:id (an owner's team token):
// a new role or the removal; either ends the member's sessions at once. The last owner can be
// neither demoted nor removed (409).
import type { Route } from './+types/api.team.members.$id';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { roleChangeInput } from '~/lib/team';
import { closeConnection, handleApi, jsonError, methodNotAllowed, readJson } from '~/server/http/http.server';
import { changeRole, removeMember, requireOwner } from '~/server/team/team.server';

const ALLOW = 'PATCH, DELETE';

export const loader = () => closeConnection(methodNotAllowed(ALLOW));

export function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'PATCH' && request.method !== 'DELETE') return closeConnection(methodNotAllowed(ALLOW));
  return handleApi(async () => {
    const { member: owner } = await requireOwner(request).catch((error: unknown) => {
      throw error instanceof Response ? closeConnection(error) : error;
    });
    const id = params.id.slice(0, 100);
    if (request.method === 'DELETE') {
      const removal = await removeMember(id, owner);
      if (removal.kind === 'not-found') return jsonError(404, TEAM_API_MESSAGES.memberNotFound);
      if (removal.kind === 'last-owner') return jsonError(409, TEAM_API_MESSAGES.lastOwner);
      return new Response(null, { status: 204 });
    }
    const input = roleChangeInput.safeParse(await readJson(request, { limit: 1024 }));
    if (!input.success) return jsonError(400, TEAM_API_MESSAGES.invalidRole, { fields: ['role'] });
    const change = await changeRole(id, input.data.role, owner);
    switch (change.kind) {
      case 'not-found':
        return jsonError(404, TEAM_API_MESSAGES.memberNotFound);
      case 'last-owner':
        return jsonError(409, TEAM_API_MESSAGES.lastOwner);
      default: {
        const { id: memberId, name, role } = change.member;
        return Response.json({ member: { id: memberId, name, role } });
      }
    }
  });
}
