// Backups that restore, through the commands an operator types (`npm run db:backup`, `npm run
// db:restore`, here `node scripts/…` as npm runs them): on the embedded database while the server
// runs (the server makes the dump over its local channel), on PostgreSQL with pg_dump, every table
// compared after a restore into a fresh database; a database that holds data is refused; and the
// move from PGlite to PostgreSQL is one backup and one restore, after which a server on
// PostgreSQL serves the same data.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '~/server/db/db.server';
import { createPostgresDatabase } from '../../support/postgres';
import { TEST_DATABASE_URL, requireOrSkip } from '../../support/requirements';
import { seedEveryTable, snapshotTables } from '../../support/seed-tables';
import { freshDataDir, ROOT, startServer, type TestServer } from '../../support/server';
import { postSignup } from '../../support/signups';
import { storedSignups } from '../../support/team-client';

/** Runs a database command as `npm run db:<name> -- …` does, against DATA_DIR / DATABASE_URL. */
function command(
  name: 'backup' | 'restore',
  args: string[],
  target: { dataDir?: string; databaseUrl?: string },
  env: Record<string, string> = {},
) {
  const result = spawnSync(process.execPath, [path.join('scripts', `db-${name}.ts`), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: target.dataDir ?? freshDataDir(),
      DATABASE_URL: target.databaseUrl ?? '',
      ...env,
    },
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/** Every table of the embedded database in `dataDir` (no server may hold it). */
async function pgliteSnapshot(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return await snapshotTables(database);
  } finally {
    await database.close();
  }
}

/** Every table of a PostgreSQL database, read on one connection (the time zone is per session). */
async function postgresSnapshot(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await snapshotTables(client);
  } finally {
    await client.end();
  }
}

const postgres = requireOrSkip('postgres', Boolean(TEST_DATABASE_URL), 'set TEST_DATABASE_URL to back up PostgreSQL');
const databases: { drop: () => Promise<void> }[] = [];
const dirs: string[] = [];
async function freshPostgres() {
  const database = await createPostgresDatabase();
  databases.push(database);
  return database.url;
}
afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database (PGlite)', () => {
  const dataDir = freshDataDir();
  dirs.push(dataDir);
  let server: TestServer | undefined;
  let backup: string;
  const signupId = crypto.randomUUID();

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    await seedEveryTable(database);
    await database.close();
    server = await startServer({ dataDir });
    // Written by the running server after the seed: the dump must hold it too.
    expect((await postSignup(server.url, signupId, 'Nach dem Start')).status).toBe(201);
  });
  afterAll(() => server?.stop());

  test('db:backup while the server runs: the server makes the dump and the command prints its path', () => {
    const { status, stdout, stderr } = command('backup', [], { dataDir });
    expect(status, stderr).toBe(0);
    expect(stdout).toMatch(
      new RegExp(`^${path.join(dataDir, 'backups')}/\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.pglite\\.tar\\.gz$`),
    );
    expect(stderr).toContain('the running server');
    backup = stdout;
    // gzip, readable by its owner only; the channel it came through is the owner's only, too.
    expect([...readFileSync(backup).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'backup.sock')).mode & 0o777).toBe(0o600);
  });

  test('a restore under the running server is refused', () => {
    const { status, stderr } = command('restore', [backup], { dataDir });
    expect(status).toBe(1);
    expect(stderr).toContain(`A server is running on ${dataDir}: stop it first`);
  });

  test('the dump restores into a fresh data directory with every table equal', async () => {
    await server!.stop();
    server = undefined;
    expect(existsSync(path.join(dataDir, 'backup.sock'))).toBe(false);
    const target = freshDataDir();
    dirs.push(target);
    const { status, stdout, stderr } = command('restore', [backup], { dataDir: target });
    expect(status, stderr).toBe(0);
    expect(stdout).toContain('Restored the PGlite dump into the embedded database (DATA_DIR)');
    expect(stdout).toContain('signups: 3');
    const source = await pgliteSnapshot(dataDir);
    expect(source.signups!.some((row) => row.includes(signupId))).toBe(true);
    expect(await pgliteSnapshot(target)).toEqual(source);
  });

  test('a restore into a data directory that holds data is refused', async () => {
    const before = await pgliteSnapshot(dataDir);
    const { status, stderr } = command('restore', [backup], { dataDir });
    expect(status).toBe(1);
    expect(stderr).toMatch(/already holds data \(.*signups.*\): a restore goes into an empty database only/);
    expect(await pgliteSnapshot(dataDir)).toEqual(before);
  });

  test.runIf(postgres)(
    'moving to PostgreSQL: the PGlite backup restores into an empty PostgreSQL database, and a server there serves it',
    async () => {
      const databaseUrl = await freshPostgres();
      // A server started on the new database first (as a new deployment would) leaves it empty.
      const first = await startServer({ env: { DATABASE_URL: databaseUrl } });
      await first.stop();
      const { status, stdout, stderr } = command('restore', [backup], { databaseUrl });
      expect(status, stderr).toBe(0);
      expect(stdout).toContain('Restored the PGlite dump into PostgreSQL (DATABASE_URL)');
      expect(await postgresSnapshot(databaseUrl)).toEqual(await pgliteSnapshot(dataDir));

      const moved = await startServer({ env: { DATABASE_URL: databaseUrl } });
      try {
        const signups = await storedSignups(moved.url);
        expect(signups.map((s) => s.id)).toContain(signupId);
        expect(signups.map((s) => s.name)).toContain('Jürgen „Jogi“ Müller');
        // Serial ids continue after the copied ones: new rows in the tables that use them.
        expect((await postSignup(moved.url)).status).toBe(201);
        const access = await fetch(`${moved.url}/api/access`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ code: 'FALSCH' }),
        });
        expect(access.status).toBe(200);
      } finally {
        await moved.stop();
      }
      const again = command('restore', [backup], { databaseUrl });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('The PostgreSQL database already holds data');
    },
  );
});

