// `npm run bench:insights`: the insights beacon (POST /api/insights/events, text/plain JSON as
// navigator.sendBeacon sends it) at 50 concurrent clients on one server process, on PGlite and on
// PostgreSQL, next to the raw single-row INSERT rate of the same engine measured in the same run;
// then the dashboard's 30-day report (GET /api/insights) over a year of seeded daily aggregates.
// Every beacon answered 204 must be counted (the page views the report shows grow by at least the
// number of 204s, and by at most that plus the requests in flight when the load stopped).
// Budget: at least 5,000 beacons/s with p99 under 50 ms on both engines; the 30-day report under
// 50 ms (p99 of sequential requests, HTTP included).
//
// Options (environment): BENCH_DURATION (seconds per measurement, default 10), BENCH_CONNECTIONS
// (default 50), BENCH_DATABASE_URL (PostgreSQL server where the bench may create databases;
// default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; "skip" skips it),
// BENCH_VISITORS (distinct user agents the beacons cycle through, default 20,000: new and returning
// visitors; a number above the run's beacons makes every beacon a new visitor, the worst case),
// BUILD_DIR (an existing build; default: a fresh build in .test-builds/bench-insights-<pid>).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { INSIGHTS_PATHS, REFERRER_GROUPS } from '../web/lib/insights.ts';
import { freshDataDir, spawnServer } from '../tests/support/spawn-server.ts';
import { teamToken } from '../tests/support/team-client.ts';
import {
  benchBuild,
  freshPostgres,
  postgresAvailable,
  rawPgliteInsertRate,
  rawPostgresInsertRate,
  type RawInsert,
} from './support.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REPORT_RUNS = 200;
const VISITORS = Number(process.env.BENCH_VISITORS ?? 20_000);

interface Row {
  database: string;
  rawInsertsPerSecond: number;
  beaconsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  answered204: number;
  counted: number;
  reportP50: number;
  reportP99: number;
}

// A single-row INSERT of the kind a beacon causes (one visitor hash), one commit per row.
const RAW_INSERT: RawInsert = {
  sql: 'insert into insights_visitors (day, hash) values ($1, $2)',
  params: () => ['2024-01-01', randomBytes(16).toString('base64url')],
  connections: CONNECTIONS,
  seconds: DURATION,
};
const rawPglite = () => rawPgliteInsertRate(RAW_INSERT);
const rawPostgres = (url: string) => rawPostgresInsertRate(url, RAW_INSERT);

/** A year (2024) of daily aggregates shaped like real ones: pages, visitors, referrers, devices, 20 campaigns, funnel steps. */
function yearOfAggregates(): [string, string, string, number][] {
  const rows: [string, string, string, number][] = [];
  for (let i = 0; i < 366; i++) {
    const day = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    for (const p of INSIGHTS_PATHS) rows.push([day, 'pageview', p, 10 + (i % 50)]);
    rows.push([day, 'visitor', '', 40 + (i % 30)]);
    for (const r of REFERRER_GROUPS) rows.push([day, 'referrer', r, 10]);
    rows.push([day, 'device', 'phone', 30], [day, 'device', 'desktop', 10]);
    for (let c = 0; c < 20; c++) rows.push([day, 'campaign', `instagram|story|campaign-${c}`, 1 + (c % 4)]);
    rows.push([day, 'popup_open', '', 8], [day, 'group_click', '', 3], [day, 'code_accepted', '', 1]);
  }
  return rows;
}

async function seed(query: (sql: string, params: unknown[]) => Promise<unknown>) {
  const rows = yearOfAggregates();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map((_, j) => `($${4 * j + 1}, $${4 * j + 2}, $${4 * j + 3}, $${4 * j + 4})`).join(',');
    await query(`insert into insights_daily (day, metric, key, count) values ${values}`, chunk.flat());
  }
  return rows.length;
}

