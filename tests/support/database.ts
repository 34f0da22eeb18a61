// Runs a block of integration tests once on PGlite and once on PostgreSQL (when
// TEST_DATABASE_URL is set), each in a fresh database.
import { afterAll, beforeAll, describe, test } from 'vitest';
import { openDatabase, setDatabase, type Database, type DbKind } from '~/server/db/db.server';
import { createPostgresDatabase, postgresAvailable } from './postgres';

export interface TestDatabase extends Database {
  /** The connection string of the fresh PostgreSQL database (undefined for PGlite). */
  url?: string;
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
