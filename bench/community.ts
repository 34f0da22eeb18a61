// `npm run bench:community`: the community's stable links on the built server. First a seeded day
// on a fresh server, sent the way visitors send it (page-view and popup beacons, signups through the
// API, clicks on /gruppe/reiter and /gruppe/trainer with and without a campaign, and clicks that are
// not counted: bots, GPC, DNT): the funnel and the groups the team's report shows for it. Then
// requests/s of `GET /gruppe/reiter` (a counted click each: a browser's user agent and an address of
// its own; and an uncounted one: a bot's) next to the landing page `/` (prerendered bytes, brotli) in the same run,
// autocannon, rows alternating over several rounds. Every 302 of a counted row must be counted (the
// group's clicks grow by the number of 302s, at most plus the requests in flight when a row ends).
// No budget: the figures say what a link in a busy Instagram story costs next to the page itself.
//
// Options (environment): BENCH_DURATION (seconds per row, default 5), BENCH_ROUNDS (default 3),
// BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL (PostgreSQL server where the bench may create a
// database; default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; "skip": PGlite
// only), BUILD_DIR (an existing build; default: a fresh build in .test-builds/bench-community-<pid>).
import autocannon from 'autocannon';
import { freshDataDir, spawnServer, type TestServer } from '../tests/support/spawn-server.ts';
import { teamToken } from '../tests/support/team-client.ts';
import { benchBuild, freshPostgres, postgresAvailable } from './support.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Overview {
  groups: { key: string; name: string; audience: string; clicks: number; capacity: number; current: boolean }[];
}
interface Report {
  funnel: Record<string, number | Record<string, number>>;
  campaigns: { source: string; medium: string; campaign: string; visitors: number; groupClicks: number }[];
  groups: { audience: string; name: string; clicks: number; total: number; capacity: number; current: boolean }[];
}

async function teamGet<T>(url: string, path: string): Promise<T> {
  const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${await teamToken(url)}` } });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}
const groupClicks = async (url: string, key = 'reiterclub-1') =>
  (await teamGet<Overview>(url, '/api/community')).groups.find((g) => g.key === key)!.clicks;

// ------------------------------------------------------------------------------------ a seeded day

/** One visitor of the day: its own address (behind the trusted proxy) and browser. */
function visitor(n: number, extra: Record<string, string> = {}) {
  return {
    'User-Agent': `${n % 3 ? PHONE : CHROME} v${n}`,
    'X-Forwarded-For': `198.51.100.${n % 250}`,
    ...extra,
  };
}
const beacon = (url: string, headers: Record<string, string>, body: object) =>
  fetch(`${url}/api/insights/events`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify(body),
  });
const click = (url: string, path: string, headers: Record<string, string>) =>
  fetch(`${url}${path}`, { redirect: 'manual', headers });

/**
 * 120 visitors on `/` (40 from an Instagram story with utm values), 48 open the popup, 30 sign up
 * (21 riders, 9 trainers), 24 click their group link (the panel carries the story's campaign for 10
 * of them), 6 more clicks come from a printed QR code (`utm_source=qr`); 5 bot, 3 GPC and 3 DNT clicks
 * are not counted.
 */
async function seedDay(url: string) {
  const story = { utm_source: 'instagram', utm_medium: 'story', utm_campaign: 'fruehjahr' };
  const storyQuery = '?utm_source=instagram&utm_medium=story&utm_campaign=fruehjahr';
  for (let n = 0; n < 120; n++) {
    const fromStory = n < 40;
    await beacon(url, visitor(n), {
      name: 'pageview',
      path: '/',
      referrer: fromStory ? 'https://l.instagram.com/' : undefined,
      ...(fromStory ? story : {}),
    });
    if (n % 5 < 2) await beacon(url, visitor(n), { name: 'popup_open', path: '/' });
  }
  for (let n = 0; n < 30; n++) {
    const res = await fetch(`${url}/api/signups`, {
      method: 'POST',
      headers: { ...visitor(n), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: crypto.randomUUID(),
        userType: n < 21 ? 'reiter' : 'trainer',
        name: `Besucherin ${n}`,
        email: `besucherin-${n}-${Date.now()}@example.org`,
        newsletterOptIn: n % 2 === 0,
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/signups answered ${res.status}`);
    // 24 of 30 click their group's link; the first 10 came from the story (the panel carries its utm).
    if (n % 5 !== 4)
      await click(url, `/gruppe/${n < 21 ? 'reiter' : 'trainer'}${n < 12 ? storyQuery : ''}`, visitor(n));
  }
  for (let n = 0; n < 6; n++) await click(url, '/gruppe/reiter?utm_source=qr&utm_medium=print', visitor(200 + n));
  for (let n = 0; n < 5; n++) await click(url, '/gruppe/reiter', { 'User-Agent': BOT });
  for (let n = 0; n < 3; n++) await click(url, '/gruppe/reiter', visitor(300 + n, { 'Sec-GPC': '1' }));
  for (let n = 0; n < 3; n++) await click(url, '/gruppe/trainer', visitor(310 + n, { DNT: '1' }));
  return teamGet<Report>(url, '/api/insights');
}

