// What a hostile client tries against the built server behind one trusted proxy (TRUST_PROXY=true,
// as in the compose stack): forging or rotating its address, bodies without end sent to any route
// that takes a body, methods no route serves and Host headers that are none. Each is answered with
// a 4xx, and no limit is escaped.
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LINGER_MS } from '~/server/http/unread-body.server';
import { awayFromWindowEdge } from '../../support/rate-windows';
import { allRoutes, type RouteConfigEntry } from '../../support/route-table';
import { ROOT, startServer, type TestServer } from '../../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    env: { TRUST_PROXY: 'true', SIGNUP_RATE_LIMIT: '3', SANITY_WEBHOOK_SECRET: 'hostile-clients-secret' },
  });
});
afterAll(() => server?.stop());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with exactly these headers (Host included); `body` written in one piece. */
function raw(method: string, target: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path: target, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Streams `sent` bytes of a form body without Content-Length (chunked) and then keeps the body open,
 * never ending it: the server can only answer by refusing before the end. Resolves with the status,
 * or rejects when no answer comes within `waitMs`.
 */
function bodyWithoutEnd(target: string, sent: number, waitMs = 15_000): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${target}: no answer ${waitMs} ms after ${sent} bytes of a body without end`));
    }, waitMs);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: target,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      },
      (res) => {
        answered = true;
        clearTimeout(timer);
        res.resume();
        resolve({ status: res.statusCode! });
        req.destroy();
      },
    );
    req.on('error', (error) => (answered ? undefined : reject(error)));
    req.write(Buffer.alloc(sent, 'a'));
  });
}

const signup = () =>
  JSON.stringify({
    id: crypto.randomUUID(),
    userType: 'reiter',
    name: 'Ida',
    email: 'ida@example.org',
    newsletterOptIn: false,
  });

describe('the client address behind a trusted proxy', () => {
  test('rotating the X-Forwarded-For entries a client writes itself escapes no limit', async () => {
    await awayFromWindowEdge(60_000, 20_000);
    // The proxy appends the address it saw (198.51.100.50); what stands to its left is the client's.
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const answer = await raw(
        'POST',
        '/api/signups',
        { Host: 'localhost', 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${i}.1, 198.51.100.50` },
        signup(),
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  test('new addresses of one IPv6 /64 count as one client', async () => {
    await awayFromWindowEdge(60_000, 20_000);
    const statuses = [];
    for (let i = 1; i <= 4; i++) {
      const answer = await raw(
        'POST',
        '/api/signups',
        { Host: 'localhost', 'Content-Type': 'application/json', 'X-Forwarded-For': `2001:db8:4:4::${i}` },
        signup(),
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const other = await raw(
      'POST',
      '/api/signups',
      { Host: 'localhost', 'Content-Type': 'application/json', 'X-Forwarded-For': '2001:db8:4:5::1' },
      signup(),
    );
    expect(other.status).toBe(201);
  });
});

