// The lean transport for the hot API paths, POST /api/signups and POST /api/insights/events
// (decision record 008): Express answers them itself, before compression and React Router's request
// handler, which cost more than the work itself (streamed Fetch Request, matching every route,
// streamed answer): bench:api went from ~2,600 to ~5,300 signups/s on PostgreSQL with it. It calls
// the route module's own code, so the route stays the single implementation (and what the
// integration tests call): its action's lean form `action.direct` when it has one (the parts of the
// request, no Fetch Request at all: a spike of page views sends thousands of beacons a second),
// else the action itself. (The lean form rides on the action because React Router removes an
// action's server code from the browser's bundle, and would refuse another export that has some.)
import type { IncomingMessage } from 'node:http';
import type express from 'express';
import type { RouterContextProvider, ServerBuild } from 'react-router';
import { bodyTooLarge } from '../http/http.server';

/** The paths (route ids' paths) this transport answers in a production build. */
export const DIRECT_ROUTES = ['api/signups', 'api/insights/events'] as const;

/** What a lean form gets instead of a Fetch Request. */
export interface DirectRequest {
  /** The whole body, at most the lean form's limit (withDirect's `limit`: the transport answers a longer one 413). */
  body: Buffer;
  header: (name: string) => string | undefined;
  /** The Host header. */
  host: string | undefined;
  /** The context React Router would give the action (client address, nonce). */
  context: RouterContextProvider;
}

/** An action's lean form: the same answers as the action, from the request's parts. */
export type DirectHandler = (request: DirectRequest) => Promise<Response>;

/** A route's action, as the transport calls it (with its lean form, when it has one). */
export type Action = ((args: {
  request: Request;
  params: Record<string, string>;
  context: RouterContextProvider;
}) => unknown) & { direct?: DirectHandler; directLimit?: number };

export interface DirectOptions {
  /** The route's body limit in bytes (at most DIRECT_BODY_CAP): a longer body is answered 413. */
  limit?: number;
}

/** An action with its lean form, for a route module's `export const action`. */
export const withDirect = <A extends (...args: never[]) => unknown>(
  action: A,
  direct: DirectHandler,
  options: DirectOptions = {},
) => Object.assign(action, { direct, directLimit: options.limit });

/**
 * The most body this transport buffers for an action without a lean form. Routes set their own,
 * smaller limits (16 KB for signups): a longer body is cut one byte past this cap, so the route
 * still sees it as too large (413) without the server holding more than the cap in memory. A lean
 * form's limit (withDirect's `limit`) is checked by the transport itself.
 */
export const DIRECT_BODY_CAP = 64 * 1024;

/** The action of the route whose path is `routePath` (e.g. 'api/signups'); throws if there is none. */
export function routeAction(build: ServerBuild, routePath: string): Action {
  const route = Object.values(build.routes).find((r) => r?.path === routePath);
  const action = route?.module.action as Action | undefined;
  if (!action) throw new Error(`No route with an action at /${routePath} in the server build`);
  return action;
}

/** Reads at most `cap + 1` bytes of the body; null when the client went away before the end. */
export function readCappedBody(req: IncomingMessage, cap = DIRECT_BODY_CAP): Promise<Buffer<ArrayBuffer> | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (body: Buffer<ArrayBuffer> | null) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onError);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      // Enough to know it is too large: stop buffering (Node discards the rest after the answer).
      if (size > cap) finish(Buffer.concat(chunks).subarray(0, cap + 1));
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onError = () => finish(null);
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onError);
  });
}

/** A Fetch Request with the Node request's method, URL, headers and the buffered body. */
export function toFetchRequest(req: express.Request, body: Buffer<ArrayBuffer>): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    // The body is buffered (and maybe cut), so its framing headers no longer apply; the declared
    // length is kept apart so routes can still refuse an oversized body up front.
    if (/^(transfer-encoding|content-length)$/i.test(name)) continue;
    headers.append(name, req.rawHeaders[i + 1]!);
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > body.length) headers.set('content-length', declared);
  return new Request(`${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`, {
    method: req.method,
    headers,
    body, // Actions answer requests with a body (POST and the like), never GET or HEAD.
  });
}

/**
 * Express handler that answers with the route's action, called directly: its lean form when it
 * has one, else the action with a Fetch Request. A body longer than the action's `directLimit` is
 * answered 413 as readText answers it (by its declared length before it is read, else once the
 * limit is passed; closeUnreadBodies then drops the rest and closes the connection). Errors go on
 * to Express's error handler.
 */
export function directAction(
  action: Action,
  loadContext: (req: express.Request, res: express.Response) => RouterContextProvider,
): express.RequestHandler {
  const { direct, directLimit: limit } = action;
  return async (req, res, next) => {
    try {
      if (limit !== undefined && Number(req.headers['content-length'] ?? 0) > limit) {
        return await send(res, bodyTooLarge());
      }
      const body = await readCappedBody(req, limit);
      if (body === null) return; // The client is gone; nothing to answer.
      if (limit !== undefined && body.length > limit) return await send(res, bodyTooLarge());
      const context = loadContext(req, res);
      const response = direct
        ? await direct({ body, header: (name) => headerOf(req, name), host: req.get('host'), context })
        : await action({ request: toFetchRequest(req, body), params: {}, context });
      if (!(response instanceof Response)) throw new Error('A direct action must return a Response');
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** Writes a Fetch Response to the Node response. */
async function send(res: express.Response, response: Response) {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/** A request header's (first) value. */
function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
