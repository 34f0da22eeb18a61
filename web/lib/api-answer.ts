// The one shape of every answer the browser's calls get from our server (docs/decisions/049): the
// value the server sent, or a refusal with the HTTP status, the message to show, the fields at fault
// as `{field: message}` and the seconds to wait before trying again. `callApi` sends a request and
// reads its answer into that shape, and never throws: a server that cannot be reached is a refusal
// with the status UNREACHABLE. Each call of web/lib/api-client.ts and of the dashboard's team-api.ts
// answers through it, so a caller narrows on `ok` and nothing else.

/** The status of a refusal when no answer came (no connection, or the request was aborted). */
export const UNREACHABLE = 0;

/** A call the server refused, or that got no answer it could read. */
export interface Refusal {
  ok: false;
  /** The HTTP status; UNREACHABLE (0) when no answer came. */
  status: number;
  /** What to show: the server's message, or the call's own text where the server's is not shown. */
  message: string;
  /** The fields at fault with their messages, where the server named them. */
  fields?: Record<string, string>;
  /** Seconds until a new attempt may succeed (the answer's Retry-After). */
  retryAfter?: number;
  /** The answer's JSON body as sent (e.g. the stored record a 409 is about); `{}` without one. */
  body: Record<string, unknown>;
}

/** What a call answers: the value the server sent, or why not. */
export type Answer<T> = { ok: true; value: T } | Refusal;

export interface AnswerOptions<T> {
  /**
   * The value of a 2xx answer, from its JSON body (`{}` when it has none); `undefined` when the body
   * is not what the call asked for, which is then a refusal with the `failed` text.
   */
  value: (body: Record<string, unknown>, response: Response) => T | undefined | Promise<T | undefined>;
  /** The text of a refusal when the server's message is not shown (it sent none, or see `serverSays`). */
  failed: string | ((status: number) => string);
  /** The statuses whose message from the server is shown (every refusal's when not given). */
  serverSays?: readonly number[];
  /** The text when no answer came (`failed` when not given). */
  unreachable?: string;
  /** 'raw': a 2xx body is left unread for `value` (a file to download); a refusal's is still read. */
  body?: 'json' | 'raw';
}

/** Sends a request (`fetch(…)`) and reads its answer; never throws. */
export async function callApi<T>(request: Promise<Response>, options: AnswerOptions<T>): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await request;
  } catch {
    return unreachable(options);
  }
  return readAnswer(response, options);
}

/** Reads a response into an Answer; never throws (a body that breaks off reads as none). */
export async function readAnswer<T>(response: Response, options: AnswerOptions<T>): Promise<Answer<T>> {
  const raw = response.ok && options.body === 'raw';
  const body = raw ? {} : await jsonBody(response);
  if (response.ok) {
    let value: T | undefined;
    try {
      value = await options.value(body, response);
    } catch {
      // A file whose download broke off, say: no value came.
      value = undefined;
    }
    if (value !== undefined) return { ok: true, value };
  }
  const said = serverMessage(body);
  const shown = !options.serverSays || options.serverSays.includes(response.status);
  const message = (shown && said) || textOf(options.failed, response.status);
  const fields = fieldsOf(body.fields);
  // Better Auth's limiter (under /api/auth) says X-Retry-After.
  const retryAfter = retryAfterOf(response.headers.get('Retry-After') ?? response.headers.get('X-Retry-After'));
  return {
    ok: false,
    status: response.status,
    message,
    ...(fields ? { fields } : {}),
    ...(retryAfter === undefined ? {} : { retryAfter }),
    body,
  };
}

/** The values of several calls, or the first refusal among them. */
export function allOf<T>(answers: readonly Answer<T>[]): Answer<T[]> {
  const values: T[] = [];
  for (const answer of answers) {
    if (!answer.ok) return answer;
    values.push(answer.value);
  }
  return { ok: true, value: values };
}

/** The refusal of a call that got no answer. */
export function unreachable(options: Pick<AnswerOptions<unknown>, 'failed' | 'unreachable'>): Refusal {
  return {
    ok: false,
    status: UNREACHABLE,
    message: options.unreachable ?? textOf(options.failed, UNREACHABLE),
    body: {},
  };
}

const textOf = (text: string | ((status: number) => string), status: number) =>
  typeof text === 'string' ? text : text(status);

async function jsonBody(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = JSON.parse(await response.text());
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Our API says `error`; Better Auth's endpoints under /api/auth say `message`. */
function serverMessage(body: Record<string, unknown>): string {
  for (const said of [body.error, body.message]) if (typeof said === 'string' && said) return said;
  return '';
}

/** `{field: message}` as the server sends it; entries that are not text are dropped. */
function fieldsOf(fields: unknown): Record<string, string> | undefined {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Retry-After in seconds (a number of seconds, or an HTTP date from now); undefined when absent or unreadable. */
export function retryAfterOf(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds) : undefined;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
