// PATCH /api/team/members/:id `{role}` or `{name}`, and DELETE /api/team/members/:id (an owner's
// team token): a new role, a new display name, or the removal. A new role or the removal ends the
// member's sessions at once; the last owner can be neither demoted nor removed (409).
import type { Route } from './+types/api.team.members.$id';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { memberChangeInput } from '~/lib/team';
import { authorizedAction, methodNotAllowed, problemResponse, readInput } from '~/server/http/http.server';
import { changeRole, removeMember, renameMember, authorizeOwner } from '~/server/team/team.server';

const METHODS = ['PATCH', 'DELETE'];

export const loader = () => methodNotAllowed(METHODS.join(', '));

export function action({ request, params }: Route.ActionArgs) {
  return authorizedAction(request, METHODS, authorizeOwner, async ({ member: owner }) => {
    const id = params.id.slice(0, 100);
    if (request.method === 'DELETE') {
      const removal = await removeMember(id, owner);
      return removal.ok ? new Response(null, { status: 204 }) : problemResponse(removal);
    }
    const message = TEAM_API_MESSAGES.invalidMemberChange;
    const input = await readInput(request, memberChangeInput, {
      limit: 1024,
      summary: () => message,
      messages: { invalid: message },
    });
    // Either field would do: a refused body names both.
    if (!input.ok)
      return problemResponse(
        input.problem === 'invalid' ? { ...input, fields: { role: message, name: message } } : input,
      );
    const change =
      'role' in input.value
        ? await changeRole(id, input.value.role, owner)
        : await renameMember(id, input.value.name, owner);
    if (!change.ok) return problemResponse(change);
    const { id: memberId, name, role } = change.value.member;
    return Response.json({ member: { id: memberId, name, role } });
  });
}
