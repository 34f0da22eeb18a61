// One log line per request, written when its answer is finished or the client went away: method,
// path (without the query's values: scrubPath), status, duration, request id and the process.
// Every request passes here, the prerendered pages and assets of the fast path too, so it is
// kept to a timer, one listener and one line.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestLog, scrubPath } from '../log.server';

/** An incoming X-Request-Id (from a proxy) is kept when it is a short token; else a new one. */
const SANE_REQUEST_ID = /^[\w.:-]{8,64}$/;

/** The request's id: a sane incoming `X-Request-Id`, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Logs the request once its answer is done (or aborted): 5xx at level error, the rest at info. A
 * `GET /healthz` answered 200 is not logged: the proxy asks every replica once a second, which
 * would be most of the log (a 503 is logged).
 */
export function logWhenDone(req: IncomingMessage, res: ServerResponse, requestId: string) {
  const started = performance.now();
  res.once('close', () => {
    const status = res.statusCode;
    if (status === 200 && req.url === '/healthz' && res.writableFinished) return;
    const line = {
      requestId,
      method: req.method,
      path: scrubPath(req.url),
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (status >= 500) requestLog.error(line, 'request failed');
    else requestLog.info(line, 'request');
  });
}
