// WEB_CONCURRENCY worker processes sharing one port on one PostgreSQL: both take signups, the
// database-counted rate limit holds across them, a status change reaches the live streams of both,
// a publish announced through one reaches the pages of both (each worker hears PostgreSQL's NOTIFY
// on its own connection), a dead worker is replaced, SIGTERM stops them all; on PGlite the server
// refuses to start.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPostgresDatabase } from '../support/postgres';
import { openRawEventStream } from '../support/event-stream';
import { awayFromWindowEdge } from '../support/rate-windows';
import { TEST_DATABASE_URL, requireOrSkip } from '../support/requirements';
import { postRevalidate, standInEnv, startSanityStandIn, type SanityStandIn } from '../support/sanity-standin';
import { startServer, startServerExpectingFailure, type TestServer } from '../support/server';
import { signupBody } from '../support/signups';
import { storedSignups, teamToken } from '../support/team-client';
import { until } from '../support/until';

const LIMIT = 10;
const SECRET = 'webhook-secret-for-the-cluster';

/** The worker processes of a server (its children). */
const workersOf = (server: TestServer) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.process.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);

/** Bytes a process has written so far (sockets included): grows with every answer it sends. */
const bytesWritten = (pid: number) => Number(/wchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);

/** POST /api/signups on a connection of its own, so that the primary hands it to the next worker. */
function signupOnNewConnection(url: string) {
  const id = crypto.randomUUID();
  const body = signupBody(id);
  return new Promise<{ status: number; id: string }>((resolve, reject) => {
    const req = request(
      `${url}/api/signups`,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } },
      (res) => {
        res.resume().on('end', () => resolve({ status: res.statusCode!, id }));
      },
    );
    req.on('error', reject).end(body);
  });
}

test('on the embedded database several workers are refused with a clear message', async () => {
  const { code, output } = await startServerExpectingFailure({ env: { WEB_CONCURRENCY: '2' } });
  expect(code).toBe(1);
  expect(output).toContain('WEB_CONCURRENCY: more than one worker process needs PostgreSQL (DATABASE_URL)');
});

