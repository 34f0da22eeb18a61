// The application form's server side, for POST /api/applications (JSON from the page's script, or a
// plain form post) and for the /bewerbung page's own action (the form without JavaScript): how the
// routes read it (the one schema of web/lib/application-form.ts), the limits, the honeypot, storage
// once per id, and the mails queued in the same transaction. The routes check the access grant first.
import { randomUUID } from 'node:crypto';
import { APPLICATION_MESSAGES } from '~/copy/access';
import {
  applicationFromForm,
  applicationSummary,
  type Application,
  type ApplicationDraft,
  type FieldErrors,
} from '~/lib/application-form';
import { HONEYPOT_FIELD } from '~/lib/honeypot';
import { getConfig } from '../config.server';
import { kickOutbox } from '../mail/mail.server';
import { allow, hit, limitKey } from '../rate-limit.server';
import { fail, ok, type Result } from '../result.server';
import { queueApplicationMails } from './mails.server';
import { createApplication } from './store.server';

export const THANK_YOU_PATH = '/bewerbung/danke';
// A full form (2,000 characters of message) percent-encoded can take up to 6 bytes per character
// (umlauts) in a form post: room for that, and nothing near what would burden the server.
export const APPLICATION_BODY_LIMIT = 32 * 1024;

/** How POST /api/applications and the /bewerbung page read the application (readInput's options). */
export const APPLICATION_INPUT = {
  limit: APPLICATION_BODY_LIMIT,
  form: applicationFromForm,
  summary: applicationSummary,
  messages: { invalid: APPLICATION_MESSAGES.invalid, tooLarge: APPLICATION_MESSAGES.tooLarge },
};

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
 * Stores one checked application (pending) of `sender` (the route reads and validates it with
 * applicationInput), in the order of the public forms (docs/decisions/047): the limits, then the
 * honeypot (a filled one gets a success-looking answer and nothing is stored). The same id again
 * stores nothing and answers the first id (and is not counted again). Past the limit:
 * 'rate-limited', nothing stored.
 */
export async function submitApplication(input: Application, sender: Sender): Promise<SubmitResult> {
  const count = await countApplication(sender);
  if (count.retryAfter > 0) return fail('rate-limited', APPLICATION_MESSAGES.tooMany, { retryAfter: count.retryAfter });
  if (input[HONEYPOT_FIELD]) return ok({ id: input.id ?? randomUUID(), created: false });
  const { record, created } = await createApplication(
    {
      id: input.id ?? randomUUID(),
      applicationType: input.applicationType,
      name: input.name,
      email: input.email,
      websiteLink: input.websiteLink,
      message: input.message,
      consentAt: new Date(),
    },
    queueApplicationMails,
  );
  if (created) kickOutbox();
  else await count.undo();
  return ok({ id: record.id, created });
}
