// Who a request comes from, as far as the server can know it: the address the outermost proxy we
// trust saw, and the key rate limits count that address under. Which X-Forwarded-For entry that is
// has one rule, Express's `trust proxy` (proxy-addr), set to TRUST_PROXY's count of proxies in the
// composition root; req.protocol and req.hostname follow the same setting.
import { isIP } from 'node:net';
import type { Request } from 'express';

/** `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`, `[2001:db8::1]:443` → the address alone; undefined if it is none. */
function addressOnly(entry: string): string | undefined {
  let value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  return isIP(value.split('%')[0]!) ? value : undefined;
}

/**
 * The client's address: Express's `req.ip`. Behind n trusted proxies (`trust proxy` = n) each
 * proxy appends the address it was connected from to `X-Forwarded-For`, so the entries a client
 * writes itself stand to the left of everything the proxies added; req.ip is the n-th entry from the
 * right (the left-most when there are fewer), the socket's address with no proxy trusted or no
 * header. Here a port or brackets are dropped, and an entry that is no address falls back to the
 * socket's.
 */
export const clientAddressOf = (req: Request): string =>
  addressOnly(req.ip ?? '') ?? (req.socket.remoteAddress || 'unknown');

/** An IPv6 address as its 8 groups (numbers), or undefined. Understands `::` and a dotted IPv4 tail. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, more] = text.split('::');
  if (more !== undefined) return undefined;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * The key every rate limit counts an address under. An IPv4 address is itself (also when it comes
 * as an IPv4-mapped IPv6 address, `::ffff:192.0.2.1`); an IPv6 address counts as its /64 network
 * (written as the network's address, `2001:db8:1:2::`), because one subscriber is usually given a
 * whole /64 and could otherwise try from 2^64 addresses. Anything else (no address known) is kept
 * as it is, shortened.
 */
export function limitKey(address: string): string {
  const value = address.trim().toLowerCase().split('%')[0]!;
  const family = isIP(value);
  if (family === 4) return value;
  if (family === 6) {
    const groups = ipv6Groups(value);
    if (groups) {
      if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
        const [high, low] = [groups[6]!, groups[7]!];
        return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
      }
      // The network's address in its canonical short form (a valid address, as Better Auth expects one).
      return new URL(
        `http://[${groups
          .slice(0, 4)
          .map((g) => g.toString(16))
          .join(':')}::]`,
      ).hostname.slice(1, -1);
    }
  }
  return value.slice(0, 64) || 'unknown';
}
