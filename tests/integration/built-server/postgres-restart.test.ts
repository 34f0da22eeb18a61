// PostgreSQL restarted under a running server (a private PostgreSQL of this test, stopped with a
// fast shutdown and started again, as a restart or a failover does): the server stays up and keeps
// serving its static pages, /healthz answers 503 while the database is away and the API answers a
// clear 503 (never a crash, never a 500), writes work again afterwards, and an open live stream
// carries on: a change made after the restart arrives on it without the client reconnecting.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EventStreamReader } from '../../support/event-stream';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres';
import { requireOrSkip } from '../../support/requirements';
import { startServer, type TestServer } from '../../support/server';
import { postSignup } from '../../support/signups';
import { accessGrant, storedSignups, teamToken } from '../../support/team-client';
import { until } from '../../support/until';

const available = requireOrSkip(
  'postgres',
  Boolean(postgresBinDir()),
  'install the Debian package postgresql: the restart test runs a PostgreSQL server of its own',
);

const health = async (server: TestServer) => (await fetch(`${server.url}/healthz`)).status;

describe.runIf(available)('PostgreSQL restarted under a running server', () => {
  let postgres: PrivatePostgres;
  let server: TestServer;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    server = await startServer({ env: { DATABASE_URL: postgres.url } });
  });
  afterAll(async () => {
    await server?.stop();
    postgres?.close();
  });

  test('503 while it is away, the server stays up, writes and live updates work again after', async () => {
    const token = await teamToken(server.url);
    const team = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const grant = await accessGrant(server.url);
    const id = crypto.randomUUID();
    const created = await fetch(`${server.url}/api/applications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: grant },
      body: JSON.stringify({ id, applicationType: 'Mentor', name: 'Lena', email: 'lena@example.org', consent: true }),
    });
    expect(created.status).toBe(201);
    const stream = await EventStreamReader.open(`${server.url}/api/applications/events`, {
      Authorization: team.Authorization,
    });
    await stream.waitFor((e) => e.event === 'snapshot');

    postgres.stop();
    try {
      await until(async () => (await health(server)) === 503, '/healthz to answer 503');
      // Writes are refused with a clear, retryable answer; nothing claims to be stored.
      const refused = await postSignup(server.url);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(await refused.json()).toEqual({ error: expect.any(String) });
      const change = await fetch(`${server.url}/api/applications/${id}`, {
        method: 'PATCH',
        headers: team,
        body: JSON.stringify({ status: 'approved', version: 1 }),
      });
      expect(change.status).toBe(503);
      // The static pages do not need the database.
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      expect(server.process.exitCode).toBeNull();
    } finally {
      postgres.start();
    }

    await until(async () => (await health(server)) === 200, '/healthz to answer 200 again');
    const again = crypto.randomUUID();
    expect((await postSignup(server.url, again, 'Nach Neustart')).status).toBe(201);
    expect((await storedSignups(server.url)).map((s) => s.id)).toContain(again);

    // The stream opened before the restart is still open and carries the change made after it.
    expect(stream.closed).toBe(false);
    const change = await fetch(`${server.url}/api/applications/${id}`, {
      method: 'PATCH',
      headers: team,
      body: JSON.stringify({ status: 'approved', version: 1 }),
    });
    expect(change.status).toBe(200);
    const event = await stream.waitFor((e) => e.event === 'application' && (e.data as { id: string }).id === id);
    expect(event.data).toMatchObject({ id, status: 'approved', version: 2 });
    stream.close();
    expect(server.process.exitCode).toBeNull();
  });
});
