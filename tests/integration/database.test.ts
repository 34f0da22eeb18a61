import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase, schema, selectRows } from '~/server/db/db.server';
import { describeEachDatabase } from '../support/database';

describeEachDatabase('database', (current) => {
  test('migrations create the tables of the schema', async () => {
    const { db } = current();
    const rows = await selectRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = rows.map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(['access_attempts', 'applications', 'rate_limits', 'signups']));
  });

  test('applications get an id, pending status and createdAt from the database', async () => {
    const { db } = current();
    const [row] = await db
      .insert(schema.applications)
      .values({ applicationType: 'Mentee', name: 'Anna', email: 'anna@example.org' })
      .returning();
    expect(row!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row!.status).toBe('pending');
    expect(row!.createdAt).toBeInstanceOf(Date);
    await expect(
      db.execute(sql`insert into applications (application_type, name, email) values ('Nobody', 'x', 'y')`),
    ).rejects.toThrow();
  });

  test('NOTIFY reaches a listener', async () => {
    const database = current();
    let resolveReceived: (payload: string) => void = () => {};
    const received = new Promise<string>((resolve) => (resolveReceived = resolve));
    // listen() resolves once LISTEN is in effect, so a notification sent after it arrives.
    const unlisten = await database.listen('test_channel', (payload) => resolveReceived(payload));
    await database.notify('test_channel', 'hello');
    await expect(received).resolves.toBe('hello');
    await unlisten();
  });

  test('migrating an already migrated database changes nothing', async () => {
    const database = current();
    // Opening runs the migrations. PGlite needs a database on disk for a second opening (an
    // in-memory one is gone when closed), and only one opening at a time on its directory.
    const options = database.url
      ? { databaseUrl: database.url }
      : { dataDir: mkdtempSync(path.join(tmpdir(), 'bc-db-')) };
    const first = database.url ? database : await openDatabase(options);
    const migrations = () =>
      selectRows<{ hash: string }>(first.db, sql`select hash from drizzle.__drizzle_migrations order by id`);
    const applied = await migrations();
    expect(applied.length).toBeGreaterThan(0);
    await first.db
      .insert(schema.applications)
      .values({ applicationType: 'Mentor', name: 'Bleibt', email: 'bleibt@example.org' });
    if (!database.url) await first.close();

    const again = await openDatabase(options);
    try {
      expect(
        await selectRows<{ hash: string }>(again.db, sql`select hash from drizzle.__drizzle_migrations order by id`),
      ).toEqual(applied);
      const kept = await again.db.select().from(schema.applications);
      expect(kept.map((r) => r.name)).toContain('Bleibt');
    } finally {
      await again.close();
    }
  });
});
