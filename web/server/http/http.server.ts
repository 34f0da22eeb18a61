// The HTTP kit of the routes: reading a request's input (API routes and page actions alike) with a
// size limit and its schema, and answering refusals and errors as JSON. Bad input is always a 4xx,
// never a 5xx.
import { getConfig } from '../config.server';
import { isDatabaseUnavailable } from '../db/db.server';
import { log } from '../log.server';
import type { z } from 'zod';
import { checkInput, type FieldMessages, type Summary } from '~/lib/input';
import { fail, type Failure, type Problem, type Result } from '../result.server';

export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** API answers are personal or one-off: never cached, unless an answer says otherwise. */
function noStore(response: Response): Response {
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
  return response;
}

/** `{error, ...extra}` with `status`, never cached. */
export function jsonError(status: number, error: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return noStore(Response.json({ error, ...extra }, { status, headers }));
}

/** The status of each way a domain refuses (web/server/result.server.ts). */
const PROBLEM_STATUS: Record<Problem, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'rate-limited': 429,
  'not-found': 404,
  conflict: 409,
  'upstream-failed': 502,
  'too-large': 413,
  unsupported: 415,
};

export const problemStatus = (problem: Problem) => PROBLEM_STATUS[problem];

export interface ProblemOptions {
  /** The WWW-Authenticate challenge of a 401 (e.g. 'Bearer'). */
  challenge?: string;
}

/**
 * The status and headers of a domain's refusal (for an API answer, or a page action's `data`):
 * the problem's status, Retry-After when the domain says when to try again, the challenge of a 401.
 */
export function problemInit(failure: Failure, options: ProblemOptions = {}): { status: number; headers: Headers } {
  const headers = new Headers();
  if (failure.retryAfter !== undefined) headers.set('Retry-After', String(failure.retryAfter));
  if (failure.problem === 'unauthenticated' && options.challenge) headers.set('WWW-Authenticate', options.challenge);
  return { status: problemStatus(failure.problem), headers };
}

export interface ProblemResponseOptions extends ProblemOptions {
  /** More of the answer's body (e.g. the stored record a conflict is about). */
  body?: Record<string, unknown>;
}

/**
 * A domain's refusal as the API answers it: `{error, fields?, ...body}` with problemInit's status
 * and headers, never cached.
 */
export function problemResponse(failure: Failure, options: ProblemResponseOptions = {}): Response {
  const { status, headers } = problemInit(failure, options);
  const fields = failure.fields === undefined ? {} : { fields: failure.fields };
  return jsonError(status, failure.message, { ...fields, ...options.body }, headers);
}

/** A result's value; a refusal is thrown as its answer (handleApi answers a thrown Response). */
export function unwrap<T>(result: Result<T>, options?: ProblemOptions): T {
  if (!result.ok) throw problemResponse(result, options);
  return result.value;
}

/** The team API's bearer token: its 401 names the scheme. */
export const BEARER: ProblemOptions = { challenge: 'Bearer' };

/** Thrown by the readers below; `response` is the answer to send. */
export class HttpError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
  }
}

export interface BodyOptions {
  /** Maximum body size in bytes (default 16 KB); more → 413. */
  limit?: number;
  /** Texts of the error answers. */
  messages?: { tooLarge?: string; invalid?: string };
}

/** The answer to a body longer than the route's limit (readText's, and the direct transport's). */
export const bodyTooLarge = (message = 'Request body too large') => jsonError(413, message);

/** Reads the body as text, stopping at `limit` bytes (413) whatever Content-Length claims. */
export async function readText(request: Request, options: BodyOptions = {}): Promise<string> {
  const limit = options.limit ?? DEFAULT_BODY_LIMIT;
  const tooLarge = () => new HttpError(bodyTooLarge(options.messages?.tooLarge));
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
const JSON_TYPE = 'application/json';

/** A form's fields from its (capped) text: URL-encoded, or multipart (its text fields; a file is not read). */
async function formOf(request: Request, text: string): Promise<URLSearchParams | undefined> {
  if (hasMediaType(request, FORM)) return new URLSearchParams(text);
  try {
    const parts = await new Response(text, {
      headers: { 'Content-Type': request.headers.get('content-type')! },
    }).formData();
    const form = new URLSearchParams();
    for (const [name, value] of parts) if (typeof value === 'string') form.append(name, value);
    return form;
  } catch {
    return undefined;
  }
}

export interface InputOptions extends BodyOptions {
  messages?: BodyOptions['messages'] & { unsupported?: string };
  /**
   * How a posted form (application/x-www-form-urlencoded) becomes the schema's input (a page's
   * form, or a form post to the API); without it a form is refused 415.
   */
  form?: (form: URLSearchParams) => unknown;
  /** Only a body declared application/json is read as JSON (anything else: 415); by default any
   * body that is not a form is read as JSON, whatever its type says. */
  jsonOnly?: boolean;
  /** An empty body is this input instead of a refused JSON body (a command without options). */
  empty?: { input: unknown };
  /** The one message of a refused input, from every issue's (default: the first issue's). */
  summary?: Summary;
}

/** What readInput answers: the checked input, or the refusal; `sent` is what the body said (the
 * form mapped to the schema's input, or the JSON), for a form to show again what was typed. */
export type InputResult<T> = ({ ok: true; value: T } | Failure<FieldMessages>) & { sent?: unknown };

/**
 * Reads a request's input, the one way every API route and page action reads one: the body up to
 * `limit` bytes (413 'too-large'), parsed by its media type (a form, URL-encoded or multipart,
 * through `options.form`, else JSON: a JSON object, or 400), checked with the input's zod schema (400 'invalid' with `fields`
 * as `{field: message}`). A refusal is a Failure for problemResponse / problemInit.
 */
export async function readInput<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: InputOptions = {},
): Promise<InputResult<z.output<S>>> {
  const messages = options.messages ?? {};
  const invalid = () => fail('invalid', messages.invalid ?? 'Invalid JSON body', { fields: {} });
  const isForm = hasMediaType(request, FORM) || hasMediaType(request, MULTIPART);
  if ((isForm && !options.form) || (!isForm && options.jsonOnly && !hasMediaType(request, JSON_TYPE)))
    return fail('unsupported', messages.unsupported ?? 'Unsupported media type');
  let text: string;
  try {
    text = await readText(request, options);
  } catch (error) {
    if (error instanceof HttpError) return fail('too-large', messages.tooLarge ?? 'Request body too large');
    throw error;
  }
  let sent: unknown;
  if (isForm) {
    const form = await formOf(request, text);
    if (!form) return invalid();
    sent = options.form!(form);
  } else if (options.empty && !text.trim()) sent = options.empty.input;
  else {
    try {
      sent = JSON.parse(text);
    } catch {
      return invalid();
    }
    if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return invalid();
  }
  const checked = checkInput(schema, sent, options.summary);
  if (checked.ok) return { ok: true, value: checked.value as z.output<S>, sent };
  return { ...fail('invalid', checked.error, { fields: checked.fields }), sent };
}

