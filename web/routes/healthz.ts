// GET /healthz: whether this instance can serve (its database answers), and which content it serves
// (instances that agree show the same fingerprint). The server listens only after its first
// content sync, so any answer here comes from an instance that is ready. From SIGTERM on it answers
// 503 at once, so that the proxy stops sending requests here while the instance drains.
import { sql } from 'drizzle-orm';
import { getDatabase } from '~/server/db/db.server';
import { isDraining } from '~/server/app/app.server';
import { UNAVAILABLE_RETRY_AFTER_S } from '~/server/http/http.server';
import { contentStatus } from '~/server/serving/serving.server';

/** A database that has not answered `select 1` within this long counts as not answering. */
const HEALTH_TIMEOUT_MS = 2_000;

export async function loader() {
  const database = getDatabase();
  const headers = { 'Cache-Control': 'no-store' };
  if (isDraining()) return Response.json({ ok: false, db: database.kind, draining: true }, { status: 503, headers });
  let timer: NodeJS.Timeout | undefined;
  const answered = await Promise.race([
    database.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if (answered) return Response.json({ ok: true, db: database.kind, content: contentStatus() }, { headers });
  return Response.json(
    { ok: false, db: database.kind },
    { status: 503, headers: { ...headers, 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) } },
  );
}