describe.runIf(postgres)('PostgreSQL', () => {
  let source: string;
  let server: TestServer;
  let backup: string;

  beforeAll(async () => {
    source = await freshPostgres();
    const database = await openDatabase({ databaseUrl: source });
    await seedEveryTable(database);
    await database.close();
    server = await startServer({ env: { DATABASE_URL: source } });
  });
  afterAll(() => server?.stop());

  test('db:backup beside a running server writes a pg_dump custom-format file to the path given', async () => {
    expect((await postSignup(server.url)).status).toBe(201);
    const dir = freshDataDir();
    dirs.push(dir);
    const file = path.join(dir, 'nightly.pgdump');
    const { status, stdout, stderr } = command('backup', [file], { databaseUrl: source });
    expect(status, stderr).toBe(0);
    expect(stdout).toBe(file);
    expect(stderr).toContain('(pg_dump)');
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    backup = file;
  });

  test('the default file is named with the date in DATA_DIR/backups', () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const { status, stdout, stderr } = command('backup', [], { dataDir, databaseUrl: source });
    expect(status, stderr).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(stdout).toMatch(new RegExp(`^${path.join(dataDir, 'backups', today)}T\\d\\d-\\d\\d-\\d\\dZ\\.pgdump$`));
  });

  test('the dump restores into a fresh database with every table equal; a second restore is refused', async () => {
    const target = await freshPostgres();
    const { status, stdout, stderr } = command('restore', [backup], { databaseUrl: target });
    expect(status, stderr).toBe(0);
    expect(stdout).toContain('Restored the PostgreSQL dump into PostgreSQL (DATABASE_URL)');
    expect(await postgresSnapshot(target)).toEqual(await postgresSnapshot(source));

    const again = command('restore', [backup], { databaseUrl: target });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/The PostgreSQL database already holds data \(.*\): a restore goes into an empty/);
  });

  test('a PostgreSQL dump is not restored into the embedded database', () => {
    const { status, stderr } = command('restore', [backup], {});
    expect(status).toBe(1);
    expect(stderr).toContain('This is a PostgreSQL dump (pg_dump): it restores into PostgreSQL only');
  });
});

