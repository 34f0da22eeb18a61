// Small helpers for the JSON API (resource routes): reading a body with a size limit and answering
// errors as JSON. Bad input is always a 4xx, never a 5xx.
import { isDatabaseUnavailable } from '../db/db.server';
import { log } from '../log.server';
import type { Failure, Problem, Result } from '../result.server';

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

/** Reads a JSON object body: 413 when too large, 400 when it is not a JSON object. */
export async function readJson(request: Request, options: BodyOptions = {}): Promise<Record<string, unknown>> {
  const text = await readText(request, options);
  const invalid = () => new HttpError(jsonError(400, options.messages?.invalid ?? 'Invalid JSON body'));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid();
  return body as Record<string, unknown>;
}

/**
 * Reads a posted form (URL-encoded) for a page's action, at most `limit` bytes (16 KB by default).
 * A larger body is answered 413: the answer is thrown, as React Router expects it from an action.
 */
export async function readForm(request: Request, options: BodyOptions = {}): Promise<URLSearchParams> {
  try {
    return new URLSearchParams(await readText(request, options));
  } catch (error) {
    if (error instanceof HttpError) throw error.response;
    throw error;
  }
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

/**
 * Marks an answer given before the request body was read to the end: the connection is closed
 * after it, so a client's pooled connection is never reused with the unread body still in it.
 */
export function closeConnection(response: Response): Response {
  response.headers.set('Connection', 'close');
  return response;
}

export const methodNotAllowed = (allow: string) => jsonError(405, 'Method not allowed', {}, { Allow: allow });

/**
 * An API answer for callers that must be authorized (the team API: a 401 names the Bearer scheme):
 * `authorize` runs first, before any body is read, and `handle` runs with what it granted, both
 * inside handleApi. A refusal of a request that may carry a body closes the connection, so the
 * unread body is never taken for the next request.
 */
export function authorized<T>(
  request: Request,
  authorize: (request: Request) => Promise<Result<T>>,
  handle: (granted: T) => Promise<Response>,
): Promise<Response> {
  return handleApi(async () => {
    const auth = await authorize(request);
    if (auth.ok) return handle(auth.value);
    const refusal = problemResponse(auth, BEARER);
    return request.method === 'GET' || request.method === 'HEAD' ? refusal : closeConnection(refusal);
  });
}

/** An authorized action (see authorized) that answers any other method than `methods` with a 405. */
export function authorizedAction<T>(
  request: Request,
  methods: readonly string[],
  authorize: (request: Request) => Promise<Result<T>>,
  handle: (granted: T) => Promise<Response>,
): Promise<Response> | Response {
  if (!methods.includes(request.method)) return closeConnection(methodNotAllowed(methods.join(', ')));
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

/** Whether the body is declared as `type` (parameters such as `charset` aside). */
export const hasMediaType = (request: Request, type: string) =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === type;

// What the routes and other folders use from the rest of the HTTP layer.
export { clientAddressContext, nonceContext } from './request-context.server';
export { limitKey } from './client-address.server';
export { inlineScriptHashes } from './security-headers.server';
export { csvDownload, type Cell } from './csv.server';
export { parseLastEventId, sseComment, sseEvent, sseRetry } from './sse.server';
// And what only the composition root (web/server/app) uses.
export { clientAddressOf } from './client-address.server';
export { closeUnreadBodies } from './unread-body.server';
export { refusalOf, sendRefusal } from './request-guard.server';
export { newNonce, securityHeaders } from './security-headers.server';
