// `npm run bench:preview`: the editor's side of content. (1) Publishing through Sanity's Live
// Content API, no webhook: the delay from a publish in the Sanity stand-in (tests/support) until
// `/` shows it, over BENCH_PUBLISHES publishes (default 20), median and p99; the server follows the
// stand-in's live event stream, announces the publish, and its content sync renders the pages.
// (2) The draft preview: how long `/` takes with a preview cookie (rendered per request from the
// drafts, with stega marks) against the published `/` (fixed bytes), BENCH_REQUESTS each (default 20).
//
// Options (environment): BUILD_DIR (an existing build; default: a fresh one in
// .test-builds/bench-preview-<pid>), BENCH_PUBLISHES, BENCH_REQUESTS, BENCH_ENV (extra server
// environment as KEY=VALUE,KEY=VALUE, e.g. DATABASE_URL=postgres://… for PostgreSQL).
import { enableUrl, previewSecret } from '../tests/support/presentation.ts';
import { previewEnv, standInEnv, startSanityStandIn } from '../tests/support/sanity-standin.ts';
import { spawnServer, type TestServer } from '../tests/support/spawn-server.ts';
import { benchBuild } from './support.ts';

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const STUDIO = 'http://127.0.0.1:3333';
const EXTRA_ENV = Object.fromEntries(
  (process.env.BENCH_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

/** The nearest-rank percentile `p` (0–100) of `values`. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const summary = (values: number[]) =>
  `median ${percentile(values, 50)} ms, p99 ${percentile(values, 99)} ms (n=${values.length}, min ${Math.min(...values)} ms)`;

/** Milliseconds from `since` until `/` on `server` contains `text` (polled every 5 ms). */
async function shows(server: TestServer, text: string, since: number, timeoutMs = 15_000) {
  for (;;) {
    const html = await (await fetch(`${server.url}/`)).text();
    if (html.includes(text)) return Math.round(performance.now() - since);
    if (performance.now() - since > timeoutMs) throw new Error(`/ never showed "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function timed(url: string, cookie?: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
  await res.arrayBuffer();
  return Math.round((performance.now() - started) * 10) / 10;
}

const build = benchBuild('preview');
const standIn = await startSanityStandIn();
let server: TestServer | undefined;
try {
  server = await spawnServer({
    buildDir: build.dir,
    env: { ...standInEnv(standIn, ''), ...previewEnv(standIn, STUDIO), ...EXTRA_ENV },
  });
  while (standIn.liveConnections() === 0 || !server.output().includes('Sanity live events: connected'))
    await new Promise((resolve) => setTimeout(resolve, 20));
  // The catch-up sync of the first connection.
  await new Promise((resolve) => setTimeout(resolve, 1000));

  console.log(`(1) ${PUBLISHES} publishes through the live events (no webhook); delay until / shows each:`);
  const delays: number[] = [];
  const settings = standIn.document('siteSettings')!;
  for (let i = 1; i <= PUBLISHES; i++) {
    const tagline = `Live veröffentlicht ${i} – ${Date.now()}`;
    const since = performance.now();
    standIn.publish({ ...settings, tagline });
    delays.push(await shows(server, tagline, since));
    process.stdout.write(`${delays.at(-1)} ms${i < PUBLISHES ? ', ' : '\n'}`);
    // Let the brotli copies of the rendered pages finish before the next publish.
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  console.log(`Publish → / changed: ${summary(delays)}\n`);

  const enable = await fetch(enableUrl(server.url, await previewSecret(standIn, STUDIO)), { redirect: 'manual' });
  const cookie = enable.headers.get('set-cookie')?.split(';')[0];
  if (enable.status !== 307 || !cookie) throw new Error(`enabling the preview answered ${enable.status}`);
  standIn.saveDraft({ ...standIn.document('siteSettings')!, tagline: 'Ein Entwurf für die Messung' });
  const check = await (await fetch(`${server.url}/`, { headers: { cookie } })).text();
  if (!check.includes('Ein Entwurf für die Messung')) throw new Error('the preview does not show the draft');
  const preview: number[] = [];
  const published: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    preview.push(await timed(`${server.url}/`, cookie));
    published.push(await timed(`${server.url}/`));
  }
  console.log(`(2) / with a preview cookie (drafts rendered per request): ${summary(preview)}`);
  console.log(`    / without (the published page, fixed bytes):          ${summary(published)}`);
} finally {
  await server?.stop();
  await standIn.close();
  build.cleanup();
}
