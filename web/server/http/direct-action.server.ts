// A lean transport for the one hot API path, POST /api/signups (decision record 008). It calls the
// route module's own action, so the route stays the single implementation (and what the
// integration tests call); only React Router's request handler is skipped, which cost more than
// the signup itself (streamed Fetch Request, matching every route, streamed answer):
// bench:api went from ~2,600 to ~5,300 signups/s on PostgreSQL with it.
import type { IncomingMessage } from 'node:http';
import type express from 'express';
import type { RouterContextProvider, ServerBuild } from 'react-router';
import { acceptBeacon } from '../insights/insights.server';
import { clientAddressOf } from './client-address.server';
import { handleApi, jsonError } from './http.server';

type Action = (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }) => unknown;

/**
 * The most body this transport buffers. Routes set their own, smaller limits (16 KB for signups):
 * a longer body is cut one byte past this cap, so the route still sees it as too large (413)
 * without the server holding more than the cap in memory.
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

/** Express handler that answers with the route's action, called directly. */
export function directAction(
  action: Action,
  loadContext: (req: express.Request, res: express.Response) => RouterContextProvider,
): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const body = await readCappedBody(req);
      if (body === null) return; // The client is gone; nothing to answer.
      const response = await action({ request: toFetchRequest(req, body), params: {}, context: loadContext(req, res) });
      if (!(response instanceof Response)) throw new Error('A direct action must return a Response');
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * POST /api/insights/events without a Fetch Request: a spike of page views sends thousands of
 * these a second, and the beacon needs only its (small) body, a few headers and the address. The
 * logic is the route's (`acceptBeacon`); errors are answered as the API's handler answers them.
 */
export function directBeacon(bodyLimit: number, trustedProxies: number): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const body = await readCappedBody(req, bodyLimit);
      if (body === null) return; // The client is gone; nothing to answer.
      const response = await handleApi(async () => {
        if (body.length > bodyLimit) return jsonError(413, 'Request body too large');
        const header = (name: string) => {
          const value = req.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const address = clientAddressOf(req, trustedProxies);
        const status = await acceptBeacon(body.toString('utf8'), header, address, req.get('host'));
        return status === 400 ? jsonError(400, 'Invalid beacon') : new Response(null, { status: 204 });
      });
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    } catch (error) {
      next(error);
    }
  };
}
