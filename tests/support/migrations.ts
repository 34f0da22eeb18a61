// What a test of a migration needs: the migrations folder as it was before a migration (the journal
// cut there), and each engine as a plain query function with its migrator.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import { migrationsFolder } from '~/server/db/db.server';
import { createPostgresDatabase } from './postgres';

export interface Engine {
  query(sql: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
}

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** The migrations folder as it was before the tag `before` (the journal cut there). */
export function migrationsBefore(before: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === before);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** Runs `check` on a fresh in-memory PGlite. */
export async function onPglite(check: (engine: Engine) => Promise<void>) {
  const client = new PGlite();
  try {
    const db = drizzlePglite(client);
    await check({
      query: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows,
      migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    });
  } finally {
    await client.close();
  }
}

/** Runs `check` on a fresh PostgreSQL database (dropped after). */
export async function onPostgres(check: (engine: Engine) => Promise<void>) {
  const database = await createPostgresDatabase();
  const pool = new pg.Pool({ connectionString: database.url });
  try {
    const db = drizzlePg(pool);
    await check({
      query: async (sql) => (await pool.query<Record<string, unknown>>(sql)).rows,
      migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    });
  } finally {
    await pool.end();
    await database.drop();
  }
}
