// Backups that restore, on either engine (`npm run db:backup`, `npm run db:restore`).
// - PGlite: PGlite's own dump of its data directory (a gzip-compressed tarball, what PGlite loads
//   again). A running server holds the directory, so the dump is asked of it over its backup
//   channel (backup-channel.server.ts); without a server the command opens the directory itself.
// - PostgreSQL: `pg_dump` in its custom format (compressed, one consistent snapshot, taken beside
//   running servers), restored with `pg_restore`.
// - PGlite to PostgreSQL: a PGlite dump restores into PostgreSQL by loading it into an in-memory
//   PGlite and copying every table, row by row as text, in one transaction.
// A restore refuses a database that holds any row, so it can never mix two data sets or overwrite one.
// Plain Node runs this file (the commands are not bundled): its relative imports name their files.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { NoBackupChannelError, requestDump } from './backup-channel.server.ts';
import { openDatabase } from './db.server.ts';
import { acquireDirLock, DataDirLockedError } from './dir-lock.server.ts';
import { ensurePrivateDir } from './data-dir.server.ts';

const run = promisify(execFile);

export interface DatabaseTarget {
  /** PostgreSQL when set. */
  databaseUrl?: string;
  /** PGlite's home (its files in DATA_DIR/pglite), and where backups go by default. */
  dataDir: string;
}

export type BackupFormat = 'pglite' | 'pgdump';
const EXTENSIONS: Record<BackupFormat, string> = { pglite: '.pglite.tar.gz', pgdump: '.pgdump' };

/** A backup or restore that must not happen; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** A file name that defaultBackupFile gives, on either engine (the date sorts as text). */
const BACKUP_NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.(pgdump|pglite\.tar\.gz)$/;

/**
 * Of the file names in a backup folder, the backups to delete so that the newest `keep` remain
 * (0 keeps all). Only names that db:backup gives count, of both engines (a folder that saw the move
 * from PGlite to PostgreSQL holds both); any other file is never touched.
 */
export function backupsToPrune(names: string[], keep: number): string[] {
  if (keep <= 0) return [];
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .slice(keep);
}

/** Deletes the backups in `dir` beyond the newest `keep`; the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const doomed = backupsToPrune(readdirSync(dir), keep);
  for (const name of doomed) rmSync(path.join(dir, name), { force: true });
  return doomed;
}

/**
 * A PostgreSQL URL without its password, and the password for the PGPASSWORD variable: pg_dump
 * and pg_restore get it from their environment, never on a command line (which `ps` shows every
 * user of the machine or container, and which an error message would quote).
 */
export function withoutPassword(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  if (!url.password) return { url: databaseUrl, env: process.env };
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, PGPASSWORD: password } };
}

/** DATA_DIR/backups/<UTC date and time>.<pglite.tar.gz | pgdump>, e.g. 2026-11-24T09-30-00Z.pgdump. */
export function defaultBackupFile(target: DatabaseTarget, now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return path.join(path.resolve(target.dataDir), 'backups', `${stamp}${EXTENSIONS[formatOf(target)]}`);
}

const formatOf = (target: DatabaseTarget): BackupFormat => (target.databaseUrl ? 'pgdump' : 'pglite');

/** Which engine wrote a backup file, by its first bytes (pg_dump's "PGDMP", gzip's 1f 8b). */
export function backupFormat(file: string): BackupFormat {
  const head = readFileSync(file).subarray(0, 5);
  if (head.toString('latin1') === 'PGDMP') return 'pgdump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new BackupError(`${file} is neither a PGlite dump nor a pg_dump custom-format file.`);
}

const pgliteDir = (dataDir: string) => path.join(path.resolve(dataDir), 'pglite');

function writeAtomically(file: string, data: Buffer) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, file);
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** pg_dump; the running server (PGlite); or this process, with no server running (PGlite). */
  via: 'pg_dump' | 'server' | 'direct';
}

