// `npm run bench:backup`: size and duration of `npm run db:backup` and `npm run db:restore` on both
// engines, for a database with BENCH_SIGNUPS signups (default 10,000) and a tenth as many
// applications (each with two history entries), plus one row in every other table. PGlite: the
// backup is asked of a running server (its backup channel), then restored into a fresh data
// directory and into a fresh PostgreSQL database (the move). PostgreSQL: pg_dump beside a running
// server, pg_restore into a fresh database. The commands run as npm runs them (`node scripts/…`).
//
// Options (environment): BUILD_DIR (an existing build; default: a fresh one in
// .test-builds/bench-backup-<pid>), BENCH_SIGNUPS, BENCH_DATABASE_URL (see support.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../web/server/db/db.server.ts';
import { seedEveryTable } from '../tests/support/seed-tables.ts';
import { spawnServer } from '../tests/support/spawn-server.ts';
import { benchBuild, freshPostgres, postgresAvailable, ROOT } from './support.ts';

const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 10_000);

/** Many rows in the tables that grow, made by the database itself. */
const BULK = [
  `insert into signups (id, user_type, name, email, newsletter_opt_in, created_at)
   select 'bulk-' || i, case when i % 3 = 0 then 'trainer' else 'reiter' end, 'Reiterin Nummer ' || i,
          'person' || i || '@example.org', i % 2 = 0, now() - (i || ' minutes')::interval
     from generate_series(1, ${SIGNUPS}) as i`,
  `insert into applications (id, application_type, status, name, email, message, consent_at)
   select gen_random_uuid(), 'Mentee', 'pending', 'Bewerberin ' || i, 'bewerbung' || i || '@example.org',
          repeat('Ich möchte lernen, wie sich mein Pferd bewegt. ', 8), now()
     from generate_series(1, ${Math.round(SIGNUPS / 10)}) as i`,
  `insert into application_history (application_id, from_status, to_status)
   select id, null, 'pending' from applications union all select id, 'pending', 'pending' from applications`,
];

async function seed(options: { dataDir: string } | { databaseUrl: string }) {
  const database = await openDatabase(options);
  try {
    await seedEveryTable(database);
    for (const statement of BULK) await database.query(statement);
  } finally {
    await database.close();
  }
}

function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join('scripts', `db-${name}.ts`), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  if (result.status !== 0) throw new Error(`db:${name} failed:\n${result.stderr}`);
  return { ms: Math.round(performance.now() - started), stdout: result.stdout.trim() };
}

const kb = (file: string) => `${(statSync(file).size / 1024).toFixed(0)} KB`;
const rows: string[][] = [];

if (!(await postgresAvailable())) {
  console.error('bench:backup needs PostgreSQL (BENCH_DATABASE_URL) for the PostgreSQL rows and the move.');
  process.exit(1);
}
const build = benchBuild('backup');
const work = mkdtempSync(path.join(tmpdir(), 'bench-backup-'));
const drops: (() => Promise<void>)[] = [];
try {
  console.log(`${SIGNUPS} signups, ${Math.round(SIGNUPS / 10)} applications; each command timed as a whole process.\n`);

  // PGlite, backed up through the running server.
  const dataDir = path.join(work, 'pglite-source');
  await seed({ dataDir });
  const server = await spawnServer({ buildDir: build.dir, dataDir });
  const pgliteFile = path.join(work, 'pglite.tar.gz');
  let backup;
  try {
    backup = command('backup', [pgliteFile], { DATA_DIR: dataDir });
  } finally {
    await server.stop();
  }
  const intoPglite = command('restore', [pgliteFile], { DATA_DIR: path.join(work, 'pglite-target') });
  const moveTarget = await freshPostgres('backup_move');
  drops.push(moveTarget.drop);
  const intoPostgres = command('restore', [pgliteFile], { DATABASE_URL: moveTarget.url, DATA_DIR: work });
  rows.push(['PGlite (server running)', kb(pgliteFile), `${backup.ms} ms`, `${intoPglite.ms} ms`]);
  rows.push(['PGlite → PostgreSQL (the move)', kb(pgliteFile), '', `${intoPostgres.ms} ms`]);

  // PostgreSQL, pg_dump beside a running server.
  const source = await freshPostgres('backup_source');
  drops.push(source.drop);
  await seed({ databaseUrl: source.url });
  const pgServer = await spawnServer({ buildDir: build.dir, env: { DATABASE_URL: source.url } });
  const pgFile = path.join(work, 'postgres.pgdump');
  let pgBackup;
  try {
    pgBackup = command('backup', [pgFile], { DATABASE_URL: source.url, DATA_DIR: work });
  } finally {
    await pgServer.stop();
  }
  const target = await freshPostgres('backup_target');
  drops.push(target.drop);
  const pgRestore = command('restore', [pgFile], { DATABASE_URL: target.url, DATA_DIR: work });
  rows.push(['PostgreSQL (pg_dump -Fc)', kb(pgFile), `${pgBackup.ms} ms`, `${pgRestore.ms} ms`]);

  const header = ['engine', 'backup size', 'db:backup', 'db:restore (fresh database)'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
} finally {
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
  build.cleanup();
}
