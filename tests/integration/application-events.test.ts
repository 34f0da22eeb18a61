// GET /api/applications/events on PGlite and PostgreSQL: the snapshot, an event for every creation,
// change and deletion with its change seq as id, the resume with Last-Event-ID, the keep-alive
// comment, no subscriber left behind when a client goes away, and (PostgreSQL) the catch-up after
// the LISTEN connection was lost.
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import type { ApplicationRecord } from '~/lib/applications';
import * as eventsRoute from '~/routes/api.applications.events';
import { RESUME_LIMIT, applicationEventHub } from '~/server/applications/events.server';
import {
  createApplication,
  deleteApplications,
  latestChangeSeq,
  setApplicationStatus,
} from '~/server/applications/store.server';
import { LISTENER_NAME, schema, selectRows } from '~/server/db/db.server';
import { sign } from '~/server/signing.server';
import { TEAM_SESSION_MAX_MS as TEAM_SESSION_TTL_MS } from '~/lib/team';
import { application } from '../support/applications';
import { describeEachDatabase } from '../support/database';
import { EventStreamReader } from '../support/event-stream';
import { PUBLIC_URL, bearer, call, expiredTeamAuth, teamAuth, useTestConfig } from '../support/routes';
import { outcomeOf, updatedRecord } from '../support/status-change';

const open: EventStreamReader[] = [];

/** Opens the stream through the route, as the server would; closed after each test. */
async function subscribe(query = '', given?: Record<string, string>) {
  const headers = given ?? (await teamAuth());
  const controller = new AbortController();
  const res = await call(
    eventsRoute.loader,
    new Request(`${PUBLIC_URL}/api/applications/events${query}`, { headers, signal: controller.signal }),
  );
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  const reader = new EventStreamReader(res, () => controller.abort());
  open.push(reader);
  return reader;
}

/** Opens a stream, reads its snapshot and leaves: the id a client would resume from. */
async function snapshotThenLeave() {
  const stream = await subscribe();
  const snapshot = await stream.waitFor((e) => e.event === 'snapshot');
  stream.close();
  await stream.ended;
  expect(snapshot.id).toBeTruthy();
  return snapshot.id!;
}

/** Runs a full garbage collection (the flag is set at run time: vitest's workers start without it). */
async function collectGarbage() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const records = (data: unknown) => (data as { applications: ApplicationRecord[] }).applications;