/** Writes a consistent, compressed dump of the configured database to `file`. */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<BackupResult> {
  const started = performance.now();
  let via: BackupResult['via'];
  if (target.databaseUrl) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    const { url, env } = withoutPassword(target.databaseUrl);
    try {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${tmp}`, url], { env });
    } catch (error) {
      rmSync(tmp, { force: true });
      throw new BackupError(`pg_dump failed: ${pgToolMessage(error)}`);
    }
    // A backup holds personal data: readable by its owner only, like the PGlite dump.
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
    via = 'pg_dump';
  } else {
    via = 'server';
    let dump: Buffer;
    try {
      dump = await requestDump(target.dataDir);
    } catch (error) {
      if (!(error instanceof NoBackupChannelError)) throw error;
      dump = await dumpWithoutServer(target.dataDir);
      via = 'direct';
    }
    writeAtomically(file, dump);
  }
  return { file, bytes: statSync(file).size, ms: Math.round(performance.now() - started), via };
}

async function dumpWithoutServer(dataDir: string): Promise<Buffer> {
  if (!existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${path.resolve(dataDir)} (DATA_DIR) to back up.`);
  let release: () => void;
  try {
    release = acquireDirLock(path.resolve(dataDir));
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(
        `A server holds ${path.resolve(dataDir)} but does not answer on its backup channel: restart it ` +
          'with this version, or stop it and run the backup again.',
      );
    throw error;
  }
  try {
    const client = await PGlite.create(pgliteDir(dataDir));
    try {
      await client.query('checkpoint');
      return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** The stderr line of a failed pg_dump/pg_restore (or that it is not installed). */
function pgToolMessage(error: unknown) {
  const e = error as NodeJS.ErrnoException & { stderr?: string };
  if (e.code === 'ENOENT') return `${e.path} is not installed (Debian: apt-get install postgresql-client)`;
  // Not e.message: it repeats the command line.
  return (e.stderr?.trim() || `exit code ${String(e.code)}`).split('\n').slice(-3).join(' ');
}

interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** Every table of the public schema (the application's), in an order that inserts parents first. */
export async function applicationTables(db: Queryable): Promise<string[]> {
  const tables = (
    await db.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).rows.map((r) => r.name);
  const references = (
    await db.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows;
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const ordered: string[] = [];
  const visit = (table: string, seen: Set<string>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const r of references)
      if (unquote(r.child) === table && unquote(r.parent) !== table) visit(unquote(r.parent), seen);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** The application tables that hold at least one row. */
export async function tablesWithRows(db: Queryable): Promise<string[]> {
  const filled: string[] = [];
  for (const table of await applicationTables(db)) {
    const { rows } = await db.query<{ any: boolean }>(`select exists (select 1 from ${quote(table)}) as any`);
    if (rows[0]?.any) filled.push(table);
  }
  return filled;
}

async function refuseIfFilled(db: Queryable, where: string) {
  const filled = await tablesWithRows(db);
  if (filled.length)
    throw new BackupError(
      `${where} already holds data (${filled.join(', ')}): a restore goes into an empty database only. ` +
        'Point DATABASE_URL at a new database (or DATA_DIR at a new folder), or remove the data first.',
    );
}

export interface RestoreResult {
  format: BackupFormat;
  into: 'pglite' | 'postgres';
  /** Rows per table after the restore. */
  rows: Record<string, number>;
  ms: number;
}

/** Restores `file` into the configured database, which must hold no data. */
export async function restoreDatabase(target: DatabaseTarget, file: string): Promise<RestoreResult> {
  const started = performance.now();
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const format = backupFormat(file);
  let rows: Record<string, number>;
  if (target.databaseUrl) {
    rows =
      format === 'pgdump'
        ? await restorePgDump(target.databaseUrl, file)
        : await copyPgliteIntoPostgres(target.databaseUrl, file);
  } else {
    if (format === 'pgdump')
      throw new BackupError(
        'This is a PostgreSQL dump (pg_dump): it restores into PostgreSQL only. Set DATABASE_URL to an empty database.',
      );
    rows = await restorePglite(target.dataDir, file);
  }
  return {
    format,
    into: target.databaseUrl ? 'postgres' : 'pglite',
    rows,
    ms: Math.round(performance.now() - started),
  };
}

async function countRows(db: Queryable) {
  const rows: Record<string, number> = {};
  for (const table of await applicationTables(db))
    rows[table] = Number((await db.query<{ n: string }>(`select count(*) as n from ${quote(table)}`)).rows[0]!.n);
  return rows;
}

/** A pg client on `url` for the duration of `work`. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function restorePgDump(databaseUrl: string, file: string) {
  await withClient(databaseUrl, (client) => refuseIfFilled(client, 'The PostgreSQL database'));
  const { url, env } = withoutPassword(databaseUrl);
  try {
    // --clean drops the (empty) tables a server's migrations may have created before the restore.
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${url}`,
        file,
      ],
      { env },
    );
  } catch (error) {
    throw new BackupError(`pg_restore failed: ${pgToolMessage(error)}`);
  }
  // A dump from an older version gets the newer migrations now, as a server start would.
  await (await openDatabase({ databaseUrl })).close();
  return withClient(databaseUrl, countRows);
}

async function restorePglite(dataDir: string, file: string) {
  const dir = path.resolve(dataDir);
  ensurePrivateDir(dir);
  let release: () => void;
  try {
    release = acquireDirLock(dir);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(
        `A server is running on ${dir}: stop it first (a restore goes into an empty database, never under a running server).`,
      );
    throw error;
  }
  try {
    if (existsSync(path.join(pgliteDir(dir), 'PG_VERSION'))) {
      const existing = await PGlite.create(pgliteDir(dir));
      try {
        await refuseIfFilled(existing, `The embedded database in ${dir}`);
      } finally {
        await existing.close();
      }
    }
    // Empty (a server started on it and migrated it, nothing more): made anew from the dump.
    rmSync(pgliteDir(dir), { recursive: true, force: true });
    const database = await openDatabase({ dataDir: dir, load: new Blob([readFileSync(file)]) });
    try {
      return await countRows(database);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

async function copyPgliteIntoPostgres(databaseUrl: string, file: string) {
  // The dump, brought to the current schema as a server start would, then copied table by table.
  const source = await openDatabase({ dataDir: 'memory://', load: new Blob([readFileSync(file)]) });
  try {
    const from = source;
    // The same migrations on the target: both sides have the same tables and columns.
    await (await openDatabase({ databaseUrl })).close();
    return await withClient(databaseUrl, async (to) => {
      await refuseIfFilled(to, 'The PostgreSQL database');
      await to.query('begin');
      try {
        for (const table of await applicationTables(from)) await copyTable(from, to, table);
        // Serial ids continue after the copied ones.
        const sequences = await from.query<{ name: string; value: string | null }>(
          `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
        );
        for (const { name, value } of sequences.rows)
          if (value !== null) await to.query('select setval($1, $2::bigint, true)', [quote(name), value]);
        await to.query('commit');
      } catch (error) {
        await to.query('rollback').catch(() => {});
        throw error;
      }
      return countRows(to);
    });
  } finally {
    await source.close();
  }
}

/** Copies every row of `table`, each value in its text form (exact for every type), 500 rows per INSERT. */
async function copyTable(from: Queryable, to: pg.Client, table: string) {
  const columns = (
    await from.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = $1 order by ordinal_position`,
      [table],
    )
  ).rows.map((c) => c.name);
  const { rows } = await from.query<Record<string, string | null>>(
    `select ${columns.map((c, i) => `${quote(c)}::text as c${i}`).join(', ')} from ${quote(table)}`,
  );
  const list = columns.map(quote).join(', ');
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    const values: (string | null)[] = [];
    const tuples = batch.map((row) => {
      const placeholders = columns.map((_, i) => {
        values.push(row[`c${i}`] ?? null);
        return `$${values.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await to.query(`insert into ${quote(table)} (${list}) values ${tuples.join(', ')}`, values);
  }
}