describe('BACKUP_KEEP: db:backup keeps the newest dumps of both engines in its folder and deletes the rest', () => {
  /** A backups folder as months of nightly runs leave it: PGlite dumps from before the move, then pg_dumps. */
  function oldBackups(dataDir: string) {
    const dir = path.join(dataDir, 'backups');
    mkdirSync(dir, { recursive: true });
    const names = [
      '2026-01-01T03-30-00Z.pglite.tar.gz',
      '2026-01-02T03-30-00Z.pglite.tar.gz',
      '2026-01-03T03-30-00Z.pgdump',
      '2026-01-04T03-30-00Z.pgdump',
      // Not db:backup's names: never deleted.
      'before-the-upgrade.pgdump',
      'notes.txt',
    ];
    for (const name of names) writeFileSync(path.join(dir, name), 'old');
    return dir;
  }

  test('PGlite', async () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const database = await openDatabase({ dataDir });
    await seedEveryTable(database);
    await database.close();
    const dir = oldBackups(dataDir);
    const { status, stdout, stderr } = command('backup', [], { dataDir }, { BACKUP_KEEP: '3' });
    expect(status, stderr).toBe(0);
    expect(stderr).toContain('Deleted 2 older backups (BACKUP_KEEP=3)');
    expect(readdirSync(dir).sort()).toEqual(
      [
        '2026-01-03T03-30-00Z.pgdump',
        '2026-01-04T03-30-00Z.pgdump',
        path.basename(stdout),
        'before-the-upgrade.pgdump',
        'notes.txt',
      ].sort(),
    );
  });

  test.runIf(postgres)('PostgreSQL', async () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const dir = oldBackups(dataDir);
    const { status, stdout, stderr } = command(
      'backup',
      [],
      { dataDir, databaseUrl: await freshPostgres() },
      { BACKUP_KEEP: '2' },
    );
    expect(status, stderr).toBe(0);
    expect(stderr).toContain('Deleted 3 older backups (BACKUP_KEEP=2)');
    expect(readdirSync(dir).sort()).toEqual(
      ['2026-01-04T03-30-00Z.pgdump', path.basename(stdout), 'before-the-upgrade.pgdump', 'notes.txt'].sort(),
    );
  });

  test('a failed backup deletes nothing', () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const dir = oldBackups(dataDir);
    // No embedded database in this DATA_DIR: nothing to back up.
    const { status } = command('backup', [], { dataDir }, { BACKUP_KEEP: '1' });
    expect(status).toBe(1);
    expect(readdirSync(dir)).toHaveLength(6);
  });
});

describe.runIf(postgres)('the database password', () => {
  test('reaches pg_dump and pg_restore in their environment, never on their command line or in the output', async () => {
    // pg_dump and pg_restore on PATH record their arguments and whether PGPASSWORD was set, then
    // run the real programs. The test server trusts local connections, so any password works.
    const bin = freshDataDir();
    dirs.push(bin);
    for (const tool of ['pg_dump', 'pg_restore']) {
      const real = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      const wrapper = path.join(bin, tool);
      writeFileSync(
        wrapper,
        `#!/bin/sh\nprintf '%s\\n' "$@" > ${bin}/${tool}.args\nprintf '%s' "$PGPASSWORD" > ${bin}/${tool}.env\nexec ${real} "$@"\n`,
      );
      chmodSync(wrapper, 0o755);
    }
    const secret = 'Geheim-3f9a';
    const withSecret = (url: string) => {
      const u = new URL(url);
      u.password = secret;
      return u.toString();
    };
    const env = { PATH: `${bin}:${process.env.PATH}` };
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const backup = command('backup', [], { dataDir, databaseUrl: withSecret(await freshPostgres()) }, env);
    expect(backup.status, backup.stderr).toBe(0);
    const restore = command('restore', [backup.stdout], { databaseUrl: withSecret(await freshPostgres()) }, env);
    expect(restore.status, restore.stderr).toBe(0);
    for (const tool of ['pg_dump', 'pg_restore']) {
      const args = readFileSync(path.join(bin, `${tool}.args`), 'utf8');
      expect(args, tool).toContain('postgres://');
      expect(args, tool).not.toContain(secret);
      expect(readFileSync(path.join(bin, `${tool}.env`), 'utf8'), tool).toBe(secret);
    }
    for (const output of [backup.stdout, backup.stderr, restore.stdout, restore.stderr])
      expect(output).not.toContain(secret);
  });
});
