// POST /api/newsletters/:id/test (any member's team token): the newsletter once to the member's own
// address. POST …/send `{expect}`, …/pause, …/resume (an owner's): sending it to its audience,
// pausing and resuming. One module for the four paths (web/routes.ts); the last segment says which.
// 202 when done or queued; 409 with the problems, the current count or the state that stands in the
// way. See docs/api.md.
import type { Route } from './+types/api.newsletters.$id.action';
import { NEWSLETTER_API_MESSAGES as M } from '~/copy/dashboard';
import { newsletterEmptyInput, newsletterId, newsletterSendInput } from '~/lib/newsletter-sending';
import { authorizedAction, methodNotAllowed, problemResponse, readInput } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import {
  pauseNewsletter,
  resumeNewsletter,
  sendNewsletter,
  sendNewsletterTest,
  type NewsletterResult,
} from '~/server/newsletter/newsletter.server';
import { authorizeOwner, authorizeTeam } from '~/server/team/team.server';

export const loader = () => methodNotAllowed('POST');

const accepted = (result: NewsletterResult<unknown>, body: Record<string, unknown> = {}) =>
  result.ok ? Response.json(body, { status: 202 }) : problemResponse(result, { body: result.body });

export function action({ request, params }: Route.ActionArgs) {
  const which = new URL(request.url).pathname.split('/').at(-1);
  // A test is for every member; sending, pausing and resuming for owners (a reviewer → 403).
  return authorizedAction(request, ['POST'], which === 'test' ? authorizeTeam : authorizeOwner, async ({ member }) => {
    const send = which === 'send';
    const message = send ? M.invalidSend : M.invalidBody;
    const options = {
      limit: 1024,
      // Without a body: no options (a send then says what is missing).
      empty: { input: {} },
      summary: () => message,
      messages: { invalid: message },
    };
    const input = send
      ? await readInput(request, newsletterSendInput, options)
      : await readInput(request, newsletterEmptyInput, options);
    const id = newsletterId.safeParse(params.id);
    if (!id.success) return problemResponse(fail('not-found', M.notFound));
    if (!input.ok)
      return problemResponse(send && input.problem === 'invalid' ? { ...input, fields: { expect: message } } : input);
    if ('expect' in input.value) {
      const result = await sendNewsletter(id.data, input.value.expect, member);
      return accepted(result, result.ok ? { recipients: result.value.recipients } : {});
    }
    // The answer names the address, so that the dashboard can say where the test went.
    if (which === 'test') return accepted(await sendNewsletterTest(id.data, member), { to: member.email });
    if (which === 'pause') return accepted(await pauseNewsletter(id.data, member));
    return accepted(await resumeNewsletter(id.data, member));
  });
}
