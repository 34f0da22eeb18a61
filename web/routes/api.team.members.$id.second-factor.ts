// DELETE /api/team/members/:id/second-factor (an owner's team token): for a member who lost their
// authenticator: their sessions end, the factor is removed, and the answer is a new invitation
// link `{url}` with their role that sets up a new one (their password stays).
import type { Route } from './+types/api.team.members.$id.second-factor';
import { authorizedAction, methodNotAllowed, unwrap } from '~/server/http/http.server';
import { authorizeOwner, resetSecondFactor } from '~/server/team/team.server';

export const loader = () => methodNotAllowed('DELETE');

export function action({ request, params }: Route.ActionArgs) {
  return authorizedAction(request, ['DELETE'], authorizeOwner, async ({ member: owner }) => {
    const { url } = unwrap(await resetSecondFactor(params.id.slice(0, 100), owner));
    return Response.json({ url });
  });
}
