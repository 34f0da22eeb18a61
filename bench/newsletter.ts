// `npm run bench:newsletter`: sending a newsletter on the built server, to a local SMTP server that
// counts every mail and Message-ID.
// 1. Freezing: BENCH_RECIPIENTS (default 10,000) confirmed signups, then POST …/send for two
//    newsletters to all of them: how long each answer takes (the list frozen in one transaction),
//    on PGlite and PostgreSQL, with the server's RSS and JavaScript heap before and after each,
//    after a full garbage collection (through the inspector the bench starts it with; the list is
//    rows in the database, so memory must not grow with it). The rate is set to 1 a minute so that sending
//    does not blur the figures. Budget: under 2 s on either engine, memory flat.
// 2. Throughput: one instance, the rate set high, BENCH_MAILS (default 3,000) recipients: mails
//    per second handed to the SMTP server, from the 202 to the last mail. Budget: at least 100/s.
// 3. The shared rate: two instances on one PostgreSQL at BENCH_RATE a minute (default 1,200),
//    the mails received in a window of BENCH_WINDOW seconds (default 30) after the first second's
//    burst, as a rate per minute. Budget: within 10 % of NEWSLETTER_RATE_PER_MINUTE.
//
// Options (environment): the ones above; BENCH_DATABASE_URL (PostgreSQL server where the bench may
// create databases; default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres;
// "skip": PGlite only, no part 3), BUILD_DIR (an existing build; default: a fresh build in
// .test-builds/bench-newsletter-<pid>).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { contentWith, newsletterApi, newsletterEntry } from '../tests/support/newsletters.ts';
import { freshDataDir, spawnServer, type TestServer } from '../tests/support/spawn-server.ts';
import { teamToken } from '../tests/support/team-client.ts';
import { benchBuild, freshPostgres, postgresAvailable } from './support.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const MAILS = Number(process.env.BENCH_MAILS ?? 3_000);
const RATE = Number(process.env.BENCH_RATE ?? 1_200);
const WINDOW_S = Number(process.env.BENCH_WINDOW ?? 30);

// ----------------------------------------------------------------------------- the SMTP server

/** A local SMTP server that counts the mails it accepts, and their Message-IDs. */
async function countingSmtp() {
  const ids = new Map<string, number>();
  const times: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    closeTimeout: 100,
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '';
        ids.set(id, (ids.get(id) ?? 0) + 1);
        times.push(performance.now());
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => times.length,
    times,
    /** Message-IDs that arrived more than once. */
    doubled: () => [...ids.values()].filter((n) => n > 1).length,
    reset: () => {
      ids.clear();
      times.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Smtp = Awaited<ReturnType<typeof countingSmtp>>;

// ----------------------------------------------------------------------------- seeding and asking

/** `$2` confirmed signups (a third of them trainers), ids and addresses starting with `$1`. */
const SEED = `insert into signups (id, user_type, name, email, newsletter_opt_in, created_at, newsletter_confirmed_at)
  select $1 || n, case when n % 3 = 0 then 'trainer' else 'reiter' end, 'Leserin ' || n, $1 || n || '@example.org',
         true, now() - interval '2 days', now() - interval '1 day'
  from generate_series(1, $2::int) as n`;
/** `$2` confirmed trainers. */
const SEED_TRAINERS = SEED.replace("case when n % 3 = 0 then 'trainer' else 'reiter' end", "'trainer'");
/** Everyone so far unsubscribed: the next audience is only what is seeded after. */
const RETIRE = 'update signups set newsletter_unsubscribed_at = now() where newsletter_unsubscribed_at is null';

type Statement = [string, unknown[]?];

async function runPostgres(url: string, statements: Statement[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [text, values] of statements) await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** The same on a stopped server's embedded database. */
async function runPglite(dataDir: string, statements: Statement[]) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    for (const [text, values] of statements) await db.query(text, values);
  } finally {
    await db.close();
  }
}

const api = (server: TestServer, token: string, p: string, body?: unknown) => newsletterApi(server.url, token, p, body);
const entry = (server: TestServer, token: string, id: string) => newsletterEntry(server.url, token, id);

/** Sends newsletter `id` to the number it shows now; the answer's time in ms. */
async function send(server: TestServer, token: string, id: string) {
  const { recipients } = await entry(server, token, id);
  const started = performance.now();
  const res = await api(server, token, `/api/newsletters/${id}/send`, { expect: recipients });
  const ms = performance.now() - started;
  if (res.status !== 202) throw new Error(`send answered ${res.status}: ${await res.text()}`);
  return { ms, recipients };
}

// ----------------------------------------------------------------------------- memory

/**
 * The server's memory after a full garbage collection (RSS and JavaScript heap in use, MB), asked
 * through its inspector (the bench starts it with --inspect on a free port).
 */
async function memoryOf(server: TestServer) {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(server.output())?.[1];
  if (!url) throw new Error('the server has no inspector');
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let last = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  };
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++last;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const answer = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(answer.result.value) as { rss: number; heapUsed: number };
    return { rss: usage.rss / 2 ** 20, heap: usage.heapUsed / 2 ** 20 };
  } finally {
    socket.close();
  }
}

