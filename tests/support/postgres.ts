// Fresh PostgreSQL databases on the TEST_DATABASE_URL server, for tests that need one of their
// own. No application code: browser tests use it beside the built server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_DATABASE_URL, requireOrSkip } from './requirements';

/** Whether TEST_DATABASE_URL names a PostgreSQL server for the tests (else they are skipped, loudly). */
export const postgresAvailable = () =>
  requireOrSkip(
    'postgres',
    Boolean(TEST_DATABASE_URL),
    'set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them against PostgreSQL',
  );

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; `drop` removes it. */
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
