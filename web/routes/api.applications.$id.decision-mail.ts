// GET /api/applications/:id/decision-mail?decision=approved|rejected (team token): the mail that
// decision sends the applicant, as it will go out (rendered by the code that sends it), so a
// reviewer reads it before deciding, or while it waits to be sent.
import { z } from 'zod';
import type { Route } from './+types/api.applications.$id.decision-mail';
import { APPLICATION_API_MESSAGES } from '~/copy/dashboard';
import { applicationId, DECISIONS } from '~/lib/applications';
import { authorized, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { checkInput } from '~/lib/input';
import { fail } from '~/server/result.server';
import { previewDecisionMail } from '~/server/applications/applications.server';
import { authorizeTeam } from '~/server/team/team.server';

const query = z.object({ decision: z.enum(DECISIONS, APPLICATION_API_MESSAGES.invalidDecision) });

export function loader({ request, params }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async ({ member }) => {
    const id = applicationId.safeParse(params.id);
    if (!id.success) return problemResponse(fail('not-found', APPLICATION_API_MESSAGES.notFound));
    const input = checkInput(query, Object.fromEntries(new URL(request.url).searchParams));
    if (!input.ok) return problemResponse(fail('invalid', input.error, { fields: input.fields }));
    const mail = await previewDecisionMail(id.data, input.value.decision, member);
    if (!mail) return problemResponse(fail('not-found', APPLICATION_API_MESSAGES.notFound));
    return Response.json({ mail });
  });
}

export const action = () => methodNotAllowed('GET');
