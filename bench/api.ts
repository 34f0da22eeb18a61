// `npm run bench:api`: signup throughput and latency of the built server at 50 concurrent clients
// (autocannon, POST /api/signups, SIGNUP_RATE_LIMIT=0) on PGlite and on PostgreSQL, next to the raw
// single-row INSERT rate of the same database engine measured in the same run.
// Budget (the server, not the database, must never be the bottleneck): signups/s at least half the
// raw INSERT rate; p99 under 50 ms.
//
// Options (environment): BENCH_DURATION (seconds per measurement, default 10), BENCH_CONNECTIONS
// (default 50), BENCH_DATABASE_URL (PostgreSQL server where the bench may create databases;
// default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; "skip" skips it),
// BENCH_NEWSLETTER=1 (signups with the newsletter opt-in, i.e. with a confirmation mail each;
// prints how many mails were written during the run),
// BUILD_DIR (an existing build; default: a fresh build in .test-builds/bench-<pid>).
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawnServer } from '../tests/support/spawn-server.ts';
import { storedSignups } from '../tests/support/team-client.ts';
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
const NEWSLETTER = process.env.BENCH_NEWSLETTER === '1';

interface Row {
  database: string;
  rawInsertsPerSecond: number;
  signupsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  stored: number;
  answered201: number;
  /** With BENCH_NEWSLETTER=1: confirmation mails written by the end of the run (the outbox paces them). */
  mailsSent?: number;
}

const RAW_INSERT: RawInsert = {
  sql: 'insert into signups (id, user_type, name, email, newsletter_opt_in, client_timestamp) values ($1, $2, $3, $4, $5, $6)',
  params: () => {
    const id = randomUUID();
    return [id, 'reiter', `Bench ${id.slice(0, 8)}`, `${id}@example.org`, NEWSLETTER, new Date().toISOString()];
  },
  connections: CONNECTIONS,
  seconds: DURATION,
};
const rawPglite = () => rawPgliteInsertRate(RAW_INSERT);
const rawPostgres = (url: string) => rawPostgresInsertRate(url, RAW_INSERT);

function startServer(buildDir: string, env: Record<string, string>) {
  return spawnServer({ buildDir, env: { ACCESS_CODES: 'BENCH', ...env } });
}

function signupBody() {
  const id = randomUUID();
  return JSON.stringify({
    id,
    userType: 'reiter',
    name: `Bench ${id.slice(0, 8)}`,
    email: `${id}@example.org`,
    newsletterOptIn: NEWSLETTER,
    timestamp: new Date().toISOString(),
  });
}

async function countStored(url: string) {
  return (await storedSignups(url)).length;
}

async function signupLoad(url: string) {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/signups',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request: object) => ({ ...request, body: signupBody() }),
        },
      ],
    });
  await run(2); // warm-up (JIT, connection pool)
  await new Promise((r) => setTimeout(r, 1000)); // let the warm-up's last requests finish
  const before = await countStored(url);
  const result = await run(DURATION);
  const stored = (await countStored(url)) - before;
  return {
    signupsPerSecond: result['2xx'] / (DURATION || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    answered201: result['2xx'],
    stored,
  };
}

/** Mails the server wrote to DATA_DIR/outbox (no SMTP_URL in the bench). */
function countMails(dataDir: string) {
  try {
    return readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
}

async function bench(
  name: string,
  /** Measures the raw INSERT rate, or the rate already measured for this engine. */
  raw: (() => Promise<number>) | number,
  server: () => Promise<{ url: string; dataDir: string; stop(): Promise<unknown> }>,
) {
  if (typeof raw === 'function') console.log(`\n${name}: raw INSERT rate …`);
  const rawInsertsPerSecond = typeof raw === 'function' ? await raw() : raw;
  console.log(`${name}: signups through the server …`);
  const running = await server();
  try {
    const load = await signupLoad(running.url);
    const mailsSent = NEWSLETTER ? countMails(running.dataDir) : undefined;
    return { database: name, rawInsertsPerSecond, ...load, mailsSent } satisfies Row;
  } finally {
    await running.stop();
  }
}

// Requests still in flight when autocannon stops are stored but not counted as answered.
const storedOk = (r: Row) => r.stored >= r.answered201 && r.stored <= r.answered201 + CONNECTIONS;

async function main() {
  const { dir: buildDir, cleanup } = benchBuild('api');
  const rows: Row[] = [];
  try {
    rows.push(await bench('PGlite', rawPglite, () => startServer(buildDir, {})));
    if (await postgresAvailable()) {
      const rawDb = await freshPostgres('raw');
      const serverDb = await freshPostgres('server');
      try {
        rows.push(
          await bench(
            'PostgreSQL',
            () => rawPostgres(rawDb.url),
            () => startServer(buildDir, { DATABASE_URL: serverDb.url }),
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
    `\nPOST /api/signups, ${CONNECTIONS} concurrent clients, ${DURATION} s, newsletter opt-in ${NEWSLETTER ? 'on' : 'off'}:`,
  );
  console.table(
    rows.map((r) => ({
      database: r.database,
      'raw INSERT/s': f(r.rawInsertsPerSecond),
      'signups/s': f(r.signupsPerSecond),
      'share of raw': `${Math.round((100 * r.signupsPerSecond) / r.rawInsertsPerSecond)} %`,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'answered 201': r.answered201,
      stored: r.stored,
      ...(NEWSLETTER ? { 'mails sent': r.mailsSent } : {}),
    })),
  );
  if (NEWSLETTER)
    console.log(
      'Confirmation mails go out through the outbox at up to 100/s per process, after the answers; the rest follow.',
    );
  let ok = true;
  for (const r of rows) {
    const share = r.signupsPerSecond / r.rawInsertsPerSecond;
    const verdict = [
      share >= 0.5
        ? `throughput ${Math.round(share * 100)} % of raw (≥ 50 %)`
        : `THROUGHPUT ONLY ${Math.round(share * 100)} % OF RAW (< 50 %)`,
      r.p99 < 50 ? `p99 ${r.p99} ms (< 50 ms)` : `P99 ${r.p99} MS (≥ 50 ms)`,
      storedOk(r) && r.errors === 0 ? 'every 201 stored, no errors' : 'ERRORS OR MISSING ROWS',
    ];
    console.log(`${r.database}: ${verdict.join('; ')}`);
    ok &&= share >= 0.5 && r.p99 < 50 && storedOk(r) && r.errors === 0;
  }
  console.log(ok ? '\nWithin budget.' : '\nOUT OF BUDGET (see above).');
}

await main();
