// Crash safety of every kind of write at once, on PostgreSQL: a built server under concurrent
// signups, new applications and application status changes is killed with SIGKILL and started
// again on the same database. Every write that was acknowledged (201/200) is there afterwards: the
// signups and applications by id, and for each status change its version and its history entry.
// (crash-signups.test.ts does the same for signups alone, also on PGlite.)
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import type { ApplicationRecord, ApplicationStatus, HistoryEntry } from '~/lib/applications';
import { createPostgresDatabase } from '../../support/postgres';
import { TEST_DATABASE_URL, requireOrSkip } from '../../support/requirements';
import { freshDataDir, startServer, type TestServer } from '../../support/server';
import { postSignup } from '../../support/signups';
import { accessGrant, storedSignups, teamToken } from '../../support/team-client';

const SIGNUP_WORKERS = 6;
const APPLICATION_WORKERS = 3;
/** Applications whose status is changed over and over, one worker each (a change names its version). */
const CHANGED_APPLICATIONS = 6;
/** Acknowledged writes before the kill: in all, and at least so many of the slower kinds. */
const KILL_AFTER = 400;
const MIN_APPLICATIONS = 15;
const MIN_CHANGES = 30;
const STATUSES: ApplicationStatus[] = ['approved', 'rejected', 'pending'];

const postgres = () =>
  requireOrSkip(
    'postgres',
    Boolean(TEST_DATABASE_URL),
    'set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run the crash test on PostgreSQL',
  );

interface Acked {
  signups: string[];
  applications: string[];
  /** Per changed application: the last acknowledged version and status, and how many changes were acknowledged. */
  changes: Map<string, { version: number; status: ApplicationStatus; count: number }>;
}

describe.runIf(postgres())('a server killed with SIGKILL under mixed write load on PostgreSQL', () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test('loses no acknowledged signup, application or status change', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const dataDir = freshDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const options = { dataDir, env: { DATABASE_URL: database.url } };

    const first = await startServer(options);
    cleanups.push(() => first.stop('SIGKILL'));
    const token = await teamToken(first.url);
    const team = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const grant = await accessGrant(first.url);

    const submitApplication = (server: TestServer, id: string) =>
      fetch(`${server.url}/api/applications`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: grant },
        body: JSON.stringify({
          id,
          applicationType: 'Mentee',
          name: `Crash ${id}`,
          email: `${id}@example.org`,
          consent: true,
        }),
      });

    // The applications whose status changes, created (and acknowledged) before the load.
    const changed: string[] = [];
    for (let i = 0; i < CHANGED_APPLICATIONS; i++) {
      const id = crypto.randomUUID();
      expect((await submitApplication(first, id)).status).toBe(201);
      changed.push(id);
    }

    const acked: Acked = { signups: [], applications: [], changes: new Map() };
    const changeCount = () => [...acked.changes.values()].reduce((n, c) => n + c.count, 0);
    let stopped = false;
    let kill!: () => void;
    const killNow = new Promise<void>((resolve) => (kill = resolve));
    const count = () => {
      const total = acked.signups.length + acked.applications.length + changeCount();
      if (total >= KILL_AFTER && acked.applications.length >= MIN_APPLICATIONS && changeCount() >= MIN_CHANGES) kill();
    };
    const serverError = (status: number) => {
      if (status >= 500) throw new Error(`server answered ${status}`);
    };
    // Each worker loops until the server is gone: fetch fails with a TypeError when the connection
    // is refused or reset. Anything else (a 5xx, a failed expectation) fails the test.
    const loop = async (step: () => Promise<void>) => {
      while (!stopped) {
        try {
          await step();
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
          stopped = true;
          kill();
        }
      }
    };

    const signupWorker = () =>
      loop(async () => {
        const id = crypto.randomUUID();
        const res = await postSignup(first.url, id, `Crash ${id}`);
        await res.arrayBuffer();
        serverError(res.status);
        if (res.status === 201) acked.signups.push(id);
        count();
      });
    const applicationWorker = () =>
      loop(async () => {
        const id = crypto.randomUUID();
        const res = await submitApplication(first, id);
        await res.arrayBuffer();
        serverError(res.status);
        if (res.status === 201) acked.applications.push(id);
        count();
      });
    const changeWorker = (id: string) => {
      let version = 1;
      let n = 0;
      return loop(async () => {
        const status = STATUSES[n++ % STATUSES.length]!;
        const res = await fetch(`${first.url}/api/applications/${id}`, {
          method: 'PATCH',
          headers: team,
          body: JSON.stringify({ status, version }),
        });
        const body = (await res.json()) as { application?: ApplicationRecord };
        serverError(res.status);
        expect(res.status, `PATCH ${id} version ${version}`).toBe(200);
        version = body.application!.version;
        const previous = acked.changes.get(id);
        acked.changes.set(id, { version, status: body.application!.status, count: (previous?.count ?? 0) + 1 });
        count();
      });
    };

    const running = Promise.all([
      ...Array.from({ length: SIGNUP_WORKERS }, signupWorker),
      ...Array.from({ length: APPLICATION_WORKERS }, applicationWorker),
      ...changed.map(changeWorker),
    ]);
    await killNow;
    // Killed while requests of every kind are in flight.
    await first.stop('SIGKILL');
    await running;
    expect(first.process.signalCode).toBe('SIGKILL');
    const atKill = {
      signups: [...acked.signups],
      applications: [...acked.applications],
      changes: new Map(acked.changes),
    };
    expect(atKill.signups.length).toBeGreaterThan(0);
    expect(atKill.applications.length).toBeGreaterThan(0);
    expect(atKill.changes.size).toBe(CHANGED_APPLICATIONS);

    const second = await startServer(options);
    cleanups.push(() => second.stop());
    const get = async <T>(path: string) => {
      const res = await fetch(`${second.url}${path}`, { headers: team });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };

    const signups = new Set((await storedSignups(second.url)).map((s) => s.id));
    expect(atKill.signups.filter((id) => !signups.has(id))).toEqual([]);

    const { applications } = await get<{ applications: ApplicationRecord[] }>('/api/applications');
    const byId = new Map(applications.map((a) => [a.id, a]));
    expect(atKill.applications.filter((id) => !byId.has(id))).toEqual([]);

    for (const [id, last] of atKill.changes) {
      const stored = byId.get(id)!;
      // A change in flight at the kill may have been committed without its answer: one more at most.
      expect(stored.version, id).toBeGreaterThanOrEqual(last.version);
      expect(stored.version, id).toBeLessThanOrEqual(last.version + 1);
      if (stored.version === last.version) expect(stored.status, id).toBe(last.status);
      const { history } = await get<{ history: HistoryEntry[] }>(`/api/applications/${id}/history`);
      // The creation plus one entry per change, each acknowledged change among them.
      expect(history.length, id).toBe(stored.version);
      expect(history.length, id).toBeGreaterThanOrEqual(last.count + 1);
    }

    // The restarted server takes every kind of write again.
    const after = crypto.randomUUID();
    expect((await submitApplication(second, after)).status).toBe(201);
    console.log(
      `robustness: killed after ${atKill.signups.length} signups, ${atKill.applications.length} applications, ` +
        `${[...atKill.changes.values()].reduce((n, c) => n + c.count, 0)} status changes acknowledged; none lost`,
    );
  }, 300_000);
});
