// `npm run bench:serve`: how fast the built server serves the landing page and a hashed asset,
// next to nginx serving the same files precompressed (`gzip_static on`), measured in the same run
// on the same machine: autocannon, 50 connections, a few seconds per row, server and nginx
// alternating. Prints requests/s, p99 latency and the ratio server/nginx per row.
// Budget (serving files must not be a reason for a proxy in front): at least half of nginx's
// requests/s, with compression on.
//
// Debian's nginx-light has no brotli module: the `br` rows compare our brotli answer with nginx's
// gzip_static answer (the best it can send), which the table says.
//
// Options (environment): BUILD_DIR (an existing build; default: a fresh one in
// .test-builds/bench-serve-<pid>), BENCH_DURATION (seconds per row, default 5), BENCH_CONNECTIONS
// (default 50), NGINX_PATH (default /usr/sbin/nginx; missing: the server is measured alone),
// BENCH_ENV (extra server environment as KEY=VALUE,KEY=VALUE, e.g. DATABASE_URL=…,LOG_LEVEL=warn),
// BENCH_PROXY=1 (also the compose stack under podman: `/` with brotli through Caddy over HTTPS and
// HTTP/2, measured with h2load from Debian's nghttp2-client, next to one app replica of the stack
// directly over HTTP/1.1 with autocannon; the same connections and duration), BENCH_BASELINE (the
// build folder of an earlier commit: a second server serves it, and three rows are measured in
// five rounds alternating between the two, which a busy machine's load affects alike).
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { spawnServer } from '../tests/support/spawn-server.ts';
import { benchStack, h2load, hasH2load, PROXY } from './proxy.ts';
import { benchBuild } from './support.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
const EXTRA_ENV = Object.fromEntries(
  (process.env.BENCH_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

/** The largest JavaScript file `/` loads up front: the asset row serves it. */
function largestFirstLoadAsset(clientDir: string) {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const files = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  return [...files]
    .map((file) => ({ file, size: readFileSync(path.join(clientDir, file)).length }))
    .sort((a, b) => b.size - a.size)[0]!.file;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * nginx as a child process with a configuration in a temporary folder (no root paths): the same
 * files, each with a `.gz` (level 9) beside it, and the server's own security headers.
 */
async function startNginx(clientDir: string, files: string[], headers: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  const root = path.join(dir, 'root');
  for (const file of files) {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(clientDir, file), target);
    writeFileSync(`${target}.gz`, gzipSync(readFileSync(target), { level: 9 }));
  }
  // Started as root, nginx's workers run as nobody: they must be able to read the files.
  for (const d of [dir, root, ...files.map((f) => path.dirname(path.join(root, f)))]) chmodSync(d, 0o755);
  const port = await freePort();
  const addHeaders = Object.entries(headers)
    .map(([name, value]) => `    add_header ${name} "${value.replace(/"/g, '\\"')}" always;`)
    .join('\n');
  const conf = `
worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    etag on;
    location / {
      index index.html;
${addHeaders}
      add_header Cache-Control "no-cache";
    }
    location /assets/ {
${addHeaders}
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${url}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 10_000) throw new Error(`nginx did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stop: () => stopChild(child).then(() => rmSync(dir, { recursive: true, force: true })),
  };
}

function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Measurement {
  rps: number;
  p99: number;
  errors: number;
  encoding: string;
  bytes: number;
}

/** What this Accept-Encoding gets (one request outside the measurement): encoding and body bytes as sent. */
function probeOnce(url: string, acceptEncoding: string): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    // node:http does not decode the body, so its length is what went over the wire.
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ encoding: String(res.headers['content-encoding'] ?? 'identity'), bytes }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function measure(url: string, acceptEncoding: string): Promise<Measurement> {
  const probe = await probeOnce(url, acceptEncoding);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: 'GET', headers: { 'accept-encoding': acceptEncoding } }],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    encoding: probe.encoding,
    bytes: probe.bytes,
  };
}

/** `/` with brotli through the stack's Caddy (HTTP/2, h2load) and from one replica directly (HTTP/1.1). */
async function throughTheProxy() {
  if (!hasH2load()) {
    console.error('BENCH_PROXY=1 needs h2load: apt-get install -y nghttp2-client');
    process.exitCode = 1;
    return;
  }
  const stack = await benchStack('serve');
  try {
    const headers = { 'accept-encoding': 'br' };
    // The first seconds after start are slower (TLS sessions, JIT): a short run before measuring.
    await h2load(`${stack.siteUrl}/`, { connections: CONNECTIONS, seconds: 2, headers });
    await measure(`${stack.replicaUrls[0]}/`, 'br');
    console.log(
      `\nThe compose stack (2 replicas, PostgreSQL, Caddy; all on this machine), / with Accept-Encoding: br,` +
        ` ${CONNECTIONS} connections, ${DURATION} s per row, alternating:`,
    );
    for (let round = 1; round <= 3; round++) {
      const direct = await measure(`${stack.replicaUrls[0]}/`, 'br');
      const proxied = await h2load(`${stack.siteUrl}/`, { connections: CONNECTIONS, seconds: DURATION, headers });
      console.log(
        `  round ${round}: one replica directly (HTTP/1.1, autocannon) ${Math.round(direct.rps)} req/s, p99 ${direct.p99} ms` +
          ` (${direct.encoding} ${(direct.bytes / 1024).toFixed(1)}K)` +
          ` | through Caddy (HTTPS ${proxied.protocol}, h2load, both replicas) ${Math.round(proxied.rps)} req/s,` +
          ` mean ${proxied.meanMs.toFixed(1)} ms, ${proxied.failed} failed`,
      );
    }
  } finally {
    await stack.down();
  }
}

