// The application form's server side, for POST /api/applications (JSON from the page's script, or a
// plain form post) and for the /bewerbung page's own action (the form without JavaScript): reading
// the form, the one schema of web/lib/application-form.ts, the honeypot, the limits, storage once
// per id, and the mails queued in the same transaction. The routes check the access grant first.
import { randomUUID } from 'node:crypto';
import { APPLICATION_MESSAGES } from '~/copy/access';
import {
  applicationFromForm,
  validateApplication,
  type ApplicationDraft,
  type FieldErrors,
} from '~/lib/application-form';
import { filledHoneypot } from '~/lib/honeypot';
import { getConfig } from '../config.server';
import { readJson, readText } from '../http/http.server';
import { kickOutbox } from '../mail/mail.server';
import { allow, hit, limitKey } from '../rate-limit.server';
import { fail, ok, type Result } from '../result.server';
import { queueApplicationMails } from './mails.server';
import { createApplication } from './store.server';

export const THANK_YOU_PATH = '/bewerbung/danke';
// A full form (2,000 characters of message) percent-encoded can take up to 6 bytes per character
// (umlauts) in a form post: room for that, and nothing near what would burden the server.
const BODY_LIMIT = 32 * 1024;

/** The stored application's id (the first one's for a repeated id); 'invalid' or 'rate-limited' otherwise. */
export type SubmitResult = Result<{ id: string; created: boolean }, FieldErrors>;

/** Applications are counted per access grant and per client address over this window. */
export const APPLICATION_RATE_WINDOW_MS = 60 * 60 * 1000;

/** Who sends an application: the grant it came with and the client's address (each is limited). */
export interface Sender {
  grantId: string;
  clientAddress: string;
}

/** What the form showed again after a refusal: the sent texts, each cut to 4,000 characters. */
export function applicationDraft(input: unknown): ApplicationDraft {
  const draft: ApplicationDraft = {};
  if (typeof input !== 'object' || input === null) return draft;
  for (const key of ['applicationType', 'name', 'email', 'websiteLink', 'message'] as const) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === 'string') draft[key] = value.slice(0, 4000);
  }
  return draft;
}

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
  if (!result.ok) return fail('invalid', result.error, { fields: result.fields });
  const count = await countApplication(sender);
  if (count.retryAfter > 0) return fail('rate-limited', APPLICATION_MESSAGES.tooMany, { retryAfter: count.retryAfter });
  if (bot) return ok({ id: result.value.id ?? randomUUID(), created: false });
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
  return ok({ id: record.id, created });
}

const isFormPost = (request: Request) =>
  (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/** Reads a posted form (at most 32 KB → otherwise 413). */
export async function readApplicationForm(request: Request) {
  const form = new URLSearchParams(await readText(request, { limit: BODY_LIMIT }));
  return { input: applicationFromForm(form), bot: filledHoneypot(form) };
}

async function readApplicationJson(request: Request) {
  const body = await readJson(request, { limit: BODY_LIMIT, messages: { invalid: APPLICATION_MESSAGES.invalid } });
  return { input: body as unknown, bot: filledHoneypot(body) };
}

/**
 * Reads POST /api/applications: JSON from the page's script, or a plain form post (`formPost`,
 * answered with a redirect to the thank-you page). 413 when too large, 400 for JSON that is not
 * an object (thrown as the HTTP helpers throw them).
 */
export async function readApplicationRequest(request: Request) {
  const formPost = isFormPost(request);
  const { input, bot } = formPost ? await readApplicationForm(request) : await readApplicationJson(request);
  return { input, bot, formPost };
}
