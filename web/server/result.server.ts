// What a domain answers: a value, or a refusal in its own words (what went wrong, the message the
// visitor reads, the fields at fault, when to try again). No status codes, no Response: the routes
// (and the direct transport, which calls a route's action) map a refusal to HTTP with
// problemResponse() of web/server/http/, so a domain can be called and tested without a request.

/** Why a domain refused. */
export type Problem =
  /** The input is not valid (the fields at fault in `fields`). */
  | 'invalid'
  /** Nobody is signed in, or the credentials are not valid. */
  | 'unauthenticated'
  /** Signed in, but not allowed to do this. */
  | 'forbidden'
  /** Too many attempts: try again after `retryAfter` seconds. */
  | 'rate-limited'
  /** What was asked for is not there (or not switched on). */
  | 'not-found'
  /** It clashes with what is there now (the last owner, a change made meanwhile, a member already). */
  | 'conflict'
  /** A service the domain relies on (e.g. Sanity) could not be asked. */
  | 'upstream-failed'
  /** The request's body is larger than its route reads (said by the HTTP helpers' readInput). */
  | 'too-large'
  /** The request's body is of a media type its route does not read (readInput). */
  | 'unsupported';

export interface Failure<Fields = unknown> {
  ok: false;
  problem: Problem;
  /** Said to the visitor as it stands (German where a visitor reads it). */
  message: string;
  /** The fields at fault, in the shape the form or the API reports them. */
  fields?: Fields;
  /** Seconds until a new attempt may succeed ('rate-limited'). */
  retryAfter?: number;
}

export type Result<T, Fields = unknown> = { ok: true; value: T } | Failure<Fields>;

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export function fail<Fields = never>(
  problem: Problem,
  message: string,
  more: { fields?: Fields; retryAfter?: number } = {},
): Failure<Fields> {
  return { ok: false, problem, message, ...more };
}
