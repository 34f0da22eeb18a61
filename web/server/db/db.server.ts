// Connection and migrations. PostgreSQL when DATABASE_URL is set, embedded PGlite (real Postgres
// compiled to WASM) in DATA_DIR otherwise. Both get the same Drizzle schema and migrations, and
// the same LISTEN/NOTIFY interface for live updates.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { log } from '../log.server.ts';
import * as schema from './schema.ts';
import { acquireDirLock } from './dir-lock.server.ts';
import { ensurePrivateDir, keepPrivate } from './data-dir.server.ts';
import { isDatabaseUnavailable } from './db-unavailable.server.ts';
import { GroupCommit, type Waiting as GroupCommitWaiting } from './group-commit.server.ts';

export { schema };
export type { DecisionMailSummary } from './schema.ts';
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  kind: DbKind;
  db: Db;
  /** Raw SQL with $1… parameters, for what is not about one table (backups, catalog queries). */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onReconnect` is called
   * after the listening connection was lost and opened again (notifications in between are lost).
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * PGlite only: its data directory as a gzip-compressed tarball (what PGlite loads again), taken
   * after a checkpoint and between transactions, so it holds every committed write and no half.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { databaseUrl: string; dataDir?: undefined }
  /** A directory for PGlite's files, or 'memory://' for a throwaway database (tests). */
  | {
      databaseUrl?: undefined;
      dataDir: string;
      /** A dump of a PGlite data directory (dumpDataDir) to start from: a restore. */
      load?: Blob;
    };

/** The folder with drizzle-kit's migrations, found from the source tree and from the server build. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Migrations folder drizzle/ not found');
    dir = parent;
  }
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl !== undefined
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.load);
}

async function openPglite(dataDir: string, load?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let releaseLock = () => {};
  let dbDir = dataDir;
  if (!inMemory) {
    ensurePrivateDir(dataDir);
    // Two PGlite instances on one directory silently lose writes: refuse a second process.
    releaseLock = acquireDirLock(dataDir);
    dbDir = path.join(dataDir, 'pglite');
  }
  try {
    const client = await PGlite.create(inMemory ? undefined : dbDir, load ? { loadDataDir: load } : {});
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    // PGlite sets its files' modes itself (a new database's 0666, the caches it writes at start
    // 0644); what it writes from now on is 0600.
    if (!inMemory) keepPrivate(dbDir);
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      query: async <R>(text: string, params?: unknown[]) => ({ rows: (await client.query<R>(text, params)).rows }),
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return () => unlisten();
      },
      notify: async (channel, payload) => {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      // A transaction holds PGlite's transaction lock from BEGIN to COMMIT (every query takes it
      // too): taking it waits for the one in flight and keeps the next one out while the files are
      // read. The checkpoint before writes what is only in memory into the data files.
      dumpDataDir: async () => {
        await client.query('checkpoint');
        return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** The application_name of the LISTEN connection (to find it in pg_stat_activity). */
export const LISTENER_NAME = 'bewegung-listener';

/**
 * Limits on waiting for PostgreSQL, so that a database that accepts connections but never answers
 * costs a request seconds (then 503), not forever: a new connection or a free one from the pool
 * within 5 s, a statement within 10 s (PostgreSQL cancels it), its answer within 12 s (else the
 * connection is given up), and no transaction left idle for more than 30 s.
 */
export const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 10_000,
  query_timeout: 12_000,
  idle_in_transaction_session_timeout: 30_000,
} as const;

/**
 * A pool whose clients, once a query on them failed because the connection did not answer (or
 * broke), leave the pool at once. Drizzle's transactions release their client only after BEGIN
 * succeeded: without this, a BEGIN that timed out would keep its client checked out for good, and
 * ten of them would leave the pool empty after the database came back.
 */
class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    // pool.query() checks out its clients with a callback and releases them itself.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        release(error);
      };
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            // The late answer must not reach a later query: the client leaves the pool (which ends
            // its connection) and frees its slot.
            if (isDatabaseUnavailable(error)) client.release(error instanceof Error ? error : true);
          });
        }
        return result;
      };
      return client;
    });
  }
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  // Several server processes may start at once: one migrates, the others wait (on a connection of
  // its own, without the timeouts: waiting for the lock is expected, and migrations may take long).
  const migrating = new pg.Client({ connectionString: databaseUrl });
  await migrating.connect();
  try {
    await migrating.query('select pg_advisory_lock(727001)');
    await migratePg(drizzlePg({ client: migrating, schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await migrating.query('select pg_advisory_unlock(727001)').catch(() => {});
    await migrating.end().catch(() => {});
  }

  const pool = new ResilientPool({
    connectionString: databaseUrl,
    max: 10,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...POSTGRES_TIMEOUTS,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => log.error(`PostgreSQL pool error: ${error.message}`));
  const db = drizzlePg({ client: pool, schema });

  // LISTEN needs one connection of its own, outside the pool (a pooled one is handed to others).
  // When it drops, it is opened again with a growing pause, every channel is listened to again,
  // and `onReconnect` handlers hear of it: notifications sent meanwhile are lost, so they catch up.
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let listener: pg.Client | undefined;
  let opening: Promise<pg.Client> | undefined;
  let closing = false;

  async function openListener() {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_NAME });
    client.on('notification', (msg) => handlers.get(msg.channel)?.forEach((h) => h(msg.payload ?? '')));
    client.on('error', (error) => {
      log.error(`PostgreSQL listener error: ${error.message}`);
      dropped(client);
    });
    client.on('end', () => dropped(client));
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    listener = client;
    return client;
  }
  function listenerClient() {
    opening ??= openListener().catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }
  function dropped(client: pg.Client) {
    if (closing || listener !== client) return;
    listener = undefined;
    opening = undefined;
    client.end().catch(() => {});
    void reconnect();
  }
  async function reconnect() {
    for (let attempt = 0; !closing; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 5000)));
      if (closing) return;
      try {
        await listenerClient();
        log.info('PostgreSQL listener reconnected');
        reconnectHandlers.forEach((h) => h());
        return;
      } catch (error) {
        log.warn(`PostgreSQL listener: reconnect failed (${(error as Error).message}); retrying`);
      }
    }
  }

  return {
    kind: 'postgres',
    db: db as unknown as Db,
    query: async <R>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as R[] }),
    listen: async (channel, onPayload, onReconnect) => {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      if (onReconnect) reconnectHandlers.add(onReconnect);
      return async () => {
        set.delete(onPayload);
        if (onReconnect) reconnectHandlers.delete(onReconnect);
      };
    },
    notify: async (channel, payload) => {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    close: async () => {
      closing = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

let current: Database | undefined;
/** The process's database, opened at start (see start.server.ts) or by a test. */
export function getDatabase(): Database {
  if (!current) throw new Error('The database is not open (start the server with `npm run serve`).');
  return current;
}
export function setDatabase(database: Database | undefined) {
  current = database;
}

export { isDatabaseUnavailable } from './db-unavailable.server.ts';
export { DataDirLockedError } from './dir-lock.server.ts';
export { ensurePrivateDir } from './data-dir.server.ts';
export { startBackupChannel } from './backup-channel.server.ts';
export { GroupCommit, type GroupCommitWaiting };

/**
 * The GroupCommit of the current database, made on first use (a test that sets another database
 * gets its own): `postgresInFlight` batches at once on PostgreSQL, one on PGlite (it runs one query
 * at a time anyway), each of at most `maxBatch` items.
 */
export function groupCommitPerDatabase<Item, Result>(
  commit: (batch: GroupCommitWaiting<Item, Result>[]) => Promise<void>,
  postgresInFlight: number,
  maxBatch: number,
): () => GroupCommit<Item, Result> {
  const groups = new WeakMap<object, GroupCommit<Item, Result>>();
  return () => {
    const database = getDatabase();
    let group = groups.get(database.db);
    if (!group) {
      group = new GroupCommit(commit, database.kind === 'postgres' ? postgresInFlight : 1, maxBatch);
      groups.set(database.db, group);
    }
    return group;
  };
}
