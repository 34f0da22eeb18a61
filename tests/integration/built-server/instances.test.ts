// Two instances (two server processes, each on its own port) on one PostgreSQL, as the compose
// stack runs its replicas behind the proxy: both take signups, the database-counted rate limit
// holds across them, a status change through one reaches the live streams held by both, a publish
// announced through one reaches the pages of both (each instance hears PostgreSQL's NOTIFY on its
// own connection), an instance killed under signup load leaves the other answering and every signup
// it acknowledged stored, and SIGTERM stops each one cleanly. (Until decision 033 these were node:cluster workers behind one port; a
// second process on the embedded database is refused: server.test.ts.)
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPostgresDatabase } from '../../support/postgres';
import { openRawEventStream } from '../../support/event-stream';
import { awayFromWindowEdge } from '../../support/rate-windows';
import { TEST_DATABASE_URL, requireOrSkip } from '../../support/requirements';
import { postRevalidate, standInEnv, startSanityStandIn, type SanityStandIn } from '../../support/sanity-standin';
import { startServer, type TestServer } from '../../support/server';
import { signupBody, signupLoad } from '../../support/signups';
import { storedSignups, teamToken } from '../../support/team-client';
import { until } from '../../support/until';

const LIMIT = 10;
const SECRET = 'webhook-secret-for-the-instances';
const KILL_AFTER = 100; // signups the victim acknowledges before it is killed
// Behind the proxy, as in the compose stack: a request without X-Forwarded-For counts under its
// socket's address (the rate limit test), the load's each under an address of its own.
const ENV = { SIGNUP_RATE_LIMIT: String(LIMIT), TRUST_PROXY: 'true' };

let loadAddresses = 0;
/** An X-Forwarded-For of its own for each request of the load (198.18.0.0/15, for benchmarks), so no limit applies. */
const newClientAddress = () => {
  const n = ++loadAddresses;
  return { 'X-Forwarded-For': `198.18.${(n >> 8) & 255}.${n & 255}` };
};

/** POST /api/signups on a connection of its own (as requests from many visitors arrive). */
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

