// Runs a block of integration tests once on PGlite and once on PostgreSQL (when
// TEST_DATABASE_URL is set), each in a fresh database.
import { afterAll, beforeAll, describe, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { PgTable } from 'drizzle-orm/pg-core';
import { openDatabase, schema, setDatabase, type Database, type Db, type DbKind } from '~/server/db/db.server';
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

/** Deletes every row of `tables`, one table after the other in the order given. */
export async function emptyTables(db: Db, ...tables: PgTable[]) {
  for (const table of tables) await db.delete(table);
}

export type SignupRow = typeof schema.signups.$inferInsert;

/**
 * A signup written straight into the database as the popup and the confirmation page leave it: a
 * rider's, with the newsletter confirmed, unless `row` says otherwise. Answers the row written.
 */
export async function seedSignup(db: Db, row: Pick<SignupRow, 'name' | 'email'> & Partial<SignupRow>) {
  const written = {
    id: randomUUID(),
    userType: 'reiter' as const,
    newsletterOptIn: true,
    createdAt: new Date('2026-09-30T10:00:00Z'),
    newsletterConfirmedAt: new Date('2026-10-01T10:00:00Z'),
    ...row,
  };
  await db.insert(schema.signups).values(written);
  return written;
}
