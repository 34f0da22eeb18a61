// Slow clients against the built server, with the production limits (not shortened for the test):
// 10 s for the request headers, 30 s for the body after them, and an idle keep-alive connection
// kept longer than either (and longer than Caddy keeps its own idle connections to the app: 60 s),
// so that a proxy's pooled connection is not closed under it. The three run side by side (~32 s).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HTTP_TIMEOUTS } from '~/server/app/timeouts.server';
import { startServer, type TestServer } from '../../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** A raw connection to the server, collecting what it answers, with the time it was closed. */
async function connect() {
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = performance.now();
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => (received += text));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - opened)));
  return { socket, closed, received: () => received };
}

describe('slow clients', () => {
  test.concurrent(
    'headers not complete after 10 s: the connection is closed (408)',
    async () => {
      const client = await connect();
      client.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: a');
      const tick = setInterval(() => client.socket.write('a'), 1000);
      try {
        const after = await client.closed;
        expect(after).toBeGreaterThan(HTTP_TIMEOUTS.headersMs - 500);
        expect(after).toBeLessThan(HTTP_TIMEOUTS.headersMs + 2 * HTTP_TIMEOUTS.checkIntervalMs + 1000);
        expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
      } finally {
        clearInterval(tick);
      }
    },
    20_000,
  );

  test.concurrent(
    'a body still arriving 30 s after its headers: 408 and the connection closed',
    async () => {
      const client = await connect();
      client.socket.write(
        'POST /api/signups HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      // A byte a second: never idle, never complete.
      const tick = setInterval(() => client.socket.write(' '), 1000);
      try {
        const after = await client.closed;
        expect(after).toBeGreaterThan(HTTP_TIMEOUTS.bodyMs - 500);
        expect(after).toBeLessThan(HTTP_TIMEOUTS.bodyMs + 3000);
        expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
        expect(client.received()).toMatch(/\r\nconnection: close\r\n/i);
      } finally {
        clearInterval(tick);
      }
      // The server is unharmed.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    },
    45_000,
  );

  test.concurrent(
    'an idle keep-alive connection outlives the header limit and serves its next request',
    async () => {
      const client = await connect();
      client.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(client.received()).toMatch(new RegExp(`keep-alive: timeout=${HTTP_TIMEOUTS.keepAliveMs / 1000}`, 'i'));
      // Idle for longer than the header limit (and than Node's old default of 5 s).
      await new Promise((resolve) => setTimeout(resolve, HTTP_TIMEOUTS.headersMs + 2 * HTTP_TIMEOUTS.checkIntervalMs));
      expect(client.socket.destroyed).toBe(false);
      client.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      await client.closed;
      expect(client.received().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    },
    20_000,
  );
});
