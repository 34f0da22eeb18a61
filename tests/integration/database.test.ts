import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase, schema, selectRows } from '~/server/db.server';
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
    const received = new Promise<string>((resolve) => {
      void database.listen('test_channel', resolve);
    });
    // The listener may need a moment to be registered on the server.
    await new Promise((r) => setTimeout(r, 100));
    await database.notify('test_channel', 'hello');
    await expect(received).resolves.toBe('hello');
  });

  test('migrating an already migrated database changes nothing', async () => {
    const database = current();
    if (!database.url) return; // PGlite in memory: covered by the restart test in e2e
    const again = await openDatabase({ databaseUrl: database.url });
    await again.close();
  });
});
