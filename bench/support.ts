// What every benchmark needs: a production build (or BUILD_DIR's) and, for the PostgreSQL rows,
// fresh databases on BENCH_DATABASE_URL's server. Plain Node with type stripping (no parameter
// properties, no enums).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** BUILD_DIR when set (kept), else a fresh production build in .test-builds/bench-<name>-<pid> (removed by cleanup). */
export function benchBuild(name: string): { dir: string; cleanup: () => void } {
  if (process.env.BUILD_DIR) return { dir: path.resolve(ROOT, process.env.BUILD_DIR), cleanup: () => {} };
  const dir = path.join(ROOT, '.test-builds', `bench-${name}-${process.pid}`);
  console.log(`Building into ${path.relative(ROOT, dir)} …`);
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build'], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: dir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The PostgreSQL server where benchmarks may create databases; "skip" skips the PostgreSQL rows. */
export const PG_ADMIN =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether PG_ADMIN answers (says why not when it does not). */
export async function postgresAvailable() {
  if (PG_ADMIN === 'skip') return false;
  try {
    await adminQuery('select 1');
    return true;
  } catch (error) {
    console.warn(`PostgreSQL not reachable at ${PG_ADMIN} (${(error as Error).message}): skipping it.`);
    return false;
  }
}

/** A new database on PG_ADMIN's server, and how to drop it. */
export async function freshPostgres(tag: string) {
  const name = `bench_${tag}_${process.pid}_${Date.now()}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** Every migration's SQL, statement by statement: a raw database with the app's tables. */
function migrationStatements(): string[] {
  const dir = path.join(ROOT, 'drizzle');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('--> statement-breakpoint'))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** One kind of single-row INSERT, for the raw rate a server's write path is compared with. */
export interface RawInsert {
  sql: string;
  params: () => unknown[];
  /** Concurrent callers and seconds measured (after a one-second warm-up). */
  connections: number;
  seconds: number;
}

/** Runs `insert` from `connections` concurrent callers for `seconds`; rows per second. */
async function insertRate(insert: () => Promise<unknown>, { connections, seconds }: RawInsert): Promise<number> {
  const warmUntil = Date.now() + 1000;
  while (Date.now() < warmUntil) await insert();
  let rows = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        await insert();
        rows++;
      }
    }),
  );
  return rows / ((performance.now() - start) / 1000);
}

/** The raw INSERT rate of PGlite (no server), one commit per row, in a fresh data directory. */
export async function rawPgliteInsertRate(insert: RawInsert): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-raw-'));
  const db = await PGlite.create(dir);
  try {
    for (const statement of migrationStatements()) await db.exec(statement);
    return await insertRate(() => db.query(insert.sql, insert.params()), insert);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The raw INSERT rate of the PostgreSQL database at `url` through a pool the server's size (10). */
export async function rawPostgresInsertRate(url: string, insert: RawInsert): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    for (const statement of migrationStatements()) await pool.query(statement);
    return await insertRate(() => pool.query(insert.sql, insert.params()), insert);
  } finally {
    await pool.end();
  }
}
