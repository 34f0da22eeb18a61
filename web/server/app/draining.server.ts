// Draining: what an instance does between SIGTERM and its exit, so that a replaced or restarted
// replica loses no request. The proxy (deploy/Caddyfile) asks every replica's /healthz every second
// and sends requests only to replicas that answer 200; it never retries a request that reached a
// replica (only one that could not be sent), so nothing may go to a replica that is gone.
//
// 1. At once: /healthz answers 503, every answer says `Connection: close`, live event streams end
//    (their browsers reconnect, through the proxy, to a replica that stays).
// 2. Behind a proxy (TRUST_PROXY): the instance keeps accepting and serving for `noticeMs`, while
//    the proxy's health check sees the 503 and stops choosing it; a request the proxy had already
//    routed here is answered, not refused.
// 3. Then it stops accepting, closes idle connections, and lets what is in flight finish until
//    `graceMs` after the signal; whatever is still open then is cut.
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

export const DRAIN = {
  /** Behind a proxy: how long an instance keeps serving after SIGTERM (the proxy checks every 1 s). */
  noticeMs: 3000,
  /** Requests in flight finish within this time after SIGTERM (compose allows 20 s until SIGKILL). */
  graceMs: 15_000,
};

let draining = false;
const inFlight = new Set<ServerResponse>();
let onAnswerDone: (() => void) | undefined;

/** Whether this instance is stopping (then /healthz answers 503). */
export const isDraining = () => draining;

/** The request listener, counting answers in flight and closing their connections once draining. */
export function drainable(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      onAnswerDone?.();
    });
    listener(req, res);
  };
}

export interface DrainOptions {
  /** Whether a proxy routes to this instance by its health check (then it waits `noticeMs`). */
  behindProxy: boolean;
  /** Ends every live event stream of this process. */
  endStreams: () => void;
  noticeMs?: number;
  graceMs?: number;
}

/** Steps 1 to 3 above; resolves once the server has closed its last connection. */
export async function drain(server: Server, options: DrainOptions): Promise<void> {
  const { noticeMs = DRAIN.noticeMs, graceMs = DRAIN.graceMs } = options;
  const started = performance.now();
  draining = true;
  // Answers whose headers are not out yet close their connection too; those already streaming
  // leave it idle when done, and idle connections are closed below.
  for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  options.endStreams();
  if (options.behindProxy) await new Promise((resolve) => setTimeout(resolve, noticeMs));

  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  onAnswerDone = () => setImmediate(() => server.closeIdleConnections());
  // A stream opened while the proxy was still noticing.
  options.endStreams();
  const cut = setTimeout(() => server.closeAllConnections(), Math.max(0, graceMs - (performance.now() - started)));
  await closed;
  clearTimeout(cut);
}