describe('request bodies are capped everywhere', () => {
  const fill = (route: RouteConfigEntry) =>
    `/${(route.index ? '' : (route.path ?? ''))
      .replace(':id', '00000000-0000-4000-8000-000000000000')
      .replace(':file', 'x.avif')
      .replace('*', 'sign-in/email')}`;

  /** A same-origin form post of `body` to `target`. */
  const postForm = (target: string, body: string) =>
    raw(
      'POST',
      target,
      { Host: new URL(server.url).host, Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    );

  test('every route with an action refuses a 200 KB body (413 where it reads the body), never 2xx or 5xx', async () => {
    const withAction: string[] = [];
    for (const route of allRoutes()) {
      const module = (await import(path.join(ROOT, 'web', route.file))) as { action?: unknown };
      if (module.action) withAction.push(fill(route));
    }
    expect(withAction).toEqual(expect.arrayContaining(['/newsletter/bestaetigen', '/newsletter/abmelden', '/auth']));
    const body = `token=x&name=${'a'.repeat(200 * 1024)}`;
    for (const target of [...new Set(withAction)]) {
      const answer = await postForm(target, body);
      // A 4xx, or a redirect given before the body is read (/bewerbung without a grant).
      expect(answer.status, target).toBeGreaterThanOrEqual(300);
      expect(answer.status, target).toBeLessThan(500);
    }
    // The pages that read a form: 413.
    const formPages = ['/newsletter/bestaetigen', '/newsletter/abmelden', '/auth', '/konto', '/access', '/mitmachen'];
    for (const target of formPages) {
      const answer = await postForm(target, body);
      expect(answer.status, target).toBe(413);
    }
  });

  test('a body without end (no Content-Length) to a page action is refused after a few KB, without waiting for its end', async () => {
    // 1 MB, far above the page actions' cap and far below what an unbounded read would wait for:
    // the body stays open, so only a refusal before its end can answer.
    for (const target of ['/newsletter/bestaetigen?token=x', '/newsletter/abmelden?token=x']) {
      expect((await bodyWithoutEnd(target, 1024 * 1024)).status, target).toBe(413);
    }
    expect((await raw('GET', '/healthz', { Host: 'localhost' })).status).toBe(200);
  });

  test(`after an early 413 the rest of the body is dropped for at most ${LINGER_MS / 1000} s, then the connection closes`, async () => {
    // A client that announces 10 MB and trickles it (1 KB every 100 ms, far below any byte bound):
    // it is answered at once, and the socket is not held until the body ends (LINGER_MS in
    // web/server/http/unread-body.server.ts). Half-open, so the server's FIN after the answer does
    // not end this side too: the server's close shows as the reset of a later write.
    const socket = net.connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => {});
    await once(socket, 'connect');
    socket.write(
      `POST /newsletter/bestaetigen?token=x HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nOrigin: ${server.url}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000000\r\n\r\n' +
        'a'.repeat(64 * 1024),
    );
    const trickle = setInterval(() => socket.write('a'.repeat(1024)), 100);
    let received = '';
    let answeredAt = 0;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (!answeredAt && received.includes('\r\n\r\n')) answeredAt = performance.now();
    });
    // (Not events.once: it rejects on the write's EPIPE, which is the close this test waits for.)
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(trickle);
    const lingered = performance.now() - answeredAt;
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(received).toMatch(/^connection: close\r$/im);
    console.log(`closed ${Math.round(lingered)} ms after the 413`);
    // LINGER_MS, less the timers' slack and more a busy machine's.
    expect(lingered).toBeGreaterThan(LINGER_MS - 500);
    expect(lingered).toBeLessThan(LINGER_MS + 2500);
  });
});

describe('methods and Host headers', () => {
  test('TRACE and unknown methods → 405 with Allow, on pages, the API and static files', async () => {
    // (Node's parser answers methods it does not know at all, such as TRACK, with 400 itself.)
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
      for (const target of ['/', '/api/signups', '/konto', '/favicon.svg']) {
        const answer = await raw(method, target, { Host: 'localhost' });
        expect(answer.status, `${method} ${target}`).toBe(405);
        expect(answer.headers.allow, `${method} ${target}`).toContain('GET');
        expect(answer.headers['content-security-policy'], `${method} ${target}`).toContain("frame-ancestors 'none'");
      }
    }
  });

  test('a malformed Host (or forwarded host) → 400 on every kind of route, never a 5xx', async () => {
    for (const host of ['a:b:c', '[::1', 'x y', 'a:99999']) {
      for (const [method, target] of [
        ['GET', '/api/signups'],
        ['POST', '/api/signups'],
        ['GET', '/konto'],
        ['GET', '/auth'],
        ['GET', '/'],
        ['GET', '/api/auth/get-session'],
      ] as const) {
        const answer = await raw(
          method,
          target,
          { Host: host, 'Content-Type': 'application/json' },
          method === 'POST' ? signup() : undefined,
        );
        expect(answer.status, `${method} ${target} Host: ${host}`).toBe(400);
      }
    }
    const forwarded = await raw('GET', '/konto', { Host: 'localhost', 'X-Forwarded-Host': '[::1' });
    expect(forwarded.status).toBe(400);
    // A well-formed Host still works, also with a port and as an address.
    for (const host of ['localhost', `127.0.0.1:${server.port}`, '[::1]:3000']) {
      expect((await raw('GET', '/api/auth/get-session', { Host: host })).status, host).toBe(200);
    }
  });
});