/** This build against an earlier one (BENCH_BASELINE), rounds alternating, medians at the end. */
async function againstTheBaseline(baselineDir: string, asset: string, currentUrl: string) {
  const baseline = await spawnServer({ buildDir: baselineDir, env: { ACCESS_CODES: 'BENCH', ...EXTRA_ENV } });
  try {
    const rows = [
      { what: '/ AE: br', path: '/', encoding: 'br' },
      { what: '/ AE: identity', path: '/', encoding: 'identity' },
      { what: 'asset AE: br', path: asset, encoding: 'br' },
    ];
    const ROUNDS = 5;
    console.log(
      `\nThis build against BENCH_BASELINE (${path.relative(process.cwd(), baselineDir)}), ${ROUNDS} rounds alternating, req/s:`,
    );
    const seen = new Map(rows.map((row) => [row.what, { baseline: [] as number[], current: [] as number[] }]));
    for (let round = 1; round <= ROUNDS; round++) {
      const cells: string[] = [];
      for (const row of rows) {
        const before = await measure(`${baseline.url}${row.path}`, row.encoding);
        const after = await measure(`${currentUrl}${row.path}`, row.encoding);
        seen.get(row.what)!.baseline.push(before.rps);
        seen.get(row.what)!.current.push(after.rps);
        cells.push(`${row.what} ${Math.round(before.rps)} → ${Math.round(after.rps)}`);
      }
      console.log(`  round ${round}: ${cells.join(' | ')}`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const [what, { baseline: before, current: after }] of seen)
      console.log(
        `  median ${what}: baseline ${Math.round(median(before))}, this build ${Math.round(median(after))} ` +
          `(${((median(after) / median(before) - 1) * 100).toFixed(0)} %)`,
      );
  } finally {
    await baseline.stop();
  }
}

const { dir, cleanup } = benchBuild('serve');
const clientDir = path.join(dir, 'client');
const asset = largestFirstLoadAsset(clientDir);
const server = await spawnServer({ buildDir: dir, env: { ACCESS_CODES: 'BENCH', ...EXTRA_ENV } });
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
try {
  const page = await fetch(`${server.url}/`);
  await page.arrayBuffer();
  const securityHeaders: Record<string, string> = {};
  for (const name of [
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'permissions-policy',
    'cross-origin-opener-policy',
  ]) {
    const value = page.headers.get(name);
    if (value) securityHeaders[name] = value;
  }
  if (existsSync(NGINX)) nginx = await startNginx(clientDir, ['index.html', asset], securityHeaders);
  else console.warn(`No nginx at ${NGINX}: measuring the server alone.`);

  const rows: { what: string; path: string; serverEncoding: string; nginxEncoding: string }[] = [
    { what: '/', path: '/', serverEncoding: 'br', nginxEncoding: 'gzip' },
    { what: '/', path: '/', serverEncoding: 'gzip', nginxEncoding: 'gzip' },
    { what: '/', path: '/', serverEncoding: 'identity', nginxEncoding: 'identity' },
    { what: 'asset', path: asset, serverEncoding: 'br', nginxEncoding: 'gzip' },
    { what: 'asset', path: asset, serverEncoding: 'gzip', nginxEncoding: 'gzip' },
  ];
  console.log(
    `\nServing, ${CONNECTIONS} connections, ${DURATION} s per row, ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
      `node ${process.version}${Object.keys(EXTRA_ENV).length ? `, server env ${Object.keys(EXTRA_ENV).join(', ')}` : ''}`,
  );
  console.log(`asset: ${asset}\n`);
  const header = [
    'request'.padEnd(22),
    'server req/s'.padStart(12),
    'p99'.padStart(7),
    'sent as'.padStart(16),
    'nginx req/s'.padStart(12),
    'p99'.padStart(7),
    'sent as'.padStart(16),
    'ratio'.padStart(7),
  ].join(' ');
  console.log(header);
  let belowBudget = false;
  for (const row of rows) {
    const ours = await measure(`${server.url}${row.path}`, row.serverEncoding);
    const theirs = nginx ? await measure(`${nginx.url}${row.path}`, row.nginxEncoding) : undefined;
    const ratio = theirs ? ours.rps / theirs.rps : NaN;
    if (ratio < 0.5) belowBudget = true;
    const sent = (m: Measurement) => `${m.encoding} ${(m.bytes / 1024).toFixed(1)}K`;
    console.log(
      [
        `${row.what} AE: ${row.serverEncoding}`.padEnd(22),
        Math.round(ours.rps).toString().padStart(12),
        `${ours.p99}ms`.padStart(7),
        sent(ours).padStart(16),
        (theirs ? Math.round(theirs.rps).toString() : '-').padStart(12),
        (theirs ? `${theirs.p99}ms` : '-').padStart(7),
        (theirs ? sent(theirs) : '-').padStart(16),
        (theirs ? ratio.toFixed(2) : '-').padStart(7),
      ].join(' ') + (ours.errors || theirs?.errors ? `  (errors/non-2xx: ${ours.errors}/${theirs?.errors ?? 0})` : ''),
    );
  }
  console.log(
    "\nnginx-light has no brotli: on the 'br' rows nginx was asked for gzip (its gzip_static file)." +
      '\nBudget: the server at least half of nginx (ratio ≥ 0.50).',
  );
  if (BASELINE) await againstTheBaseline(BASELINE, asset, server.url);
  if (PROXY) await throughTheProxy();
  if (belowBudget) process.exitCode = 1;
} finally {
  await nginx?.stop();
  await server.stop();
  cleanup();
}
