// What is refused before anything else looks at a request: a method the server does not serve
// (TRACE, which the Fetch API cannot even represent, and anything unknown) and a Host that is not
// a host name or address. Both would otherwise reach code that builds a URL or a Fetch Request
// from them and fails with a 500; a client's mistake is a 4xx.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/** The methods any route serves; everything else is answered 405 at the door. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const SERVED = new Set<string>(SERVED_METHODS);

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*\\.?$`, 'i');

/** Whether `host` is a Host header value: a name or IPv4 address, or a bracketed IPv6 one, with an optional port. */
export function validHost(host: string): boolean {
  if (host.length > 255) return false;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(host);
  if (bracketed) return isIP(bracketed[1]!) === 6 && (bracketed[2] === undefined || Number(bracketed[2]) <= 65535);
  const [name, port, more] = host.split(':');
  if (more !== undefined || !name || !NAME.test(name)) return false;
  return port === undefined || (/^\d{1,5}$/.test(port) && Number(port) <= 65535);
}

export type Refusal = { status: 405 | 400; error: string; headers: Record<string, string> };

/**
 * Why a request is refused at the door, or undefined to go on. `trustedProxies` > 0: the proxy's
 * X-Forwarded-Host stands in for Host, so it must be a host too.
 */
export function refusalOf(
  req: Pick<IncomingMessage, 'method' | 'headers'>,
  trustedProxies: number,
): Refusal | undefined {
  if (!SERVED.has(req.method ?? '')) {
    return { status: 405, error: 'Method not allowed', headers: { Allow: SERVED_METHODS.join(', ') } };
  }
  const hosts = [req.headers.host, trustedProxies > 0 ? req.headers['x-forwarded-host'] : undefined];
  for (const host of hosts) {
    const value = Array.isArray(host) ? host.join(',') : host;
    // Several forwarded hosts: each is checked (Express reads the first).
    if (value !== undefined && !value.split(',').every((h) => validHost(h.trim()))) {
      return { status: 400, error: 'Malformed Host header', headers: {} };
    }
  }
  return undefined;
}

/** Answers a refusal (JSON, never cached); the connection closes if a body was still coming. */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal) {
  const body = JSON.stringify({ error: refusal.error });
  const unread = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  res.writeHead(refusal.status, {
    ...refusal.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(unread ? { Connection: 'close' } : {}),
  });
  res.end(body);
}
