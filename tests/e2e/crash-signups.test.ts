// Crash safety (a signup that was confirmed must never be lost): a server under signup load is
// killed with SIGKILL and started again on the same data; every signup that was answered 201 is
// still there. PGlite and PostgreSQL.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { createPostgresDatabase } from '../support/postgres';
import { TEST_DATABASE_URL, requireOrSkip } from '../support/requirements';
import { freshDataDir, startServer, type TestServer } from '../support/server';
import { postSignup } from '../support/signups';
import { storedSignups } from '../support/team-client';

const WORKERS = 16;
const KILL_AFTER = 300; // acknowledged signups before the kill

/** Sends signups from WORKERS parallel clients until the server stops answering. */
function load(server: TestServer, onAck: (id: string) => void) {
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const id = crypto.randomUUID();
      try {
        const res = await postSignup(server.url, id, `Crash ${id}`);
        if (res.status === 201) onAck(id);
        else if (res.status >= 500) throw new Error(`server answered ${res.status}`);
        await res.arrayBuffer();
      } catch {
        stopped = true; // killed: the connection was refused or reset
      }
    }
  };
  return Promise.all(Array.from({ length: WORKERS }, worker));
}

async function storedIds(server: TestServer): Promise<Set<string>> {
  return new Set((await storedSignups(server.url)).map((s) => s.id));
}

async function crashAndRestart(options: { dataDir: string; env: Record<string, string> }) {
  const first = await startServer(options);
  const acked: string[] = [];
  let kill!: () => void;
  const killed = new Promise<void>((resolve) => (kill = resolve));
  const running = load(first, (id) => {
    acked.push(id);
    if (acked.length === KILL_AFTER) kill();
  });
  await killed;
  // Kill while requests are in flight.
  await first.stop('SIGKILL');
  await running;
  expect(first.process.signalCode).toBe('SIGKILL');
  const ackedAtKill = [...acked];
  expect(ackedAtKill.length).toBeGreaterThanOrEqual(KILL_AFTER);

  const second = await startServer(options);
  try {
    const stored = await storedIds(second);
    const lost = ackedAtKill.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    // The restarted server takes signups again.
    const res = await fetch(`${second.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userType: 'trainer', name: 'Nach dem Absturz', email: 'a@b' }),
    });
    expect(res.status).toBe(201);
  } finally {
    await second.stop();
  }
}

// Two server starts and a load phase: more than the default 60 s on a busy machine.
describe('a server killed with SIGKILL under signup load loses no signup answered 201', () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  test('on PGlite (same data directory)', async () => {
    const dataDir = freshDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await crashAndRestart({ dataDir, env: {} });
  }, 300_000);

  const postgres = requireOrSkip(
    'postgres',
    Boolean(TEST_DATABASE_URL),
    'set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run the PostgreSQL crash test',
  );
  test.runIf(postgres)(
    'on PostgreSQL (same database)',
    async () => {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      const dataDir = freshDataDir();
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await crashAndRestart({ dataDir, env: { DATABASE_URL: database.url } });
    },
    300_000,
  );
});
