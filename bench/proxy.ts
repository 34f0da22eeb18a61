// What bench:web and bench:serve need to measure through the compose stack's Caddy (BENCH_PROXY=1):
// the production image built from this tree, the stack started from compose.yaml under podman
// (PostgreSQL, two app replicas, Caddy with its local authority's certificate for `localhost`), and
// h2load (Debian's nghttp2-client) for requests/s over HTTP/2, which autocannon does not speak.
// Plain Node with type stripping.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { buildImage, containersMissing, startStack, type Stack } from '../tests/support/containers.ts';

/** BENCH_PROXY=1: measure through the stack's Caddy too. */
export const PROXY = process.env.BENCH_PROXY === '1';

/** The stack for a benchmark, or exits with a message saying what is missing. */
export async function benchStack(name: string): Promise<Stack & { siteUrl: string; upMs: number }> {
  const missing = containersMissing();
  if (missing) {
    console.error(`BENCH_PROXY=1 needs podman and the base images: ${missing}`);
    process.exit(1);
  }
  console.log('Building the image (podman, cached layers) …');
  await buildImage();
  const started = performance.now();
  const stack = await startStack(`bcbench${name}${process.pid}`, { env: { SIGNUP_RATE_LIMIT: '0' } });
  const upMs = performance.now() - started;
  // Browsers reach Caddy as https://localhost:<port>, the name its certificate is for.
  const siteUrl = stack.proxyUrl.replace('127.0.0.1', 'localhost');
  console.log(`Stack up (podman-compose up -d until every replica is healthy) in ${(upMs / 1000).toFixed(1)} s`);
  return { ...stack, siteUrl, upMs };
}

export const hasH2load = () => spawnSync('h2load', ['--version'], { stdio: 'ignore' }).status === 0;

export interface H2loadResult {
  rps: number;
  meanMs: number;
  succeeded: number;
  failed: number;
  protocol: string;
}

/**
 * h2load against `url` (https://localhost:<port>/…; connects to 127.0.0.1): `connections`
 * clients, one request at a time each (-m 1, as a browser tab's page load), for `seconds`.
 */
export async function h2load(
  url: string,
  { connections, seconds, headers = {} }: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<H2loadResult> {
  const { port } = new URL(url);
  const args = ['-c', String(connections), '-m', '1', '-D', String(seconds), '--warm-up-time=1'];
  // localhost may resolve to ::1 first, where nothing listens: dial the published IPv4 address.
  args.push(`--connect-to=127.0.0.1:${port}`);
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)('h2load', [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const number = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? NaN);
  return {
    rps: number(/finished in [\d.]+s, ([\d.]+) req\/s/),
    meanMs: msOf(/time for request:\s+\S+\s+\S+\s+(\S+)/.exec(stdout)?.[1]),
    succeeded: number(/(\d+) succeeded/),
    failed: number(/(\d+) failed/) + number(/(\d+) errored/),
    protocol: /Application protocol: (\S+)/.exec(stdout)?.[1] ?? '?',
  };
}

const msOf = (value: string | undefined) =>
  !value
    ? NaN
    : value.endsWith('us')
      ? parseFloat(value) / 1000
      : value.endsWith('ms')
        ? parseFloat(value)
        : parseFloat(value) * 1000;
