// How long a connection may take: a slow client gets 10 s for its headers and 30 s for its body
// (Node's defaults, 60 s and 300 s for the whole request, let a few hundred slow connections hold
// the server); an idle keep-alive connection stays open longer than the proxy keeps its own idle
// connections (deploy/Caddyfile: 60 s), so the proxy never sends a request on a connection this
// server is closing at that moment.
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';

export const HTTP_TIMEOUTS = {
  headersMs: 10_000,
  bodyMs: 30_000,
  keepAliveMs: 75_000,
  /** Node checks the header limit only this often (every 30 s by default). */
  checkIntervalMs: 1000,
};

export type HttpTimeouts = typeof HTTP_TIMEOUTS;

/** Options for http.createServer. Node's own request limit is off: the body limit below counts from the headers. */
export function httpServerOptions(timeouts: HttpTimeouts = HTTP_TIMEOUTS): ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: 0,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
  };
}

/**
 * A request whose body is still arriving `bodyMs` after its headers gets `408` (unless an answer
 * has begun) and its connection closed. Requests without a body (most) get no timer.
 */
export function limitBodyTime(req: IncomingMessage, res: ServerResponse, bodyMs = HTTP_TIMEOUTS.bodyMs) {
  if (req.headers['transfer-encoding'] === undefined && !(Number(req.headers['content-length']) > 0)) return;
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    res.writeHead(408, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
    res.end('Request Timeout');
    // The rest of the body is not waited for.
    res.once('finish', () => req.socket.destroy());
  }, bodyMs);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once('end', clear);
  // An answer sent before the body was read leaves the timer running: the rest must still come in time.
  res.once('close', () => req.complete && clear());
}
