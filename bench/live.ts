// `npm run bench:live`: how fast a status change reaches open dashboards. Opens BENCH_STREAMS event
// streams (GET /api/applications/events) on one built server process on PGlite, changes a status
// through PATCH /api/applications/:id BENCH_CHANGES times, and measures for every stream the delay
// from sending the change to the arrival of its event. Then the same on PostgreSQL with two server
// processes, half of the streams on each, every change made through the first.
// Budget (a change must feel instant to the team): one process, 1,000 streams: p99 under 100 ms; two processes on one
// PostgreSQL: p99 under 250 ms.
//
// Options (environment): BENCH_STREAMS (default 1000), BENCH_CHANGES (default 20),
// BENCH_DATABASE_URL (PostgreSQL server where the bench may create a database; default
// TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; "skip" skips it),
// BUILD_DIR (an existing build; default: a fresh build in .test-builds/bench-live-<pid>).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { freshDataDir, spawnServer, type TestServer } from '../tests/support/spawn-server.ts';
import { openRawEventStream, type RawEventStream } from '../tests/support/event-stream.ts';
import { teamToken } from '../tests/support/team-client.ts';
import { benchBuild, freshPostgres, postgresAvailable } from './support.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);
/** A change whose event has not reached a stream within this time counts as lost. */
const ARRIVAL_TIMEOUT_MS = 10_000;
const WARMUP = 3;

interface Row {
  setup: string;
  /** None for the baseline rows. */
  budgetMs?: number;
  streams: number;
  changes: number;
  delays: number[];
  /** Time until the PATCH itself was answered, per change. */
  answered: number[];
  lost: number;
}

const SEED_SQL = [
  `insert into applications (id, application_type, name, email) values ($1, 'Mentor', 'Bench Bewerbung', 'bench@example.org')`,
  `insert into application_history (application_id, to_status) values ($1, 'pending')`,
];

/** Opens `count` streams on `server`, a hundred at a time, each until its snapshot arrived. */
async function openStreams(server: TestServer, token: string, count: number): Promise<RawEventStream[]> {
  const streams: RawEventStream[] = [];
  for (let i = 0; i < count; i += 100) {
    streams.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, count - i) }, () => openRawEventStream(server.url, token)),
      )),
    );
  }
  return streams;
}

/**
 * Changes the status of `id` WARMUP + CHANGES times through `via`; after each change waits until every
 * stream has its event (or the timeout), then makes the next. Answers the delays in ms.
 */
