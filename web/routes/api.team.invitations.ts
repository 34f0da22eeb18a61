// POST /api/team/invitations (an owner's team token): `{email, role, name?}` → 201 `{url}`, a
// single-use link valid 7 days (also mailed when SMTP is set up); 409 for someone already in the team.
import type { Route } from './+types/api.team.invitations';
import { invitationInput } from '~/lib/team';
import { getConfig } from '~/server/config.server';
import { authorizedAction, methodNotAllowed, problemResponse, readInput } from '~/server/http/http.server';
import { createInvitation, authorizeOwner } from '~/server/team/team.server';

export const loader = () => methodNotAllowed('POST');

export function action({ request }: Route.ActionArgs) {
  return authorizedAction(request, ['POST'], authorizeOwner, async ({ member: owner }) => {
    const input = await readInput(request, invitationInput, { limit: 2048 });
    if (!input.ok) return problemResponse(input);
    const result = await createInvitation(input.value, owner);
    if (!result.ok) return problemResponse(result);
    const { id, email, role, expiresAt } = result.value.invitation;
    return Response.json(
      {
        url: result.value.url,
        mailed: Boolean(getConfig().mail.smtpUrl),
        invitation: { id, email, role, expiresAt: expiresAt.toISOString() },
      },
      { status: 201 },
    );
  });
}
