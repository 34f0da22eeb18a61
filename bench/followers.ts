// `npm run bench:followers`: what following Sanity's live events costs per instance now that every
// instance follows them itself (decision record 036; the leader it was measured against is gone).
// Runs BENCH_INSTANCES built server processes on the Sanity stand-in twice: (a) on one PostgreSQL,
// every process following the events (a webhook's publish is still announced through NOTIFY); (b)
// each on its own PGlite, every process following them too, with no database shared. For each:
// open live streams at the stand-in, PostgreSQL connections, CPU per process over BENCH_IDLE_S
// seconds of quiet, and per publish the stand-in's requests, the renders and the CPU.
//
// Options (environment): BENCH_INSTANCES (default 3), BENCH_IDLE_S (default 30), BENCH_PUBLISHES
// (default 5), BENCH_DATABASE_URL (see support.ts), BUILD_DIR (an existing build).
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { standInEnv, startSanityStandIn, type SanityStandIn } from '../tests/support/sanity-standin.ts';
import { freshDataDir, spawnServer, type TestServer } from '../tests/support/spawn-server.ts';
import { until } from '../tests/support/until.ts';
import { benchBuild, freshPostgres, postgresAvailable } from './support.ts';

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 3);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 30);
const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 5);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WAIT = { timeoutMs: 60_000, intervalMs: 100 };
/** CPU time (user + system) of a process in ms, from /proc (100 ticks per second). */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const cpuOf = (servers: TestServer[]) => servers.map((s) => cpuMs(s.process.pid!));
const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
const title = async (s: TestServer) => h1(await (await fetch(`${s.url}/`)).text());
const renders = async (s: TestServer) =>
  ((await (await fetch(`${s.url}/healthz`)).json()) as { content: { renders: number } }).content.renders;
const kindOf = (request: string) =>
  request.includes('/data/live/') ? 'live' : request.includes('/data/query/') ? 'query' : 'other';
function countRequests(requests: string[]) {
  const counts: Record<string, number> = {};
  for (const r of requests) counts[kindOf(r)] = (counts[kindOf(r)] ?? 0) + 1;
  return counts;
}

async function measure(label: string, standIn: SanityStandIn, servers: TestServer[], databaseUrl?: string) {
  await until(() => standIn.liveConnections() >= servers.length, 'a live stream per process', WAIT);
  await sleep(5000); // start-up syncs settle
  const pgConnections = async () => {
    if (!databaseUrl) return '-';
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; n: number }>(
        `select application_name as name, count(*)::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() group by 1 order by 1`,
      );
      return rows.map((r) => `${r.name || '(app)'}: ${r.n}`).join(', ');
    } finally {
      await client.end();
    }
  };
  const idleStart = cpuOf(servers);
  const idleRequests = standIn.requests.length;
  await sleep(IDLE_S * 1000);
  const idleCpu = cpuOf(servers).map((c, i) => c - idleStart[i]!);
  const idleCounts = countRequests(standIn.requests.slice(idleRequests));

  const rendersBefore = await Promise.all(servers.map(renders));
  const publishStart = cpuOf(servers);
  const publishRequests = standIn.requests.length;
  for (let i = 0; i < PUBLISHES; i++) {
    const tagline = `Folgen ${label} ${i} ${Date.now()}`;
    standIn.publish({ ...standIn.document('siteSettings')!, tagline });
    for (const s of servers) await until(async () => (await title(s)) === tagline, `the publish on ${s.url}`, WAIT);
  }
  await sleep(2000); // brotli copies and late announcements
  const publishCpu = cpuOf(servers).map((c, i) => c - publishStart[i]!);
  const rendersAfter = await Promise.all(servers.map(renders));
  const publishCounts = countRequests(standIn.requests.slice(publishRequests));

  console.log(`\n${label}`);
  console.log(`  live streams open at the stand-in: ${standIn.liveConnections()}`);
  console.log(`  PostgreSQL connections by application_name: ${await pgConnections()}`);
  console.log(
    `  quiet ${IDLE_S} s: CPU ms per process ${idleCpu.join(' / ')}; stand-in requests ${JSON.stringify(idleCounts)}`,
  );
  console.log(
    `  ${PUBLISHES} publishes: renders per process ${rendersAfter.map((r, i) => r - rendersBefore[i]!).join(' / ')}; ` +
      `CPU ms per process ${publishCpu.join(' / ')}; stand-in requests ${JSON.stringify(publishCounts)}`,
  );
}

async function main() {
  const build = benchBuild('followers');
  try {
    if (await postgresAvailable()) {
      const standIn = await startSanityStandIn();
      const database = await freshPostgres('followers');
      const env = { DATABASE_URL: database.url, ...standInEnv(standIn, '') };
      const servers: TestServer[] = [];
      try {
        // One after the other, as a rolling start does: the first migrates.
        for (let i = 0; i < INSTANCES; i++) servers.push(await spawnServer({ buildDir: build.dir, env }));
        await measure(`(a) ${INSTANCES} processes, every one follows, one PostgreSQL`, standIn, servers, database.url);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await standIn.close();
        await database.drop();
      }
    }
    const standIn = await startSanityStandIn();
    const servers: TestServer[] = [];
    try {
      for (let i = 0; i < INSTANCES; i++)
        servers.push(await spawnServer({ buildDir: build.dir, dataDir: freshDataDir(), env: standInEnv(standIn, '') }));
      await measure(`(b) ${INSTANCES} processes, every one follows, each on its own PGlite`, standIn, servers);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await standIn.close();
    }
  } finally {
    build.cleanup();
  }
}

await main();