const postgres = requireOrSkip('postgres', Boolean(TEST_DATABASE_URL), 'set TEST_DATABASE_URL to run two instances');
describe.runIf(postgres)('two instances on one PostgreSQL', () => {
  let instances: TestServer[];
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let standIn: SanityStandIn;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    databaseUrl = database.url;
    standIn = await startSanityStandIn();
    const env = { DATABASE_URL: database.url, ...ENV, ...standInEnv(standIn, SECRET) };
    // One after the other, as a rolling start does: the second finds the migrations done.
    instances = [await startServer({ env }), await startServer({ env })];
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await standIn?.close();
    await drop?.();
  });

  test('both instances run on PostgreSQL, each on its own port', () => {
    for (const instance of instances)
      expect(instance.output()).toMatch(/listening on http:\/\/[^ ]+ \(database: postgres\)/);
    expect(new Set(instances.map((instance) => instance.port)).size).toBe(2);
  });

  test('both instances take signups; the rate limit counted in the database holds across them', async () => {
    await awayFromWindowEdge();
    const answers = [];
    // One after another, in turn, as a proxy deals requests out.
    for (let i = 0; i < LIMIT + 4; i++) answers.push(await signupOnNewConnection(instances[i % 2]!.url));

    expect(answers.slice(0, LIMIT).map((a) => a.status)).toEqual(Array(LIMIT).fill(201));
    // Per process, each instance saw only half of the hits: only a shared count refuses these.
    expect(answers.slice(LIMIT).map((a) => a.status)).toEqual([429, 429, 429, 429]);
    for (const instance of instances) {
      const stored = new Set((await storedSignups(instance.url)).map((s) => s.id));
      for (const answer of answers.slice(0, LIMIT)) expect(stored.has(answer.id)).toBe(true);
      expect(stored.size).toBe(LIMIT);
    }
  });
  test('a status change through one instance reaches the live streams held by both', async () => {
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
    const token = await teamToken(instances[0]!.url);
    // Four streams, each on a connection of its own: the instances hold two each.
    const streams = await Promise.all(
      [0, 1, 0, 1].map(async (i) => {
        const stream = Object.assign(await openRawEventStream(instances[i]!.url, token), {
          events: [] as { id?: string; status?: string }[],
        });
        stream.onEvent = (event, data) => {
          if (event === 'application') stream.events.push(JSON.parse(data) as { id?: string; status?: string });
        };
        return stream;
      }),
    );
    try {
      const res = await fetch(`${instances[0]!.url}/api/applications/${id}`, {
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

  test('a publish announced through one instance changes the prerendered pages of both within 2 s', async () => {
    const settings = standIn.document('siteSettings')!;
    const tagline = 'Von einer Instanz veröffentlicht, von allen gezeigt';
    // Through the webhook alone (the live events are live-content.test.ts's).
    standIn.publish({ ...settings, tagline }, { live: false });
    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
    const res = await postRevalidate(instances[0]!.url, body, SECRET);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: true });
    // Both instances, each twice on a new connection.
    const home = (url: string) =>
      new Promise<string>((resolve, reject) => {
        request(`${url}/`, { agent: false }, (r) => {
          let html = '';
          r.setEncoding('utf8').on('data', (d: string) => (html += d));
          r.on('end', () => resolve(html));
        })
          .on('error', reject)
          .end();
      });
    const [first, second] = instances.map((instance) => instance.url);
    const fourPages = async () => [await home(first!), await home(second!), await home(first!), await home(second!)];
    await until(
      async () => (await fourPages()).every((html) => html.includes(tagline)),
      'the new tagline from both instances',
      { timeoutMs: 2000, intervalMs: 20 },
    );
    // Each instance rendered its own pages once for this publish.
    for (const instance of instances)
      expect(instance.output().match(/Content sync \(webhook\): rendered \//g)).toHaveLength(1);
    // ... and they keep showing it.
    expect((await fourPages()).map((html) => html.includes(tagline))).toEqual([true, true, true, true]);
  });

  test('an instance killed under signup load leaves the other answering, and every signup it acknowledged is stored', async () => {
    const [victim, survivor] = instances as [TestServer, TestServer];
    const acked: string[] = [];
    let kill!: () => void;
    const killed = new Promise<void>((resolve) => (kill = resolve));
    const running = signupLoad(
      victim.url,
      (id) => {
        acked.push(id);
        if (acked.length === KILL_AFTER) kill();
      },
      { headers: newClientAddress },
    );
    await killed;
    // Killed while requests are in flight.
    expect(await victim.stop('SIGKILL')).toBe(null);
    await running;
    const ackedAtKill = [...acked];
    expect(ackedAtKill.length).toBeGreaterThanOrEqual(KILL_AFTER);
    /** /healthz on four new connections (0 for a refused or reset one). */
    const health = () =>
      Promise.all(
        [1, 2, 3, 4].map(
          () =>
            new Promise<number>((resolve) =>
              request(`${survivor.url}/healthz`, { agent: false }, (r) => resolve(r.resume().statusCode!))
                .on('error', () => resolve(0))
                .end(),
            ),
        ),
      );
    expect(await health()).toEqual([200, 200, 200, 200]);
    const stored = await storedSignups(survivor.url);
    const storedIds = new Set(stored.map((s) => s.id));
    expect(ackedAtKill.filter((id) => !storedIds.has(id))).toEqual([]);
    // A replacement (the compose stack's restart policy) joins on the same database and sees the same.
    instances[0] = await startServer({ env: { DATABASE_URL: databaseUrl, ...ENV, ...standInEnv(standIn, SECRET) } });
    expect((await storedSignups(instances[0].url)).length).toBe(stored.length);
  });

  // Stops the survivor and the replacement the test above put in instances[0] (were it to fail
  // before that, instances[0] is the killed victim and this fails too).
  test('SIGTERM stops each instance cleanly', async () => {
    const codes = await Promise.all(instances.map((instance) => instance.stop()));
    expect(codes).toEqual([0, 0]);
    for (const instance of instances) expect(instance.output()).toContain('SIGTERM: shutting down');
  });
});
