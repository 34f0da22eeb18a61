// GET /api/newsletters/:id/preview (any member's team token): the newsletter as the team's test mail
// renders it, `{subject, preheader, html, text, problems}`, for the dashboard's preview (the HTML
// goes into a sandboxed frame); html and text are null while problems keep it from being sent. A
// newsletter already sent is shown as it went out. See docs/api.md.
import type { Route } from './+types/api.newsletters.$id.preview';
import { NEWSLETTER_API_MESSAGES as M } from '~/copy/dashboard';
import { newsletterId } from '~/lib/newsletter-sending';
import { authorized, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import { teamNewsletterPreview } from '~/server/newsletter/newsletter.server';
import { authorizeTeam } from '~/server/team/team.server';

export function loader({ request, params }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    const id = newsletterId.safeParse(params.id);
    const preview = id.success ? await teamNewsletterPreview(id.data) : null;
    return preview ? Response.json(preview) : problemResponse(fail('not-found', M.notFound));
  });
}

export const action = () => methodNotAllowed('GET');
