// `npm run bench:sync`: how long a publish takes to reach every instance, and how long an instance
// spends rendering its pages at start. Two server processes on one fresh PostgreSQL database read
// the bundled dataset from a copy (CONTENT_DIR); each "publish" rewrites the tagline in that copy
// and sends the signed webhook to the first process only. Prints, per publish, when `/` shows the
// new tagline on each process (polled every few milliseconds) and the median and worst of the
// later of the two (the fan-out delay), then the unchanged-publish time and the start-up render
// times the servers logged.
//
// Options (environment): BUILD_DIR (an existing build; default: a fresh one in
// .test-builds/bench-sync-<pid>), BENCH_PUBLISHES (default 9), BENCH_DATABASE_URL (the PostgreSQL
// server where a database is created; default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_ENV (extra server environment as KEY=VALUE,KEY=VALUE, e.g. LOG_LEVEL=warn).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signSanityWebhook } from '../web/server/serving/sanity-webhook.server.ts';
import { spawnServer, type TestServer } from '../tests/support/spawn-server.ts';
import { benchBuild, freshPostgres, postgresAvailable, ROOT } from './support.ts';

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 9);
const SECRET = 'bench-sync-secret';
const EXTRA_ENV = Object.fromEntries(
  (process.env.BENCH_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

/** Milliseconds from `since` until `/` on `server` contains `text` (polled every 5 ms). */
async function shows(server: TestServer, text: string, since: number, timeoutMs = 10_000) {
  for (;;) {
    const html = await (await fetch(`${server.url}/`)).text();
    if (html.includes(text)) return Math.round(performance.now() - since);
    if (performance.now() - since > timeoutMs) throw new Error(`${server.url} never showed "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function publish(server: TestServer) {
  const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
  const res = await fetch(`${server.url}/api/revalidate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'sanity-webhook-signature': signSanityWebhook(body, SECRET) },
    body,
  });
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
}

const webhookRenders = (output: string) =>
  [...output.matchAll(/Content sync \(webhook\): rendered .*? in (\d+) ms \(([^)]*)\)/g)].map(
    (m) => `${m[1]} (${m[2]})`,
  );

const startRenders = (output: string) =>
  [...output.matchAll(/Content sync \(start\): rendered .*? in (\d+) ms \(([^)]*)\)/g)].map(
    (m) => `${m[1]} ms (${m[2]})`,
  );

if (!(await postgresAvailable())) {
  console.error('bench:sync needs PostgreSQL (BENCH_DATABASE_URL).');
  process.exit(1);
}
const build = benchBuild('sync');
const contentDir = mkdtempSync(path.join(tmpdir(), 'bench-sync-content-'));
cpSync(path.join(ROOT, 'content'), contentDir, { recursive: true });
const datasetFile = path.join(contentDir, 'dataset.ndjson');
const original = readFileSync(datasetFile, 'utf8');
const tagline = /"tagline":"([^"]*)"/.exec(original)![1]!;
const database = await freshPostgres('sync');
const servers: TestServer[] = [];
try {
  const env = {
    DATABASE_URL: database.url,
    CONTENT_DIR: contentDir,
    SANITY_PROJECT_ID: '',
    SANITY_WEBHOOK_SECRET: SECRET,
    ...EXTRA_ENV,
  };
  for (let i = 0; i < 2; i++) servers.push(await spawnServer({ buildDir: build.dir, env }));
  const [a, b] = servers as [TestServer, TestServer];
  console.log(`Two server processes on PostgreSQL; ${PUBLISHES} publishes through the webhook of the first.\n`);
  console.log('publish  first (got the webhook)  second (heard NOTIFY)');
  const both: number[] = [];
  for (let i = 1; i <= PUBLISHES; i++) {
    const text = `Veröffentlichung ${i} – ${Date.now()}`;
    writeFileSync(datasetFile, original.replace(`"tagline":"${tagline}"`, `"tagline":"${text}"`));
    const since = performance.now();
    await publish(a);
    const [first, second] = await Promise.all([shows(a, text, since), shows(b, text, since)]);
    both.push(Math.max(first, second));
    console.log(`${String(i).padStart(7)}  ${`${first} ms`.padStart(24)}  ${`${second} ms`.padStart(21)}`);
    // Let both finish compressing before the next publish.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const unchangedSince = performance.now();
  const said = (server: TestServer) => server.output().split('content unchanged').length;
  const before = [said(a), said(b)];
  await publish(a);
  while (said(a) === before[0] || said(b) === before[1]) await new Promise((resolve) => setTimeout(resolve, 5));
  const unchanged = Math.round(performance.now() - unchangedSince);

  console.log(
    `\nFan-out delay (webhook sent → / shows the new content on both): median ${median(both)} ms, worst ${Math.max(...both)} ms`,
  );
  console.log(`Unchanged publish (webhook sent → both compared and kept their pages): ${unchanged} ms`);
  for (const [i, server] of servers.entries())
    console.log(
      `Renders after a publish, process ${i + 1}, as logged (ms): ${webhookRenders(server.output()).join('; ')}`,
    );
  console.log(
    `Start-up render (each process, before it listens): ${servers.flatMap((s) => startRenders(s.output())).join('; ')}`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await database.drop();
  rmSync(contentDir, { recursive: true, force: true });
  build.cleanup();
}
