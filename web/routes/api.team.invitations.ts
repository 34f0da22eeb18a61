// POST /api/team/invitations (an owner's team token): `{email, role, name?}` → 201 `{url}`, a
// single-use link valid 7 days (also mailed when SMTP is set up); 409 for someone already in the team.
import type { Route } from './+types/api.team.invitations';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { invitationInput } from '~/lib/team';
import { getConfig } from '~/server/config.server';
import { closeConnection, handleApi, jsonError, methodNotAllowed, readJson } from '~/server/http/http.server';
import { createInvitation, requireOwner } from '~/server/team/team.server';

export const loader = () => closeConnection(methodNotAllowed('POST'));

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return closeConnection(methodNotAllowed('POST'));
  return handleApi(async () => {
    const { member: owner } = await requireOwner(request).catch((error: unknown) => {
      throw error instanceof Response ? closeConnection(error) : error;
    });
    const input = invitationInput.safeParse(await readJson(request, { limit: 2048 }));
    if (!input.success)
      return jsonError(400, TEAM_API_MESSAGES.invalidInvitation, {
        fields: input.error.issues.map((issue) => issue.path[0]),
      });
    const result = await createInvitation(input.data, owner);
    if (result.kind === 'already-member') return jsonError(409, TEAM_API_MESSAGES.alreadyMember);
    const { id, email, role, expiresAt } = result.invitation;
    return Response.json(
      {
        url: result.url,
        mailed: Boolean(getConfig().mail.smtpUrl),
        invitation: { id, email, role, expiresAt: expiresAt.toISOString() },
      },
      { status: 201 },
    );
  });
}
