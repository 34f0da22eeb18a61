import { isIP } from 'node:net';
import express, { type Request } from 'express';
import { describe, expect, test } from 'vitest';
import { clientAddressOf, limitKey } from './client-address.server';

/**
 * clientAddressOf for a request from `socketAddress` with that X-Forwarded-For, through an Express
 * app that trusts `hops` proxies (as the composition root sets `trust proxy` from TRUST_PROXY).
 */
function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, hops: number) {
  const app = express();
  app.set('trust proxy', hops);
  const req = Object.create(app.request) as Request;
  // Node joins repeated X-Forwarded-For headers into one list.
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor;
  Object.assign(req, { headers: header === undefined ? {} : { 'x-forwarded-for': header } });
  Object.defineProperty(req, 'socket', { value: { remoteAddress: socketAddress } });
  return clientAddressOf(req);
}

describe('clientAddress: the entry the outermost trusted proxy added', () => {
  test('without a trusted proxy the socket is the client, whatever the header says', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.9', 0)).toBe('198.51.100.7');
    expect(clientAddress(undefined, undefined, 0)).toBe('unknown');
  });

  test('behind one proxy: the right-most entry, never one the client wrote to its left', () => {
    // The client sent "X-Forwarded-For: 1.1.1.1, 2.2.2.2"; the proxy appended the address it saw.
    expect(clientAddress('10.0.0.2', '1.1.1.1, 2.2.2.2, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '203.0.113.9', 1)).toBe('203.0.113.9');
    // Two headers are one list (Node joins them).
    expect(clientAddress('10.0.0.2', ['1.1.1.1', '203.0.113.9'], 1)).toBe('203.0.113.9');
  });

  test('behind two proxies (a platform balancer in front of Caddy): the second entry from the right', () => {
    expect(clientAddress('10.0.0.2', 'forged, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
    // Fewer entries than proxies: all were written by trusted proxies; the first is the client.
    expect(clientAddress('10.0.0.2', '203.0.113.9', 2)).toBe('203.0.113.9');
  });

  test('ports and brackets are dropped; an entry that is no address falls back to the socket', () => {
    expect(clientAddress('10.0.0.2', 'x, 203.0.113.9:51234', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '[2001:db8::1]:443', 1)).toBe('2001:db8::1');
    expect(clientAddress('10.0.0.2', '2001:db8::1', 1)).toBe('2001:db8::1');
    expect(clientAddress('10.0.0.2', 'unknown', 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', ' , ', 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
  });
});

describe('limitKey: what every rate limit counts', () => {
  test('an IPv4 address is itself, also when it comes IPv4-mapped', () => {
    for (const address of ['192.0.2.1', '::ffff:192.0.2.1', '::FFFF:c000:0201', '0:0:0:0:0:ffff:192.0.2.1']) {
      expect(limitKey(address), address).toBe('192.0.2.1');
    }
  });

  test('IPv6 addresses of one /64 share one key; another /64 has its own', () => {
    const keys = ['2001:db8:1:2::1', '2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:abcd::9', 'fe80::1%eth0'];
    expect(new Set(keys.slice(0, 3).map(limitKey))).toEqual(new Set(['2001:db8:1:2::']));
    expect(limitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::');
    expect(limitKey(keys[3]!)).toBe('fe80::');
    expect(limitKey('::1')).toBe('::');
    expect(limitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b::');
  });

  test('every IPv6 key is a valid address (Better Auth validates what it is given)', () => {
    for (const address of ['2001:db8:1:2::1', '::1', '2001:db8::', '1:2:3:4:5:6:7:8']) {
      expect(isIP(limitKey(address)), address).toBe(6);
    }
  });

  test('what is no address stays as it is, shortened', () => {
    expect(limitKey('unknown')).toBe('unknown');
    expect(limitKey('')).toBe('unknown');
    expect(limitKey('x'.repeat(500))).toHaveLength(64);
  });
});
