// The application form's server side, for POST /api/applications (JSON from the page's script, or a
// plain form post) and for the /bewerbung page's own action (the form without JavaScript): the
// access grant, the one schema of web/lib/application-form.ts, the honeypot, storage once per id,
// and the mails queued in the same transaction.
import { randomUUID } from 'node:crypto';
import { redirect, type RouterContextProvider } from 'react-router';
import { APPLICATION_MESSAGES } from '~/copy/access';
import {
  HONEYPOT_FIELD,
  applicationFromForm,
  isBot,
  validateApplication,
  type ApplicationDraft,
  type FieldErrors,
} from '~/lib/application-form';
import { hasAccessGrant } from '../access/access.server';
import { queueApplicationMails } from './mails.server';
import { createApplication } from './store.server';
import { jsonError, readJson, readText } from '../http/http.server';
import { kickOutbox } from '../mail/mail.server';

export const THANK_YOU_PATH = '/bewerbung/danke';
// A full form (2,000 characters of message) percent-encoded can take up to 6 bytes per character
// (umlauts) in a form post: room for that, and nothing near what would burden the server.
const BODY_LIMIT = 32 * 1024;

export type SubmitResult =
  | { ok: true; id: string; created: boolean }
  | { ok: false; error: string; fields: FieldErrors; draft: ApplicationDraft };

const draftOf = (input: ReturnType<typeof applicationFromForm> | Record<string, unknown>): ApplicationDraft => {
  const draft: ApplicationDraft = {};
  for (const key of ['applicationType', 'name', 'email', 'websiteLink', 'message'] as const) {
    const value = input[key];
    if (typeof value === 'string') draft[key] = value.slice(0, 4000);
  }
  return draft;
};

/**
 * Validates and stores one application (pending). `bot` (a filled honeypot) gets a success-looking
 * answer and nothing is stored. The same id again stores nothing and answers the first id.
 */
export async function submitApplication(input: unknown, { bot = false } = {}): Promise<SubmitResult> {
  const result = validateApplication(input);
  if (!result.ok) {
    const draft = typeof input === 'object' && input !== null ? draftOf(input as Record<string, unknown>) : {};
    return { ok: false, error: result.error, fields: result.fields, draft };
  }
  if (bot) return { ok: true, id: result.value.id ?? randomUUID(), created: false };
  const { record, created } = await createApplication(
    {
      id: result.value.id ?? randomUUID(),
      applicationType: result.value.applicationType,
      name: result.value.name,
      email: result.value.email,
      websiteLink: result.value.websiteLink,
      message: result.value.message,
      consentAt: new Date(),
    },
    queueApplicationMails,
  );
  if (created) kickOutbox();
  return { ok: true, id: record.id, created };
}

const isFormPost = (request: Request) =>
  (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/** Reads a posted form (at most 32 KB → otherwise 413). */
export async function readApplicationForm(request: Request) {
  const form = new URLSearchParams(await readText(request, { limit: BODY_LIMIT }));
  return { input: applicationFromForm(form), bot: isBot(form) };
}

async function readApplicationJson(request: Request) {
  const body = await readJson(request, { limit: BODY_LIMIT, messages: { invalid: APPLICATION_MESSAGES.invalid } });
  const honeypot = body[HONEYPOT_FIELD];
  return { input: body as unknown, bot: typeof honeypot === 'string' && honeypot !== '' };
}

/**
 * POST /api/applications: 401 without a grant (before the body is read), then JSON → 201 {id} or
 * 400 {error, fields}; a plain form post → 303 to the thank-you page, or 400 {error, fields}.
 */
export async function submitApplicationRequest(
  request: Request,
  _context: Readonly<RouterContextProvider>,
): Promise<Response> {
  if (!(await hasAccessGrant(request))) {
    // The body is left unread: the connection must not be reused for the client's next request.
    return jsonError(401, APPLICATION_MESSAGES.noGrant, {}, { Connection: 'close' });
  }
  const { input, bot } = isFormPost(request) ? await readApplicationForm(request) : await readApplicationJson(request);
  const result = await submitApplication(input, { bot });
  if (!result.ok) return jsonError(400, result.error, { fields: result.fields });
  if (isFormPost(request)) return redirect(THANK_YOU_PATH, 303);
  return Response.json({ id: result.id }, { status: 201 });
}
