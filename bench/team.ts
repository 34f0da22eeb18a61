// `npm run bench:team`: what checking a team token costs. A built server on a fresh PostgreSQL
// database; an owner invited and signed in with both factors (the real path); then BENCH_CHECKS
// requests with the token (GET /api/signups?limit=1) while PostgreSQL's own table statistics
// count what the check read and wrote: index and sequential scans of team_tokens, auth_sessions
// and auth_users, and rows updated (the session's last request, written at most once a minute).
// Budget: at most one indexed read per check (one query joining the three tables by their primary
// keys), no sequential scan, no write per request. Also prints the requests' latency.
//
// Options (environment): BENCH_CHECKS (default 2000), BENCH_DATABASE_URL (see support.ts),
// BUILD_DIR (an existing build).
import pg from 'pg';
import { spawnServer } from '../tests/support/spawn-server.ts';
import { teamToken } from '../tests/support/team-client.ts';
import { benchBuild, freshPostgres, postgresAvailable } from './support.ts';

const CHECKS = Number(process.env.BENCH_CHECKS ?? 2000);
const TABLES = ['team_tokens', 'auth_sessions', 'auth_users'];

type Stats = Record<string, { idx: number; seq: number; upd: number }>;

async function tableStats(client: pg.Client): Promise<Stats> {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ relname: string; idx: string; seq: string; upd: string }>(
    `select relname, coalesce(idx_scan, 0)::text as idx, seq_scan::text as seq, n_tup_upd::text as upd
     from pg_stat_user_tables where relname = any($1)`,
    [TABLES],
  );
  return Object.fromEntries(
    rows.map((r) => [r.relname, { idx: Number(r.idx), seq: Number(r.seq), upd: Number(r.upd) }]),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

if (!(await postgresAvailable())) process.exit(0);
const build = benchBuild('team');
const database = await freshPostgres('team');
const server = await spawnServer({ buildDir: build.dir, env: { DATABASE_URL: database.url } });
const stats = new pg.Client({ connectionString: database.url });
try {
  await stats.connect();
  const token = await teamToken(server.url);
  const get = () => fetch(`${server.url}/api/signups?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
  for (let i = 0; i < 50; i++) await (await get()).arrayBuffer(); // warm-up
  // Statistics reach the shared counters when a backend is idle for a moment.
  await new Promise((r) => setTimeout(r, 1500));
  const before = await tableStats(stats);
  const times: number[] = [];
  for (let i = 0; i < CHECKS; i++) {
    const start = performance.now();
    const res = await get();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`answered ${res.status}`);
    times.push(performance.now() - start);
  }
  await new Promise((r) => setTimeout(r, 1500));
  const after = await tableStats(stats);
  times.sort((a, b) => a - b);
  console.log(`\n${CHECKS} authorised requests (GET /api/signups?limit=1), PostgreSQL, one process:`);
  console.log('| table         | index scans per check | sequential scans | rows updated |');
  console.log('| ------------- | --------------------- | ---------------- | ------------ |');
  for (const table of TABLES) {
    const d = {
      idx: after[table]!.idx - before[table]!.idx,
      seq: after[table]!.seq - before[table]!.seq,
      upd: after[table]!.upd - before[table]!.upd,
    };
    console.log(
      `| ${table.padEnd(13)} | ${(d.idx / CHECKS).toFixed(2).padStart(21)} | ${String(d.seq).padStart(16)} | ${String(d.upd).padStart(12)} |`,
    );
  }
  console.log(
    `latency: median ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms (the whole request: the check and the list query)`,
  );
} finally {
  await stats.end().catch(() => {});
  await server.stop();
  await database.drop();
  build.cleanup();
}
