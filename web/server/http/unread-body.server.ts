// Answers sent before the request body was read (a 405, 413 or 401 to a large upload). Node would
// keep such a connection alive although the rest of the body is still on the wire, or tear it down
// under the client's next pooled request (ECONNRESET), or, when a route stops reading, destroy the
// socket before the answer is even written. Instead: such an answer says `Connection: close`, the
// socket lives until the answer is out, and the rest of the body is read and dropped for a while
// (nginx's lingering close) before the connection closes, so that the client reads the answer
// instead of a reset. The bound is time, not bytes: on a fast link a byte bound (1 MB was tried)
// runs out in a millisecond, before a busy client has read the answer it was sent.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type express from 'express';

/** An unread body is read and dropped for at most this long after the answer, then the socket
 * closes (also when the client stops sending mid-body: it must not hold the socket). */
export const LINGER_MS = 2000;

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Reads and drops what is left of the body, then closes the socket (half-closed until then). */
function linger(req: IncomingMessage, socket: Socket) {
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS).unref();
  socket.once('close', () => clearTimeout(timer));
  req.removeAllListeners('data');
  req.once('end', close).once('error', close);
  req.resume();
  socket.resume();
}

export const closeUnreadBodies: express.RequestHandler = (req, res, next) => {
  if (!hasBody(req)) return next();
  const socket = req.socket;
  let answered = false;

  // A body reader that gives up (too large) destroys the request, which would destroy the socket
  // with the answer still unwritten: until the answer is out, it only stops reading.
  const destroy = req.destroy.bind(req);
  req.destroy = (error?: Error) => {
    if (answered || socket.destroyed) return destroy(error);
    req.removeAllListeners('data');
    req.pause();
    return req;
  };

  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    if (!req.complete && !res.headersSent) {
      res.setHeader('Connection', 'close');
      // Node closes a `Connection: close` socket as soon as the answer is written; with unread
      // bytes in its receive buffer that close is a reset, which can cost the client the answer.
      socket.destroySoon = () => {
        socket.end();
        linger(req, socket);
      };
    }
    return writeHead(...args);
  }) as typeof res.writeHead;

  res.once('finish', () => (answered = true));
  next();
};
