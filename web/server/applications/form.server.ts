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
import { readGrant } from '../access/access.server';
import { getConfig } from '../config.server';
import { allow, hit, limitKey } from '../rate-limit.server';
import { queueApplicationMails } from './mails.server';
import { createApplication } from './store.server';
import { clientAddressContext, jsonError, readJson, readText } from '../http/http.server';
import { kickOutbox } from '../mail/mail.server';

export const THANK_YOU_PATH = '/bewerbung/danke';
// A full form (2,000 characters of message) percent-encoded can take up to 6 bytes per character
// (umlauts) in a form post: room for that, and nothing near what would burden the server.
const BODY_LIMIT = 32 * 1024;

export type SubmitResult =
  | { ok: true; id: string; created: boolean }
  | { ok: false; error: string; fields: FieldErrors; draft: ApplicationDraft }
  | { ok: false; limited: true; error: string; retryAfter: number; draft: ApplicationDraft };

/** Applications are counted per access grant and per client address over this window. */
export const APPLICATION_RATE_WINDOW_MS = 60 * 60 * 1000;

/** Who sends an application: the grant it came with and the client's address (each is limited). */
export interface Sender {
  grantId: string;
  clientAddress: string;
}

const draftOf = (input: ReturnType<typeof applicationFromForm> | Record<string, unknown>): ApplicationDraft => {
  const draft: ApplicationDraft = {};
  for (const key of ['applicationType', 'name', 'email', 'websiteLink', 'message'] as const) {
    const value = input[key];
    if (typeof value === 'string') draft[key] = value.slice(0, 4000);
  }
  return draft;
};

/**
 * Counts one application of `sender` against both limits (APPLICATION_RATE_LIMIT per grant and
 * per address and hour): every application mails an address of the sender's choice, so neither
 * one grant nor one address may send many. Returns a function that takes the count back.
 */
async function countApplication(sender: Sender, now = Date.now()) {
  const limit = getConfig().applicationRateLimit;
  const windows = [
    { bucket: 'application-grant', key: sender.grantId, windowMs: APPLICATION_RATE_WINDOW_MS },
    { bucket: 'application-address', key: limitKey(sender.clientAddress), windowMs: APPLICATION_RATE_WINDOW_MS },
  ];
  const results = await Promise.all(windows.map((window) => allow(window, limit, now)));
  const refused = results.filter((r) => !r.allowed);
  return {
    retryAfter: refused.length ? Math.max(...refused.map((r) => r.retryAfter)) : 0,
    undo: async () => {
      if (limit > 0) await Promise.all(windows.map((window) => hit(window, now, -1)));
    },
  };
}

/**
 * Validates and stores one application (pending) of `sender`. `bot` (a filled honeypot) gets a
 * success-looking answer and nothing is stored. The same id again stores nothing and answers the
 * first id (and is not counted again). Past the limit: `limited`, nothing stored.
 */
export async function submitApplication(input: unknown, sender: Sender, { bot = false } = {}): Promise<SubmitResult> {
  const result = validateApplication(input);
  if (!result.ok) {
    const draft = typeof input === 'object' && input !== null ? draftOf(input as Record<string, unknown>) : {};
    return { ok: false, error: result.error, fields: result.fields, draft };
  }
  const count = await countApplication(sender);
  if (count.retryAfter > 0) {
    const draft = draftOf(input as Record<string, unknown>);
    return { ok: false, limited: true, error: APPLICATION_MESSAGES.tooMany, retryAfter: count.retryAfter, draft };
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
  else await count.undo();
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
  context: Readonly<RouterContextProvider>,
): Promise<Response> {
  const grant = await readGrant(request);
  if (grant.state !== 'valid') {
    // The body is left unread: the connection must not be reused for the client's next request.
    return jsonError(401, APPLICATION_MESSAGES.noGrant, {}, { Connection: 'close' });
  }
  const { input, bot } = isFormPost(request) ? await readApplicationForm(request) : await readApplicationJson(request);
  const sender = { grantId: grant.id, clientAddress: context.get(clientAddressContext) };
  const result = await submitApplication(input, sender, { bot });
  if (!result.ok && 'limited' in result)
    return jsonError(429, result.error, {}, { 'Retry-After': String(result.retryAfter) });
  if (!result.ok) return jsonError(400, result.error, { fields: result.fields });
  if (isFormPost(request)) return redirect(THANK_YOU_PATH, 303);
  return Response.json({ id: result.id }, { status: 201 });
}
