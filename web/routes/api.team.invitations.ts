// POST /api/team/invitations (an owner's team token): `{email, role, name?}` → 201 `{url}`, a
// single-use link valid 7 days (also mailed when SMTP is set up); 409 for someone already in the team.
import type { Route } from './+types/api.team.invitations';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { invitationInput } from '~/lib/team';
import { getConfig } from '~/server/config.server';
import {
  authorizedAction,
  closeConnection,
  jsonError,
  methodNotAllowed,
  problemResponse,
  readJson,
} from '~/server/http/http.server';
import { createInvitation, authorizeOwner } from '~/server/team/team.server';

export const loader = () => closeConnection(methodNotAllowed('POST'));

export function action({ request }: Route.ActionArgs) {
  return authorizedAction(request, ['POST'], authorizeOwner, async ({ member: owner }) => {
    const input = invitationInput.safeParse(await readJson(request, { limit: 2048 }));
    if (!input.success)
      return jsonError(400, TEAM_API_MESSAGES.invalidInvitation, {
        fields: input.error.issues.map((issue) => issue.path[0]),
      });
    const result = await createInvitation(input.data, owner);
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
