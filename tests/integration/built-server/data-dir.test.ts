// DATA_DIR is the server's user's alone, whatever the umask the server is started with: the folder
// 0700 (made so, or made so again when an older version left it 0755), every folder below it 0700
// and every file 0600 (PGlite's own files included, which PGlite writes 0666 and 0644 by itself),
// the control socket 0600, on the embedded database and on PostgreSQL, while the server runs and
// after it stopped.
import { chmodSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createPostgresDatabase, postgresAvailable } from '../../support/postgres';
import { freshDataDir, startServer, type TestServer } from '../../support/server';
import { until } from '../../support/until';

/** Starts the server with the process umask `umask` (a child inherits it), then puts the test's back. */
function startWithUmask(umask: number, options: Parameters<typeof startServer>[0]) {
  const previous = process.umask(umask);
  try {
    // The child is spawned before startServer's first await.
    return startServer(options);
  } finally {
    process.umask(previous);
  }
}

/** Every entry of `dir` whose mode is not private, as `mode kind path` lines (none: []). */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const look = (file: string) => {
    const stat = statSync(file);
    const mode = stat.mode & 0o777;
    const kind = stat.isDirectory() ? 'folder' : stat.isSocket() ? 'socket' : 'file';
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600))
      found.push(`${mode.toString(8)} ${kind} ${path.relative(dir, file) || '.'}`);
  };
  look(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (!entry.isSymbolicLink()) look(path.join(entry.parentPath, entry.name));
  return found;
}

/** Makes a mail (a newsletter confirmation into the outbox, as no SMTP_URL is set) and waits for its file. */
async function writeSomething(server: TestServer, dataDir: string) {
  const id = crypto.randomUUID();
  const res = await fetch(`${server.url}/api/signups`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, userType: 'reiter', name: 'Privat', email: `${id}@example.org`, newsletterOptIn: true }),
  });
  expect(res.status).toBe(201);
  await until(() => {
    try {
      return readdirSync(path.join(dataDir, 'outbox')).length > 0;
    } catch {
      return false;
    }
  }, 'the confirmation mail in the outbox');
}

describe('DATA_DIR on the embedded database', () => {
  let server: TestServer | undefined;
  afterAll(() => server?.stop());

  test('made 0700 under umask 0000 with everything inside private, also after a stop', async () => {
    const dataDir = path.join(freshDataDir(), 'data');
    server = await startWithUmask(0o000, { dataDir });
    await writeSomething(server, dataDir);
    const files = readdirSync(path.join(dataDir, 'pglite'), { recursive: true }).length;
    expect(files).toBeGreaterThan(1000);
    expect(statSync(path.join(dataDir, 'backup.sock')).isSocket()).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);
    await server.stop();
    server = undefined;
    expect(notPrivate(dataDir)).toEqual([]);
  });

  test('a folder an older version left open (0755, its files 0666) is private again after a start under umask 0002', async () => {
    const dataDir = path.join(freshDataDir(), 'data');
    server = await startWithUmask(0o022, { dataDir });
    await server.stop();
    chmodSync(dataDir, 0o755);
    for (const entry of readdirSync(dataDir, { withFileTypes: true, recursive: true }))
      chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
    server = await startWithUmask(0o002, { dataDir });
    await writeSomething(server, dataDir);
    expect(notPrivate(dataDir)).toEqual([]);
  });
});

describe.runIf(postgresAvailable())('DATA_DIR beside PostgreSQL', () => {
  let server: TestServer | undefined;
  let drop = async () => {};
  afterAll(async () => {
    await server?.stop();
    await drop();
  });

  test('made 0700 under umask 0000: the control socket and the outbox inside are private', async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const dataDir = path.join(freshDataDir(), 'data');
    server = await startWithUmask(0o000, { dataDir, env: { DATABASE_URL: database.url } });
    await writeSomething(server, dataDir);
    expect(statSync(path.join(dataDir, 'backup.sock')).isSocket()).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);
  });
});