let visitorNumber = 0;
async function beaconLoad(url: string) {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/insights/events',
          body: JSON.stringify({ name: 'pageview', path: '/', referrer: 'https://l.instagram.com/' }),
          // VISITORS visitors: new ones in every batch (a hash insert) and, once the cycle repeats, returning ones.
          setupRequest: (request: object) => ({
            ...request,
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 v${visitorNumber++ % VISITORS}`,
            },
          }),
        },
      ],
    });
  await run(2); // warm-up
  await new Promise((r) => setTimeout(r, 1000));
  const before = await pageviewsToday(url);
  const result = await run(DURATION);
  await new Promise((r) => setTimeout(r, 500));
  const counted = (await pageviewsToday(url)) - before;
  return {
    beaconsPerSecond: result['2xx'] / (DURATION || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    answered204: result['2xx'],
    counted,
  };
}

async function report(url: string, query = '') {
  const res = await fetch(`${url}/api/insights${query}`, {
    headers: { Authorization: `Bearer ${await teamToken(url)}` },
  });
  if (res.status !== 200) throw new Error(`GET /api/insights answered ${res.status}`);
  return (await res.json()) as { totals: { pageviews: number; visitors: number } };
}
const pageviewsToday = async (url: string) => (await report(url, '')).totals.pageviews;

/** Sequential GETs of a 30-day report in the seeded year; p50 and p99 in ms. */
async function reportLatency(url: string) {
  const token = await teamToken(url);
  const times: number[] = [];
  for (let i = 0; i < REPORT_RUNS + 20; i++) {
    const from = new Date(Date.UTC(2024, 0, 1 + ((i * 7) % 300))).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(2024, 0, 30 + ((i * 7) % 300))).toISOString().slice(0, 10);
    const start = performance.now();
    const res = await fetch(`${url}/api/insights?from=${from}&to=${to}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { days: unknown[] };
    if (res.status !== 200 || body.days.length !== 30) throw new Error(`report answered ${res.status}`);
    if (i >= 20) times.push(performance.now() - start); // the first 20 warm up
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { reportP50: at(0.5), reportP99: at(0.99) };
}

async function bench(
  name: string,
  raw: () => Promise<number>,
  start: () => ReturnType<typeof spawnServer>,
  seedStopped: () => Promise<number>,
): Promise<Row> {
  console.log(`\n${name}: raw INSERT rate …`);
  const rawInsertsPerSecond = await raw();
  console.log(`${name}: beacons through the server …`);
  let server = await start();
  let load;
  try {
    load = await beaconLoad(server.url);
  } finally {
    await server.stop();
  }
  console.log(`${name}: seeding a year of aggregates (${await seedStopped()} rows), then the 30-day report …`);
  server = await start();
  try {
    return { database: name, rawInsertsPerSecond, ...load, ...(await reportLatency(server.url)) };
  } finally {
    await server.stop();
  }
}

// Beacons still in flight when autocannon stops are counted but not answered within the run.
const countedOk = (r: Row) => r.counted >= r.answered204 && r.counted <= r.answered204 + CONNECTIONS;

async function main() {
  const { dir: buildDir, cleanup } = benchBuild('insights');
  const rows: Row[] = [];
  try {
    const dataDir = freshDataDir();
    rows.push(
      await bench(
        'PGlite',
        rawPglite,
        () => spawnServer({ buildDir, dataDir }),
        async () => {
          const db = await PGlite.create(path.join(dataDir, 'pglite'));
          try {
            return await seed((sql, params) => db.query(sql, params));
          } finally {
            await db.close();
          }
        },
      ),
    );
    rmSync(dataDir, { recursive: true, force: true });
    if (await postgresAvailable()) {
      const rawDb = await freshPostgres('insights_raw');
      const serverDb = await freshPostgres('insights_server');
      try {
        rows.push(
          await bench(
            'PostgreSQL',
            () => rawPostgres(rawDb.url),
            () => spawnServer({ buildDir, env: { DATABASE_URL: serverDb.url } }),
            async () => {
              const client = new pg.Client({ connectionString: serverDb.url });
              await client.connect();
              try {
                return await seed((sql, params) => client.query(sql, params));
              } finally {
                await client.end();
              }
            },
          ),
        );
      } finally {
        await rawDb.drop();
        await serverDb.drop();
      }
    }
  } finally {
    cleanup();
  }

  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    `\nPOST /api/insights/events, ${CONNECTIONS} concurrent clients, ${DURATION} s, one process, ${f(VISITORS)} distinct visitors:`,
  );
  console.table(
    rows.map((r) => ({
      database: r.database,
      'raw INSERT/s': f(r.rawInsertsPerSecond),
      'beacons/s': f(r.beaconsPerSecond),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'answered 204': r.answered204,
      counted: r.counted,
      '30-day report p50 ms': r.reportP50,
      '30-day report p99 ms': r.reportP99,
    })),
  );
  let ok = true;
  for (const r of rows) {
    const verdict = [
      r.beaconsPerSecond >= 5000
        ? `${f(r.beaconsPerSecond)} beacons/s (≥ 5,000)`
        : `ONLY ${f(r.beaconsPerSecond)} BEACONS/S (< 5,000)`,
      r.p99 < 50 ? `p99 ${r.p99} ms (< 50 ms)` : `P99 ${r.p99} MS (≥ 50 ms)`,
      countedOk(r) && r.errors === 0 ? 'every 204 counted, no errors' : 'ERRORS OR UNCOUNTED BEACONS',
      r.reportP99 < 50
        ? `30-day report p99 ${r.reportP99} ms (< 50 ms)`
        : `30-DAY REPORT P99 ${r.reportP99} MS (≥ 50 ms)`,
    ];
    console.log(`${r.database}: ${verdict.join('; ')}`);
    ok &&= r.beaconsPerSecond >= 5000 && r.p99 < 50 && countedOk(r) && r.errors === 0 && r.reportP99 < 50;
  }
  console.log(ok ? '\nWithin budget.' : '\nOUT OF BUDGET (see above).');
}

await main();
