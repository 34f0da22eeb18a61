// The live application events through the real built server: not compressed (compression would
// hold events back), events arrive while the stream stays open, and on PostgreSQL a change made
// through one server process reaches a dashboard connected to another.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationRecord } from '~/lib/applications';
import { createApplication } from '~/server/applications/store.server';
import { openDatabase, setDatabase } from '~/server/db/db.server';
import { postgresAvailable } from '../../support/postgres';
import { useServerPairOnPostgres } from '../../support/e2e';
import { EventStreamReader } from '../../support/event-stream';
import { freshDataDir, startServer, type TestServer } from '../../support/server';
import { teamToken } from '../../support/team-client';

const newApplication = (name: string) => ({
  id: randomUUID(),
  applicationType: 'Mentor' as const,
  name,
  email: `${name.toLowerCase()}@example.org`,
});

/** Stores an application directly in the database (before a PGlite server opens it, or beside PostgreSQL servers). */
async function seed(options: { dataDir: string } | { databaseUrl: string }, name: string) {
  const database = await openDatabase(options);
  setDatabase(database);
  try {
    return (await createApplication(newApplication(name))).record;
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

const patchStatus = async (server: TestServer, token: string, id: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/applications/${id}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { application: ApplicationRecord }).application;
};

const isApplication = (id: string, version: number) => (e: { event: string; data: unknown }) =>
  e.event === 'application' &&
  (e.data as ApplicationRecord).id === id &&
  (e.data as ApplicationRecord).version === version;

describe('application events through the built server (PGlite)', () => {
  let server: TestServer;
  let seeded: ApplicationRecord;
  const open: EventStreamReader[] = [];
  beforeAll(async () => {
    const dataDir = freshDataDir();
    seeded = await seed({ dataDir }, 'Gesine');
    server = await startServer({ dataDir, env: { EVENTS_HEARTBEAT_MS: '200' } });
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await server?.stop();
  });

  test('the stream is not compressed, and events and comments arrive while it stays open', async () => {
    const token = await teamToken(server.url);
    const stream = await EventStreamReader.open(`${server.url}/api/applications/events`, {
      Authorization: `Bearer ${token}`,
      'Accept-Encoding': 'gzip, deflate, br',
    });
    open.push(stream);
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    const snapshot = await stream.waitFor((e) => e.event === 'snapshot');
    expect((snapshot.data as { applications: ApplicationRecord[] }).applications).toEqual([seeded]);

    const changed = await patchStatus(server, token, seeded.id, { status: 'approved', version: 1 });
    const event = await stream.waitFor(isApplication(seeded.id, 2));
    expect(event.data).toEqual(changed);
    await stream.waitForComments(2);
    expect(stream.closed).toBe(false);

    // A JSON answer of the same server is compressed: the exclusion is for the event stream only.
    const list = await fetch(`${server.url}/api/applications`, {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' },
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-encoding')).toBe('gzip');
  });

  test('the token only in the URL opens nothing', async () => {
    const token = await teamToken(server.url);
    const res = await fetch(`${server.url}/api/applications/events?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  test('at shutdown the server ends open streams cleanly instead of dropping the connections', async () => {
    const token = await teamToken(server.url);
    const stream = await EventStreamReader.open(`${server.url}/api/applications/events`, {
      Authorization: `Bearer ${token}`,
    });
    open.push(stream);
    await stream.waitFor((e) => e.event === 'snapshot');
    expect(await server.stop()).toBe(0);
    await stream.ended;
    expect(stream.failure).toBeUndefined();
  });
});

describe.runIf(postgresAvailable())('application events across two server processes on one PostgreSQL', () => {
  const pair = useServerPairOnPostgres();
  const open: EventStreamReader[] = [];
  afterAll(() => open.forEach((s) => s.close()));

  test('a change through one process reaches a subscriber of the other, and a resume works on either', async () => {
    const { a, b, databaseUrl } = pair;
    const token = await teamToken(a.url);
    const auth = { Authorization: `Bearer ${token}` };
    const onB = await EventStreamReader.open(`${b.url}/api/applications/events`, auth);
    open.push(onB);
    const snapshot = await onB.waitFor((e) => e.event === 'snapshot');

    // A creation by a third party (the application form's process) reaches B too.
    const created = await seed({ databaseUrl }, 'Hanna');
    await onB.waitFor(isApplication(created.id, 1));

    const changed = await patchStatus(a, token, created.id, { status: 'rejected', version: 1 });
    const event = await onB.waitFor(isApplication(created.id, 2));
    expect(event.data).toEqual(changed);

    // One change sequence for all processes: B's snapshot id resumes on A with exactly what followed.
    const onA = await EventStreamReader.open(`${a.url}/api/applications/events`, {
      ...auth,
      'Last-Event-ID': snapshot.id!,
    });
    open.push(onA);
    const resumed = await onA.waitFor((e) => e.event === 'application');
    expect(resumed).toMatchObject({ id: event.id, data: changed });
    expect(onA.events.map((e) => e.event)).toEqual(['application']);
  });
});
