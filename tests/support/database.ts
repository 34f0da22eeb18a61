// Runs a block of integration tests once on PGlite and once on PostgreSQL (when
// TEST_DATABASE_URL is set), each in a fresh database.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { openDatabase, setDatabase, type Database, type DbKind } from '~/server/db/db.server';
import { TEST_DATABASE_URL, requireOrSkip } from './requirements';

const postgresAvailable = () =>
  requireOrSkip(
    'postgres',
    Boolean(TEST_DATABASE_URL),
    'set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them against PostgreSQL',
  );

export interface TestDatabase extends Database {
  /** The connection string of the fresh PostgreSQL database (undefined for PGlite). */
  url?: string;
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; dropped on close. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(TEST_DATABASE_URL!);
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const { url, drop } = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: url });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** `describe` once per database; `current()` is the open database (also set as the process's). */
export function describeEachDatabase(title: string, body: (current: () => TestDatabase) => void) {
  const kinds: DbKind[] = ['pglite'];
  if (postgresAvailable()) kinds.push('postgres');
  else describe.skip(`${title} [postgres]`, () => test('needs TEST_DATABASE_URL', () => {}));
  for (const kind of kinds) {
    describe(`${title} [${kind}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await openTestDatabase(kind);
        setDatabase(database);
      });
      afterAll(async () => {
        setDatabase(undefined);
        await database?.close();
      });
      body(() => database!);
    });
  }
}
