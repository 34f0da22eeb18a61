// Crash safety (a signup that was confirmed must never be lost): a server under signup load is
// killed with SIGKILL and started again on the same data; every signup that was answered 201 is
// still there, and every one of them that asked for the newsletter gets its confirmation mail (the
// mail's row is committed with the signup, before the answer). PGlite and PostgreSQL.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { createPostgresDatabase } from '../../support/postgres';
import { TEST_DATABASE_URL, requireOrSkip } from '../../support/requirements';
import { freshDataDir, startServer, type TestServer } from '../../support/server';
import { OUTBOX_BATCH } from '~/server/mail/outbox.server';
import { smtpSink } from '../../support/smtp';
import { until } from '../../support/until';
import { storedSignups } from '../../support/team-client';
import { signupLoad } from '../../support/signups';

const WORKERS = 16;
const KILL_AFTER = 300; // acknowledged signups before the kill

const smtp = smtpSink();

/** A signup as the popup sends it; every other one asks for the newsletter. */
const crashSignup = (id: string) =>
  JSON.stringify({
    id,
    userType: 'reiter',
    name: `Crash ${id}`,
    email: `${id}@example.org`,
    newsletterOptIn: optsIn(id),
  });
const optsIn = (id: string) => parseInt(id.slice(-1), 16) % 2 === 0;

/** Sends signups from WORKERS parallel clients until the server stops answering. */
const load = (server: TestServer, onAck: (id: string) => void) =>
  signupLoad(server.url, onAck, { workers: WORKERS, body: crashSignup });

async function storedIds(server: TestServer): Promise<Set<string>> {
  return new Set((await storedSignups(server.url)).map((s) => s.id));
}

async function crashAndRestart(options: { dataDir: string; env: Record<string, string> }) {
  options = { ...options, env: { ...options.env, SMTP_URL: smtp.url } };
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
    // Each answered opt-in's confirmation mail goes out, sent before the kill or by the restarted
    // server; only the one batch the killed process had claimed waits for its lease to run out (5
    // minutes, tested in tests/integration/newsletter-outbox.test.ts).
    const optIns = ackedAtKill.filter(optsIn);
    expect(optIns.length).toBeGreaterThan(0);
    const unsent = () => optIns.filter((id) => !smtp.mails.some((m) => m.to.includes(`${id}@example.org`)));
    await until(() => unsent().length <= OUTBOX_BATCH, 'the confirmation mails', { timeoutMs: 30_000 }).catch(() => {});
    expect(unsent().length, `${unsent().length} of ${optIns.length} opt-ins without a mail`).toBeLessThanOrEqual(
      OUTBOX_BATCH,
    );
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
