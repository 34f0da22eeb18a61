// GET /healthz: whether this instance can serve (its database answers), and which content it serves
// (instances that agree show the same fingerprint). The server listens only after its first
// content sync, so any answer here comes from an instance that is ready. From SIGTERM on it answers
// 503 at once, so that the proxy stops sending requests here while the instance drains.
import { sql } from 'drizzle-orm';
import { getDatabase } from '~/server/db/db.server';
import { isDraining } from '~/server/http/http.server';
import { contentStatus } from '~/server/serving/serving.server';

export async function loader() {
  const database = getDatabase();
  const headers = { 'Cache-Control': 'no-store' };
  if (isDraining()) return Response.json({ ok: false, db: database.kind, draining: true }, { status: 503, headers });
  try {
    await database.db.execute(sql`select 1`);
    return Response.json({ ok: true, db: database.kind, content: contentStatus() }, { headers });
  } catch {
    return Response.json({ ok: false, db: database.kind }, { status: 503, headers });
  }
}