const postgres = requireOrSkip('postgres', Boolean(TEST_DATABASE_URL), 'set TEST_DATABASE_URL to run two workers');
describe.runIf(postgres)('two worker processes on one PostgreSQL', () => {
  let server: TestServer;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let standIn: SanityStandIn;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    databaseUrl = database.url;
    standIn = await startSanityStandIn();
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        SIGNUP_RATE_LIMIT: String(LIMIT),
        ...standInEnv(standIn, SECRET),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    await drop?.();
  });

  test('the server announces two workers and both run', () => {
    expect(server.output()).toMatch(/listening on http:\/\/[^ ]+ \(database: postgres, 2 worker processes\)/);
    expect(workersOf(server)).toHaveLength(2);
  });

  test('both workers take signups; the rate limit counted in the database holds across them', async () => {
    await awayFromWindowEdge();
    const workers = workersOf(server);
    const before = workers.map(bytesWritten);
    const answers = [];
    // One after another, each on a new connection: the primary deals connections out in turn.
    for (let i = 0; i < LIMIT + 4; i++) answers.push(await signupOnNewConnection(server.url));
    const written = workers.map((pid, i) => bytesWritten(pid) - before[i]!);
    // Each worker sent about half of the answers (several KB); an idle one writes next to nothing.
    for (const bytes of written) expect(bytes).toBeGreaterThan(2_000);

    expect(answers.slice(0, LIMIT).map((a) => a.status)).toEqual(Array(LIMIT).fill(201));
    // Per process, each worker saw only about half of the hits: only a shared count refuses these.
    expect(answers.slice(LIMIT).map((a) => a.status)).toEqual([429, 429, 429, 429]);
    const stored = new Set((await storedSignups(server.url)).map((s) => s.id));
    for (const answer of answers.slice(0, LIMIT)) expect(stored.has(answer.id)).toBe(true);
    expect(stored.size).toBe(LIMIT);
  });

  test('a status change through one worker reaches the live streams held by both', async () => {
    const id = crypto.randomUUID();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(
        `insert into applications (id, application_type, name, email) values ($1, 'Mentor', 'Lena', 'lena@example.org')`,
        [id],
      );
      await client.query(`insert into application_history (application_id, to_status) values ($1, 'pending')`, [id]);
    } finally {
      await client.end();
    }
    const token = await teamToken(server.url);
    // Four streams, each on a connection of its own: the workers hold two each.
    const streams = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const stream = Object.assign(await openRawEventStream(server.url, token), {
          events: [] as { id?: string; status?: string }[],
        });
        stream.onEvent = (event, data) => {
          if (event === 'application') stream.events.push(JSON.parse(data) as { id?: string; status?: string });
        };
        return stream;
      }),
    );
    try {
      const res = await fetch(`${server.url}/api/applications/${id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'approved', version: 1 }),
      });
      expect(res.status).toBe(200);
      await until(
        () => streams.every((stream) => stream.events.some((e) => e.id === id && e.status === 'approved')),
        'the change on every stream',
      );
      for (const stream of streams)
        expect(stream.events).toContainEqual(expect.objectContaining({ id, status: 'approved' }));
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  test('a publish announced through one worker changes the prerendered pages of every worker within 2 s', async () => {
    const settings = standIn.document('siteSettings')!;
    const tagline = 'Von einem Worker veröffentlicht, von allen gezeigt';
    standIn.publish({ ...settings, tagline });
    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
    const res = await postRevalidate(server.url, body, SECRET);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: true });
    // New connections reach the workers in turn: once several in a row show the new page, both do.
    const home = () =>
      new Promise<string>((resolve, reject) => {
        request(`${server.url}/`, { agent: false }, (r) => {
          let html = '';
          r.setEncoding('utf8').on('data', (d: string) => (html += d));
          r.on('end', () => resolve(html));
        })
          .on('error', reject)
          .end();
      });
    const fourPages = async () => [await home(), await home(), await home(), await home()];
    await until(
      async () => (await fourPages()).every((html) => html.includes(tagline)),
      'the new tagline from both workers',
      { timeoutMs: 2000, intervalMs: 20 },
    );
    // Each worker rendered its own pages once for this publish.
    expect(server.output().match(/Content sync \(webhook\): rendered \//g)).toHaveLength(2);
    // ... and they keep showing it.
    expect((await fourPages()).map((html) => html.includes(tagline))).toEqual([true, true, true, true]);
  });

  test('a worker that dies is replaced, and the server keeps answering', async () => {
    const [victim] = workersOf(server);
    process.kill(victim!, 'SIGKILL');
    await until(() => workersOf(server).length === 2 && !workersOf(server).includes(victim!), 'a replacement worker');
    const workers = workersOf(server);
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(victim);
    const said = `Worker ${victim} exited (SIGKILL); starting a new one.`;
    await until(() => server.output().includes(said), 'the primary to say so');
    expect(server.output()).toContain(said);
    /** /healthz on four new connections (0 for a refused or reset one). */
    const health = () =>
      Promise.all(
        [1, 2, 3, 4].map(
          () =>
            new Promise<number>((resolve) =>
              request(`${server.url}/healthz`, { agent: false }, (r) => resolve(r.resume().statusCode!))
                .on('error', () => resolve(0))
                .end(),
            ),
        ),
      );
    await until(async () => (await health()).every((status) => status === 200), 'both workers answering');
    expect(await health()).toEqual([200, 200, 200, 200]);
  });

  test('SIGTERM stops the primary and every worker', async () => {
    const workers = workersOf(server);
    expect(workers).toHaveLength(2);
    expect(await server.stop()).toBe(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until(() => workers.every((pid) => !alive(pid)), 'the workers to exit');
    expect(workers.filter(alive)).toEqual([]);
  });
});
