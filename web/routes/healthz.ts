import { sql } from 'drizzle-orm';
import { getDatabase } from '~/server/db/db.server';

export async function loader() {
  const database = getDatabase();
  try {
    await database.db.execute(sql`select 1`);
    return Response.json({ ok: true, db: database.kind }, { headers: { 'Cache-Control': 'no-store' } });
  } catch {
    return Response.json({ ok: false, db: database.kind }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