describeEachDatabase('application events', (current) => {
  beforeAll(() => {
    useTestConfig({ EVENTS_HEARTBEAT_MS: '100' });
  });
  beforeEach(async () => {
    await current().db.delete(schema.applications);
  });
  afterEach(async () => {
    for (const reader of open.splice(0)) {
      reader.close();
      await reader.ended;
    }
  });

  test('401 without a token, with a forged or an expired one, and with a token in the URL', async () => {
    const valid = (await teamAuth()).Authorization.slice('Bearer '.length);
    for (const [query, headers] of [
      ['', {}],
      ['', bearer('forged')],
      [
        '',
        bearer(sign('team-session', `v1-${Date.now() + TEAM_SESSION_TTL_MS}`, 'another-secret-another-secret-0123')),
      ],
      ['', await expiredTeamAuth()],
      [`?token=${valid}`, {}],
      [`?access_token=${valid}`, {}],
    ] as const) {
      const res = await call(
        eventsRoute.loader,
        new Request(`${PUBLIC_URL}/api/applications/events${query}`, { headers }),
      );
      expect(res.status, `${query} ${JSON.stringify(headers)}`).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  test('first a snapshot, newest first, with the latest change seq as id; the filter applies to it', async () => {
    const older = (await createApplication(application({ applicationType: 'Mentor' }))).record;
    const newer = (await createApplication(application())).record;
    await setApplicationStatus(older.id, 'approved');
    const latest = await latestChangeSeq();

    const all = await subscribe();
    const snapshot = await all.waitFor(() => true);
    expect(snapshot.event).toBe('snapshot');
    expect(snapshot.id).toBe(String(latest));
    expect(records(snapshot.data).map((a) => a.id)).toEqual([newer.id, older.id]);
    expect(records(snapshot.data)[1]).toMatchObject({ status: 'approved', version: 2 });

    const mentors = await subscribe('?type=Mentor&status=approved');
    const filtered = await mentors.waitFor((e) => e.event === 'snapshot');
    expect(records(filtered.data).map((a) => a.id)).toEqual([older.id]);

    const bad = await call(
      eventsRoute.loader,
      new Request(`${PUBLIC_URL}/api/applications/events?status=done`, { headers: await teamAuth() }),
    );
    expect(bad.status).toBe(400);
  });

  test('every creation and change arrives as an application event with the whole record and its seq', async () => {
    const stream = await subscribe();
    const snapshot = await stream.waitFor((e) => e.event === 'snapshot');
    expect(records(snapshot.data)).toEqual([]);

    const { record } = await createApplication(application({ name: 'Neu' }));
    const created = await stream.waitFor((e) => e.event === 'application');
    expect(created.data).toEqual(record);
    expect(Number(created.id)).toBe(await latestChangeSeq());

    const change = await setApplicationStatus(record.id, 'rejected', { expectedVersion: 1 });
    const changed = await stream.waitFor((e) => e.event === 'application' && e.id !== created.id);
    expect(outcomeOf(change)).toBe('updated');
    expect(changed.data).toEqual(updatedRecord(change));
    expect(Number(changed.id)).toBe(await latestChangeSeq());
    expect(Number(changed.id)).toBeGreaterThan(Number(created.id));
  });

  test('a deletion arrives as a removed event with the ids and its seq', async () => {
    const { record } = await createApplication(application());
    const stream = await subscribe();
    await stream.waitFor((e) => e.event === 'snapshot');
    await deleteApplications(sql`${schema.applications.id} = ${record.id}`);
    const removed = await stream.waitFor((e) => e.event === 'removed');
    expect(removed.data).toEqual({ ids: [record.id] });
    expect(Number(removed.id)).toBe(await latestChangeSeq());
  });

  test('a reconnect with Last-Event-ID also gets the deletions it missed, in order with the changes', async () => {
    const kept = (await createApplication(application({ name: 'Bleibt' }))).record;
    const gone = (await createApplication(application({ name: 'Geht' }))).record;
    const lastSeen = await snapshotThenLeave();
    // While the client is away: one change, one deletion.
    await setApplicationStatus(kept.id, 'approved');
    await deleteApplications(sql`${schema.applications.id} = ${gone.id}`);

    const resumed = await subscribe('', { ...(await teamAuth()), 'Last-Event-ID': lastSeen });
    const removed = await resumed.waitFor((e) => e.event === 'removed');
    expect(removed.data).toEqual({ ids: [gone.id] });
    expect(resumed.events.map((e) => e.event)).toEqual(['application', 'removed']);
    expect(resumed.events[0]!.data).toMatchObject({ id: kept.id, status: 'approved' });
    expect(Number(removed.id)).toBeGreaterThan(Number(resumed.events[0]!.id));
    expect(Number(removed.id)).toBe(await latestChangeSeq());
  });

  test('a reconnect with Last-Event-ID gets only what it missed, in order, then the live changes', async () => {
    const a = (await createApplication(application({ name: 'A' }))).record;
    const b = (await createApplication(application({ name: 'B' }))).record;
    const lastSeen = await snapshotThenLeave();

    // Missed while away: B changed twice, a new one C came in; A unchanged.
    await setApplicationStatus(b.id, 'approved');
    await setApplicationStatus(b.id, 'rejected');
    const c = (await createApplication(application({ name: 'C' }))).record;

    const again = await subscribe('', { ...(await teamAuth()), 'Last-Event-ID': lastSeen });
    const cEvent = await again.waitFor((e) => e.event === 'application' && (e.data as ApplicationRecord).id === c.id);
    expect(again.events.map((e) => e.event)).toEqual(['application', 'application']);
    const [bEvent] = again.events;
    expect(bEvent!.data).toMatchObject({ id: b.id, status: 'rejected', version: 3 });
    expect(Number(bEvent!.id)).toBeGreaterThan(Number(lastSeen));
    expect(Number(cEvent.id)).toBeGreaterThan(Number(bEvent!.id));

    await setApplicationStatus(a.id, 'approved');
    const live = await again.waitFor((e) => (e.data as ApplicationRecord).id === a.id);
    expect(live.data).toMatchObject({ status: 'approved', version: 2 });

    // Up to date: nothing to replay, only what comes next.
    const upToDate = await subscribe('', { ...(await teamAuth()), 'Last-Event-ID': live.id! });
    await setApplicationStatus(c.id, 'approved');
    await upToDate.waitFor((e) => (e.data as ApplicationRecord).id === c.id);
    expect(upToDate.events.map((e) => e.event)).toEqual(['application']);
  });

  test('an unknown or malformed Last-Event-ID gets a fresh snapshot', async () => {
    const { record } = await createApplication(application());
    for (const lastEventId of [String((await latestChangeSeq()) + 1000), 'abc', '-1']) {
      const stream = await subscribe('', { ...(await teamAuth()), 'Last-Event-ID': lastEventId });
      const first = await stream.waitFor(() => true);
      expect(first.event, lastEventId).toBe('snapshot');
      expect(records(first.data).map((a) => a.id)).toEqual([record.id]);
    }
  });

  test(`more than ${RESUME_LIMIT} changes behind gets a fresh snapshot`, async () => {
    const before = await latestChangeSeq();
    await current().db.transaction(async (tx) => {
      const ids = Array.from({ length: RESUME_LIMIT + 1 }, () => randomUUID());
      await tx.insert(schema.applications).values(ids.map((id) => ({ ...application(), id })));
      await tx
        .insert(schema.applicationHistory)
        .values(ids.map((applicationId) => ({ applicationId, toStatus: 'pending' as const })));
    });
    const stream = await subscribe('', { ...(await teamAuth()), 'Last-Event-ID': String(before) });
    const first = await stream.waitFor(() => true);
    expect(first.event).toBe('snapshot');
    expect(records(first.data)).toHaveLength(RESUME_LIMIT + 1);
  });

  test('a comment line keeps the stream open', async () => {
    const stream = await subscribe();
    await stream.waitFor((e) => e.event === 'snapshot');
    expect(await stream.waitForComments(2)).toEqual(['keep-alive', 'keep-alive']);
  });

  test('a client that goes away leaves no subscriber behind', async () => {
    const hub = applicationEventHub(current());
    const before = hub.size;
    const streams = await Promise.all([subscribe(), subscribe(), subscribe()]);
    await Promise.all(streams.map((s) => s.waitFor((e) => e.event === 'snapshot')));
    expect(hub.size).toBe(before + 3);
    for (const stream of streams) {
      stream.close();
      await stream.ended;
    }
    expect(hub.size).toBe(before);
    // A change afterwards is still delivered to the others and to new streams.
    const next = await subscribe();
    await next.waitFor((e) => e.event === 'snapshot');
    const { record } = await createApplication(application());
    await next.waitFor((e) => (e.data as ApplicationRecord).id === record.id);
  });

  test('a client that goes away is noticed also after its request was garbage-collected', async () => {
    const hub = applicationEventHub(current());
    const stream = await subscribe();
    await stream.waitFor((e) => e.event === 'snapshot');
    const before = hub.size;
    // Nothing but the stream refers to the request now; a collected request would no longer
    // forward the client's abort to its signal.
    await collectGarbage();
    stream.close();
    await expect(
      Promise.race([stream.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 5000))]),
    ).resolves.toBe('ended');
    expect(hub.size).toBe(before - 1);
  });

  test('a client that goes away while the stream starts leaves no subscriber behind', async () => {
    const hub = applicationEventHub(current());
    // Start the hub first, so the only subscribers are the streams of this test.
    const warm = await subscribe();
    await warm.waitFor((e) => e.event === 'snapshot');
    const before = hub.size;
    const controller = new AbortController();
    const res = await call(
      eventsRoute.loader,
      new Request(`${PUBLIC_URL}/api/applications/events`, { headers: await teamAuth(), signal: controller.signal }),
    );
    controller.abort();
    const reader = new EventStreamReader(res);
    await reader.waitForEnd();
    expect(hub.size).toBe(before);
  });

  test('after the LISTEN connection is lost, a change made meanwhile still arrives', async (context) => {
    if (current().kind !== 'postgres') return context.skip();
    const stream = await subscribe();
    await stream.waitFor((e) => e.event === 'snapshot');
    const listeners = () =>
      selectRows<{ pid: number }>(
        current().db,
        sql`select pid from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`,
      );
    const [old] = await listeners();
    expect(old).toBeDefined();
    // Waits until the connection is gone, so the change below is made while nobody listens.
    await current().db.execute(sql`select pg_terminate_backend(${old!.pid}, 5000)`);
    const { record } = await createApplication(application({ name: 'Während der Pause' }));
    const arrived = await stream.waitFor((e) => (e.data as ApplicationRecord).id === record.id);
    expect(arrived.data).toEqual(record);
    const [reopened] = await listeners();
    expect(reopened!.pid).not.toBe(old!.pid);
    // And live notices work again.
    await setApplicationStatus(record.id, 'approved');
    await stream.waitFor((e) => (e.data as ApplicationRecord).id === record.id && e.id !== arrived.id);
  });
});