// ---------------------------------------------------------------------------- requests per second

interface Measured {
  row: string;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx3xx: number;
  answered: number;
  counted?: number;
}

/**
 * Each counted click from a visitor of its own (one client counts at most 3 clicks an hour): a new
 * X-Forwarded-For per request, which the server trusts (TRUST_PROXY) as Caddy's.
 */
let clients = 0;
const ownAddress = (request: { headers?: Record<string, string> }) => {
  clients++;
  request.headers = {
    ...request.headers,
    'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
  };
  return request;
};

async function load(url: string, row: string, path: string, headers: Record<string, string>): Promise<Measured> {
  const counting = row.startsWith('/gruppe/reiter (counted');
  const before = counting ? await groupClicks(url) : 0;
  const result = await autocannon({
    url: `${url}${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    ...(counting ? { requests: [{ method: 'GET', path, setupRequest: ownAddress }] } : {}),
  });
  const wanted = path === '/' ? result['2xx'] : result['3xx'];
  const measured: Measured = {
    row,
    perSecond: Math.round(wanted / DURATION),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx3xx: result.errors + result.timeouts + result['4xx'] + result['5xx'],
    answered: wanted,
  };
  if (counting) {
    await new Promise((r) => setTimeout(r, 300));
    measured.counted = (await groupClicks(url)) - before;
  }
  return measured;
}

const ROWS: [row: string, path: string, headers: Record<string, string>][] = [
  ['/ (landing page, br)', '/', { 'User-Agent': CHROME, 'Accept-Encoding': 'br, gzip' }],
  ['/gruppe/reiter (counted click)', '/gruppe/reiter', { 'User-Agent': CHROME }],
  ['/gruppe/reiter (bot: not counted)', '/gruppe/reiter', { 'User-Agent': BOT }],
];

async function throughput(server: TestServer) {
  // Warm-up: every row once, briefly.
  for (const [, path, headers] of ROWS)
    await autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: 1, headers });
  const runs = new Map<string, Measured[]>();
  for (let round = 0; round < ROUNDS; round++)
    for (const [row, path, headers] of ROWS) {
      const measured = await load(server.url, row, path, headers);
      runs.set(row, [...(runs.get(row) ?? []), measured]);
    }
  return [...runs.values()].map((measured) => {
    const sorted = [...measured].sort((a, b) => a.perSecond - b.perSecond);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return { ...median, rounds: measured.map((m) => m.perSecond) };
  });
}

function printFunnel(engine: string, report: Report) {
  console.log(`\n${engine}: the seeded day as GET /api/insights reports it`);
  console.table([report.funnel]);
  console.table(report.campaigns);
  console.table(report.groups);
}

async function main() {
  const { dir: buildDir, cleanup } = benchBuild('community');
  const engines: { name: string; env: () => Promise<{ env: Record<string, string>; drop?: () => Promise<void> }> }[] = [
    { name: 'PGlite', env: async () => ({ env: {} }) },
  ];
  if (await postgresAvailable())
    engines.push({
      name: 'PostgreSQL',
      env: async () => {
        const { url, drop } = await freshPostgres('community');
        return { env: { DATABASE_URL: url }, drop };
      },
    });
  try {
    for (const engine of engines) {
      const { env, drop } = await engine.env();
      const server = await spawnServer({ buildDir, dataDir: freshDataDir(), env: { ...env, TRUST_PROXY: 'true' } });
      try {
        printFunnel(engine.name, await seedDay(server.url));
        const rows = await throughput(server);
        console.log(
          `\n${engine.name}: ${CONNECTIONS} connections, ${DURATION} s per row, median of ${ROUNDS} alternating rounds`,
        );
        console.table(rows);
        const landing = rows[0]!.perSecond;
        for (const row of rows.slice(1))
          console.log(`${row.row}: ${((row.perSecond / landing) * 100).toFixed(0)} % of the landing page's requests/s`);
        const counted = rows[1]!;
        const ok = counted.counted! >= counted.answered && counted.counted! <= counted.answered + CONNECTIONS;
        console.log(
          `every counted 302 counted: ${ok ? 'yes' : 'NO'} (${counted.answered} answered, ${counted.counted} counted)`,
        );
        if (!ok) process.exitCode = 1;
      } finally {
        await server.stop();
        await drop?.();
      }
    }
  } finally {
    cleanup();
  }
}

await main();
