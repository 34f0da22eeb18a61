// Who a request comes from, as far as the server can know it: the address the nearest proxy we
// trust saw (TRUST_PROXY counts them), and the key rate limits count that address under.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`, `[2001:db8::1]:443` → the address alone; undefined if it is none. */
function addressOnly(entry: string): string | undefined {
  let value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  return isIP(value.split('%')[0]!) ? value : undefined;
}

/**
 * The client's address behind `hops` reverse proxies. Each proxy appends the address it was
 * connected from to `X-Forwarded-For`, so the entries a client writes itself stand to the left of
 * everything the proxies added: the address is the entry the outermost trusted proxy added, the
 * `hops`-th from the right. With no proxy trusted (0), or no header, it is the socket's address.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string {
  const direct = socketAddress || 'unknown';
  if (hops <= 0 || forwardedFor === undefined) return direct;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return direct;
  // Fewer entries than proxies: every entry was written by a trusted proxy; the first is the client.
  return addressOnly(entries[Math.max(0, entries.length - hops)]!) ?? direct;
}

/** The client address of a Node request (the socket, or X-Forwarded-For behind `hops` trusted proxies). */
export const clientAddressOf = (req: IncomingMessage, hops: number) =>
  clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], hops);

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