async function measure(
  via: TestServer,
  token: string,
  target: { id: string; version: number },
  streams: RawEventStream[],
) {
  const { id } = target;
  const delays: number[] = [];
  const answered: number[] = [];
  let lost = 0;
  // The first changes warm up the server (JIT, prepared queries) and are not counted.
  for (let change = 0; change < WARMUP + CHANGES; change++) {
    const counted = change >= WARMUP;
    const version = ++target.version;
    const status = version % 2 === 0 ? 'approved' : 'rejected';
    let missing = streams.length;
    let allArrived = () => {};
    const arrived = new Promise<void>((resolve) => (allArrived = resolve));
    const sentAt = performance.now();
    for (const stream of streams) {
      stream.onEvent = (event, data, at) => {
        if (event !== 'application') return;
        const record = JSON.parse(data) as { id?: string; version?: number };
        if (record.id !== id || record.version !== version) return;
        stream.onEvent = undefined;
        if (counted) delays.push(at - sentAt);
        if (--missing === 0) allArrived();
      };
    }
    const res = await fetch(`${via.url}/api/applications/${id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status, version: version - 1 }),
    });
    if (res.status !== 200) throw new Error(`PATCH answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    if (counted) answered.push(performance.now() - sentAt);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([arrived, new Promise((resolve) => (timer = setTimeout(resolve, ARRIVAL_TIMEOUT_MS)))]);
    clearTimeout(timer);
    if (counted) lost += missing;
    for (const stream of streams) stream.onEvent = undefined;
  }
  return { delays, answered, lost };
}

function closeStreams(streams: RawEventStream[]) {
  for (const stream of streams) stream.close();
}

async function onePglite(buildDir: string): Promise<Row[]> {
  const dataDir = freshDataDir();
  try {
    // Start once to create the schema, then store one application while the server is stopped
    // (PGlite is opened by one process at a time).
    await (await spawnServer({ buildDir, dataDir })).stop();
    const id = randomUUID();
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    for (const statement of SEED_SQL) await db.query(statement, [id]);
    await db.close();

    const server = await spawnServer({ buildDir, dataDir });
    try {
      const token = await teamToken(server.url);
      const target = { id, version: 1 };
      console.log(`PGlite: ${CHANGES} changes with one stream (baseline) …`);
      const streams = await openStreams(server, token, 1);
      const baseline = await measure(server, token, target, streams);
      console.log(`PGlite: opening ${STREAMS} streams …`);
      streams.push(...(await openStreams(server, token, STREAMS - 1)));
      console.log(`PGlite: ${CHANGES} changes …`);
      const measured = await measure(server, token, target, streams);
      closeStreams(streams);
      return [
        { setup: 'PGlite, 1 process (baseline)', streams: 1, changes: CHANGES, ...baseline },
        { setup: 'PGlite, 1 process', budgetMs: 100, streams: STREAMS, changes: CHANGES, ...measured },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function twoPostgres(buildDir: string): Promise<Row[]> {
  const database = await freshPostgres('live');
  const env = { DATABASE_URL: database.url };
  let servers: TestServer[] = [];
  try {
    servers = await Promise.all([spawnServer({ buildDir, env }), spawnServer({ buildDir, env })]);
    const [a, b] = servers as [TestServer, TestServer];
    const id = randomUUID();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    for (const statement of SEED_SQL) await client.query(statement, [id]);
    await client.end();

    const token = await teamToken(a.url);
    const target = { id, version: 1 };
    console.log(`PostgreSQL: ${CHANGES} changes through the first process, one stream on the second (baseline) …`);
    const streams = await openStreams(b, token, 1);
    const baseline = await measure(a, token, target, streams);
    const half = Math.floor(STREAMS / 2);
    console.log(`PostgreSQL: opening ${half} + ${STREAMS - half} streams on two processes …`);
    streams.push(...(await openStreams(a, token, half)), ...(await openStreams(b, token, STREAMS - half - 1)));
    console.log(`PostgreSQL: ${CHANGES} changes through the first process …`);
    const measured = await measure(a, token, target, streams);
    closeStreams(streams);
    return [
      { setup: 'PostgreSQL, 2 processes (baseline)', streams: 1, changes: CHANGES, ...baseline },
      { setup: 'PostgreSQL, 2 processes', budgetMs: 250, streams: STREAMS, changes: CHANGES, ...measured },
    ];
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

const ascending = (values: number[]) => [...values].sort((x, y) => x - y);

async function main() {
  const { dir, cleanup } = benchBuild('live');
  const rows: Row[] = [];
  const loadBefore = os.loadavg()[0]!;
  try {
    rows.push(...(await onePglite(dir)));
    if (await postgresAvailable()) rows.push(...(await twoPostgres(dir)));
  } finally {
    cleanup();
  }

  const ms = (n: number) => Math.round(n * 10) / 10;
  console.log(
    `\nDelay from sending the PATCH to the event's arrival at each stream (${os.cpus().length} cores, ` +
      `load average ${loadBefore.toFixed(1)} before and ${os.loadavg()[0]!.toFixed(1)} after the run):`,
  );
  console.table(
    rows.map((r) => {
      const delays = ascending(r.delays);
      return {
        setup: r.setup,
        streams: r.streams,
        changes: r.changes,
        'events measured': delays.length,
        lost: r.lost,
        'p50 ms': ms(percentile(delays, 50)),
        'p99 ms': ms(percentile(delays, 99)),
        'max ms': ms(delays.at(-1) ?? NaN),
        'budget p99': r.budgetMs ? `< ${r.budgetMs} ms` : '',
        'PATCH answered p50 ms': ms(percentile(ascending(r.answered), 50)),
      };
    }),
  );
  let ok = true;
  for (const r of rows) {
    if (!r.budgetMs) continue;
    const p99 = percentile(ascending(r.delays), 99);
    const within = p99 < r.budgetMs && r.lost === 0;
    ok &&= within;
    console.log(
      `${r.setup}: ${within ? `p99 ${ms(p99)} ms (< ${r.budgetMs} ms), nothing lost` : `OUT OF BUDGET: p99 ${ms(p99)} ms, ${r.lost} lost`}`,
    );
  }
  console.log(ok ? '\nWithin budget.' : '\nOUT OF BUDGET (see above).');
}

await main();