/** A posted form's fields as an object, the first value of each name (as `URLSearchParams.get`). */
export function formFields(form: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (!Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}

/**
 * A page action's form, read as readInput reads every input (a form through `options.form`, by
 * default its fields; an empty body is an empty form). A page's schema is lenient (a missing or odd
 * field becomes its default, which the page then refuses in its own words, shown at the form), so
 * what refuses here is only what no page can read: a body too large (413), or one that is neither a
 * form nor a JSON object (400). That answer is thrown, as React Router expects it from an action.
 */
export async function readPageForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: InputOptions = {},
): Promise<z.output<S>> {
  const input = await readInput(request, schema, { form: formFields, empty: { input: {} }, ...options });
  if (!input.ok) throw problemResponse(input);
  return input.value;
}

/** Seconds a client is asked to wait when the database is not reachable. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * Runs an API handler (its answers are `no-store` unless they set Cache-Control): HttpErrors (and thrown Responses) become their answers; a database that is
 * not reachable is a 503 with Retry-After; anything else is logged and answered with a JSON 500,
 * never an HTML error page.
 */
export async function handleApi(handler: () => Promise<Response>): Promise<Response> {
  try {
    return noStore(await handler());
  } catch (error) {
    if (error instanceof HttpError) return error.response;
    if (error instanceof Response) return noStore(error);
    if (isDatabaseUnavailable(error)) {
      log.error(`API: database unavailable: ${(error as Error).message}`);
      return jsonError(
        503,
        'Service temporarily unavailable',
        {},
        { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) },
      );
    }
    log.error({ err: error }, 'API error');
    return jsonError(500, 'Internal error');
  }
}

export const methodNotAllowed = (allow: string) => jsonError(405, 'Method not allowed', {}, { Allow: allow });

/**
 * An API answer for callers that must be authorized (the team API: a 401 names the Bearer scheme):
 * `authorize` runs first, before any body is read, and `handle` runs with what it granted, both
 * inside handleApi. A refusal answered before the body was read closes the connection
 * (closeUnreadBodies, for every answer of the server), so the unread body is never taken for the
 * next request.
 */
export function authorized<T>(
  request: Request,
  authorize: (request: Request) => Promise<Result<T>>,
  handle: (granted: T) => Promise<Response>,
): Promise<Response> {
  return handleApi(async () => {
    const auth = await authorize(request);
    if (auth.ok) return handle(auth.value);
    return problemResponse(auth, BEARER);
  });
}

/** An authorized action (see authorized) that answers any other method than `methods` with a 405. */
export function authorizedAction<T>(
  request: Request,
  methods: readonly string[],
  authorize: (request: Request) => Promise<Result<T>>,
  handle: (granted: T) => Promise<Response>,
): Promise<Response> | Response {
  if (!methods.includes(request.method)) return methodNotAllowed(methods.join(', '));
  return authorized(request, authorize, handle);
}

/**
 * Whether a request may come from this site's pages: a browser names the page's origin in `Origin`
 * on every POST, so one naming another origin (or `null`: a sandboxed or privacy-restricted
 * context) is a cross-site request. Without `Origin` the request did not come from a browser's
 * page (a script, a server), which gains nothing it could not do directly.
 */
export function fromOwnOrigin(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  return origin === new URL(publicUrl).origin || origin === new URL(request.url).origin;
}

/** A request from another site's page (fromOwnOrigin against PUBLIC_URL), refused in `message`'s words. */
export function foreignOrigin(request: Request, message: string): Failure | undefined {
  return fromOwnOrigin(request, getConfig().publicUrl) ? undefined : fail('forbidden', message);
}

/** Whether the body is declared as `type` (parameters such as `charset` aside). */
export const hasMediaType = (request: Request, type: string) =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === type;

// What the routes and other folders use from the rest of the HTTP layer.
export { clientAddressContext, nonceContext } from './request-context.server';
export { limitKey } from './client-address.server';
export { inlineScriptHashes } from './security-headers.server';
export { csvDownload, excelTime, type Cell } from './csv.server';
export { cleanUtm, notCounted, type HeaderReader } from './counting.server';
export { parseLastEventId, sseComment, sseEvent, sseRetry } from './sse.server';
// And what only the composition root (web/server/app) uses.
export { clientAddressOf } from './client-address.server';
export { closeUnreadBodies } from './unread-body.server';
export { refusalOf, sendRefusal } from './request-guard.server';
export { newNonce, securityHeaders } from './security-headers.server';