const mb = (n: number) => `${n.toFixed(1)} MB`;

/** CPU seconds the process used so far (user and system; Linux's /proc, 100 ticks a second). */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// ----------------------------------------------------------------------------- the parts

interface Engine {
  name: 'PGlite' | 'PostgreSQL';
  env: Record<string, string>;
  /** Runs statements on the server's database (the embedded one only while its server is stopped). */
  run: (dataDir: string, statements: Statement[]) => Promise<void>;
}

function start(buildDir: string, dataDir: string, env: Record<string, string>) {
  return spawnServer({
    buildDir,
    dataDir,
    env: {
      ...env,
      NODE_OPTIONS: '--inspect=127.0.0.1:0',
    },
  });
}

/** Parts 1 and 2 on one engine. */
async function onEngine(buildDir: string, engine: Engine, smtp: Smtp, contentDir: string) {
  const dataDir = freshDataDir();
  const base = { ...engine.env, SMTP_URL: smtp.url, CONTENT_DIR: contentDir };
  let env = { ...base, NEWSLETTER_RATE_PER_MINUTE: '1' };
  let server = await start(buildDir, dataDir, env);
  /** Runs statements on the database (the embedded one with its server stopped), then (re)starts the server with `env`. */
  async function withDatabase(statements: Statement[]) {
    await server.stop();
    await engine.run(dataDir, statements);
    server = await start(buildDir, dataDir, env);
    return teamToken(server.url);
  }
  try {
    // 1. Freezing, with the rate so low that sending does not blur the figures.
    let token = await withDatabase([[SEED, ['freeze-', RECIPIENTS]]]);
    await entry(server, token, 'nl-alle'); // the content loaded, the audience counted once
    // Two newsletters to the same 10,000, one after the other: a list held in memory would show
    // as the heap growing with each.
    const memory = [await memoryOf(server)];
    const times: number[] = [];
    let frozenCount = 0;
    for (const id of ['nl-alle', 'nl-zweite']) {
      const frozen = await send(server, token, id);
      times.push(frozen.ms);
      frozenCount = frozen.recipients;
      memory.push(await memoryOf(server));
      await api(server, token, `/api/newsletters/${id}/pause`, {});
    }
    const slowest = Math.max(...times);
    console.log(
      `${engine.name}: froze ${frozenCount.toLocaleString('en')} recipients in ${times.map((t) => t.toFixed(0)).join(' and ')} ms ` +
        `(budget 2,000 ms${slowest < 2000 ? ', met' : ', MISSED'}); server RSS ${memory.map((m) => mb(m.rss)).join(' → ')}, ` +
        `heap in use ${memory.map((m) => mb(m.heap)).join(' → ')}`,
    );

    // 2. Throughput: the rate out of the way, an audience of MAILS trainers.
    env = { ...base, NEWSLETTER_RATE_PER_MINUTE: '600000' };
    token = await withDatabase([[RETIRE], [SEED_TRAINERS, ['mails-', MAILS]]]);
    smtp.reset();
    const cpuBefore = cpuSeconds(server.process.pid!);
    const started = performance.now();
    const { recipients } = await send(server, token, 'nl-trainer');
    while (smtp.received() < recipients) {
      if (performance.now() - started > 120_000) throw new Error(`only ${smtp.received()} of ${recipients} mails`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (smtp.times.at(-1)! - started) / 1000;
    const perSecond = recipients / seconds;
    // The server's own CPU per mail: what one core could hand on, whatever else runs on the machine.
    const cpuMs = ((cpuSeconds(server.process.pid!) - cpuBefore) * 1000) / recipients;
    console.log(
      `${engine.name}: one instance handed ${recipients.toLocaleString('en')} mails to the SMTP server in ` +
        `${seconds.toFixed(1)} s: ${perSecond.toFixed(0)} mails/s (budget 100${perSecond >= 100 ? ', met' : ', MISSED'}); ` +
        `the server's CPU ${cpuMs.toFixed(2)} ms a mail (${(1000 / cpuMs).toFixed(0)} mails per CPU second); ` +
        `${smtp.doubled()} Message-IDs twice`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Part 3: two instances on one PostgreSQL, the rate shared. */
async function sharedRate(buildDir: string, smtp: Smtp, contentDir: string) {
  const database = await freshPostgres('newsletter_rate');
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    CONTENT_DIR: contentDir,
    NEWSLETTER_RATE_PER_MINUTE: String(RATE),
  };
  const instances: TestServer[] = [];
  try {
    instances.push(await start(buildDir, freshDataDir(), env));
    instances.push(await start(buildDir, freshDataDir(), env));
    // More than the window can take, so that both instances stay busy throughout.
    const count = Math.ceil(((WINDOW_S + 10) * RATE) / 60) + 100;
    await runPostgres(database.url, [[SEED, ['rate-', count]]]);
    smtp.reset();
    const token = await teamToken(instances[0]!.url);
    await send(instances[0]!, token, 'nl-alle');
    // Past the first second (the bucket starts with a second's worth), count a window.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const from = smtp.received();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
    const got = smtp.received() - from;
    const perMinute = (got / ((performance.now() - started) / 1000)) * 60;
    const off = (perMinute - RATE) / RATE;
    console.log(
      `PostgreSQL, two instances at NEWSLETTER_RATE_PER_MINUTE=${RATE}: ${got} mails in ${WINDOW_S} s = ` +
        `${perMinute.toFixed(0)}/min (${off >= 0 ? '+' : ''}${(off * 100).toFixed(1)} %; budget within 10 %` +
        `${Math.abs(off) <= 0.1 ? ', met' : ', MISSED'})`,
    );
    await api(instances[0]!, token, '/api/newsletters/nl-alle/pause', {});
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
  }
}

// ----------------------------------------------------------------------------- main

const build = benchBuild('newsletter');
const smtp = await countingSmtp();
const contentDir = contentWith();
try {
  await onEngine(build.dir, { name: 'PGlite', env: {}, run: runPglite }, smtp, contentDir);
  if (await postgresAvailable()) {
    const database = await freshPostgres('newsletter');
    try {
      await onEngine(
        build.dir,
        {
          name: 'PostgreSQL',
          env: { DATABASE_URL: database.url },
          run: (_, statements) => runPostgres(database.url, statements),
        },
        smtp,
        contentDir,
      );
    } finally {
      await database.drop();
    }
    await sharedRate(build.dir, smtp, contentDir);
  }
} finally {
  await smtp.close();
  rmSync(contentDir, { recursive: true, force: true });
  build.cleanup();
}
