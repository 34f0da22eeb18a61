// Draining, as a replica behind Caddy goes through it when it is replaced or restarted: on SIGTERM
// /healthz answers 503 at once, every answer says `Connection: close`, the live event stream ends,
// the instance keeps serving while the proxy notices (TRUST_PROXY), an upload in flight finishes
// and is stored, and only then are new connections refused; the process exits 0. Without a proxy
// in front the instance stops accepting at once. One built server each, a few seconds.
import http from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { openDatabase } from '~/server/db/db.server';
import { DRAIN } from '~/server/app/draining.server';
import { EventStreamReader } from '../../support/event-stream';
import { freshDataDir, startServer, type TestServer } from '../../support/server';
import { signupBody } from '../../support/signups';
import { teamToken } from '../../support/team-client';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One request on `agent` (a pooled keep-alive connection, as a proxy holds them). */
function request(
  url: string,
  options: http.RequestOptions & { body?: string } = {},
  agent?: http.Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, ...options }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Whether a new connection to `url` is refused. */
const refused = (url: string) =>
  request(`${url}/healthz`, { agent: false }).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );

/** POST /api/signups on a new connection: the headers and the body's first 20 bytes now, the rest after `restAfterMs`. */
function slowUpload(url: string, body: Buffer, restAfterMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/signups`,
      {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, 20));
    setTimeout(() => req.end(body.subarray(20)), restAfterMs);
  });
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});

describe('SIGTERM behind a proxy (TRUST_PROXY=true)', () => {
  test('healthz 503 and Connection: close at once, the stream ends, serving goes on while the proxy notices, the upload in flight is stored, then the port closes', async () => {
    const dataDir = freshDataDir();
    server = await startServer({ dataDir, env: { TRUST_PROXY: 'true' } });
    const { url } = server;
    const pool = new http.Agent({ keepAlive: true, maxSockets: 1 });

    const before = await request(`${url}/healthz`, {}, pool);
    expect(before).toMatchObject({ status: 200, connection: 'keep-alive' });
    const token = await teamToken(url);
    const stream = new EventStreamReader(
      await fetch(`${url}/api/applications/events`, { headers: { Authorization: `Bearer ${token}` } }),
    );
    await stream.waitFor((e) => e.event === 'snapshot');

    // An upload in flight: its headers and half its body before the signal, the rest after.
    const id = crypto.randomUUID();
    const body = Buffer.from(signupBody(id, 'Im Abschied'));
    const upload = slowUpload(url, body, 1500);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = new Promise<number | null>((resolve) => server!.process.once('exit', resolve));
    const signalled = performance.now();
    server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));

    // On the pooled connection: 503, and the connection is not kept.
    const during = await request(`${url}/healthz`, {}, pool);
    expect(during.status).toBe(503);
    expect(JSON.parse(during.body)).toMatchObject({ ok: false, draining: true });
    expect(during.connection).toBe('close');
    // The live stream has ended (the browser reconnects through the proxy elsewhere).
    await Promise.race([
      stream.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream open')), 2000)),
    ]);
    // A request the proxy routed here before it noticed is still answered, on a new connection too.
    const page = await request(`${url}/`, { agent: false });
    expect(page).toMatchObject({ status: 200, connection: 'close' });
    expect(await refused(url)).toBe(false);

    const uploaded = await upload;
    expect(uploaded.status).toBe(201);
    expect(uploaded.connection).toBe('close');

    // After the notice period the port is closed and the process exits by itself, cleanly.
    await expect(exited).resolves.toBe(0);
    const exitedAfter = performance.now() - signalled;
    expect(exitedAfter).toBeGreaterThanOrEqual(DRAIN.noticeMs - 100);
    expect(exitedAfter).toBeLessThan(DRAIN.graceMs);
    expect(await refused(url)).toBe(true);
    expect(server.output()).toContain('SIGTERM: shutting down');
    pool.destroy();

    const database = await openDatabase({ dataDir });
    try {
      const { rows } = await database.query<{ name: string }>('select name from signups where id = $1', [id]);
      expect(rows).toEqual([{ name: 'Im Abschied' }]);
    } finally {
      await database.close();
    }
  });
});

describe('SIGTERM without a proxy', () => {
  test('stops accepting at once, finishes the request in flight, exits 0', async () => {
    server = await startServer();
    const { url } = server;
    const id = crypto.randomUUID();
    const body = Buffer.from(signupBody(id));
    const upload = slowUpload(url, body, 800);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise<number | null>((resolve) => server!.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await refused(url)).toBe(true);
    expect((await upload).status).toBe(201);
    await expect(exited).resolves.toBe(0);
  });
});
