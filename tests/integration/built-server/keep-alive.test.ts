// Early answers and pooled connections: a route that answers before it read the request body (405,
// 413, 401) must not leave the client's keep-alive connection to be torn down under its next
// request. Plain HTTP against the built server, with Node's keep-alive agent as a client pool uses it.
// The server says `Connection: close` for every such answer (decision 048), so it is checked here,
// through the server, not on a route's Response.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type TestServer } from '../../support/server';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function request(agent: http.Agent, url: string, method: string, body?: Buffer, headers = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          connection: res.headers.connection,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    // A client may still be sending when the answer arrives; that is not this test's failure.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
    req.end(body);
  });
}

describe('answers before the request body was read', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  const big = Buffer.alloc(200 * 1024, 'a');
  const json = { 'Content-Type': 'application/json' };
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  // [name, path, status, request headers, whether the route answers before it reads the body]
  const cases: [string, string, number, Record<string, string>, boolean][] = [
    ['PUT /api/signups (405, direct path skipped)', '/api/signups', 405, json, true],
    ['POST /api/signups (413, direct path)', '/api/signups', 413, json, true],
    ['POST /api/team/session without a session (401 through React Router)', '/api/team/session', 401, json, true],
    ['POST /healthz (405 through React Router)', '/healthz', 405, json, true],
    ['POST /api/applications without a token (401)', '/api/applications', 401, json, true],
    [
      'PATCH /api/applications/:id with a forged token (401, the team API)',
      '/api/applications/00000000-0000-4000-8000-000000000000',
      401,
      { ...json, Authorization: 'Bearer not-a-token' },
      true,
    ],
    // A page's action: React Router reads the rest of the body while it renders the page.
    ['POST /mitmachen (413, a form)', '/mitmachen', 413, form, false],
  ];

  for (const [name, path, status, headers, early] of cases) {
    test(`${name}: the next request on the same pooled connection succeeds`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const method = name.split(' ')[0]!;
        // Chunked as well as with a declared length: the two reach different checks.
        for (const framing of [{ 'Content-Length': String(big.length) }, { 'Transfer-Encoding': 'chunked' }]) {
          const first = await request(agent, `${server.url}${path}`, method, big, { ...headers, ...framing });
          expect(first.status).toBe(status);
          // 200 KB are far more than these routes read before they answer.
          if (early) expect(first.connection).toBe('close');
          const second = await request(agent, `${server.url}/healthz`, 'GET');
          expect(second.status).toBe(200);
          expect(JSON.parse(second.body)).toMatchObject({ ok: true });
        }
      } finally {
        agent.destroy();
      }
    });
  }
});
