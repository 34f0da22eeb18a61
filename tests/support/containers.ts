// The production image and the compose stack, run with podman on this machine: building the image,
// starting a stack from compose.yaml in a project folder of its own, finding the published ports,
// tearing it down. Plain Node (no vitest import): the benchmarks use it too.
//
// The base images the Dockerfile and compose.yaml name are local stand-ins here, made by
// scripts/containers/build-base-images.sh (no registry is reachable).
import { execFile, spawn, spawnSync } from 'node:child_process';
import http2 from 'node:http2';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { TEST_ACCESS_CODES, TEST_AUTH_SECRET, TEST_TEAM_CODE } from './codes.ts';
import { EventStreamReader } from './event-stream.ts';

import { registerInviter, type Inviter } from './team-client.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/**
 * The tag the tests build: a developer's own `localhost/bewegungscoaching:latest` stays untouched,
 * and so does another checkout's on the same machine (worktrees share podman's images: one
 * checkout's build must not replace the image another checkout's stack is running).
 */
export const TEST_IMAGE = `localhost/bewegungscoaching:test-${path
  .basename(ROOT)
  .toLowerCase()
  .replace(/[^a-z0-9_.-]/g, '-')
  .slice(0, 100)}`;
export const BASE_IMAGES = [
  'docker.io/library/node:24-bookworm-slim',
  'docker.io/library/postgres:15-bookworm',
  'docker.io/library/caddy:2',
];

const run = promisify(execFile);

/** Runs podman; its standard output, trimmed (throws with podman's message on failure). */
export async function podman(...args: string[]): Promise<string> {
  const { stdout } = await run('podman', args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** A container's whole log, standard output and standard error. */
export async function containerLog(container: string): Promise<string> {
  const { stdout, stderr } = await run('podman', ['logs', container], { maxBuffer: 64 * 1024 * 1024 });
  return stdout + stderr;
}

/** Why containers cannot run here, or undefined when podman, podman-compose and the base images are ready. */
export function containersMissing(): string | undefined {
  const tool = (name: string) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
  if (!tool('podman') || !tool('podman-compose'))
    return 'install podman (apt-get install -y podman runc podman-compose debootstrap)';
  const missing = BASE_IMAGES.filter((image) => spawnSync('podman', ['image', 'exists', image]).status !== 0);
  if (missing.length) return `no ${missing.join(', ')}: run scripts/containers/build-base-images.sh (as root)`;
  return undefined;
}

/**
 * Builds the image from the working tree (`podman build --format docker`, so that HEALTHCHECK is
 * kept). Unchanged layers come from podman's cache, so a second build takes seconds.
 */
export async function buildImage(tag = TEST_IMAGE): Promise<void> {
  const child = spawn('podman', ['build', '--format', 'docker', '-t', tag, ROOT], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`podman build failed (exit ${code}):\n${output.slice(-4000)}`);
}

/** The host address and port that a container's port is published on (`podman port`). */
export async function publishedUrl(container: string, port: string, scheme = 'http'): Promise<string> {
  const mapping = (await podman('port', container, port)).split('\n')[0]!;
  return `${scheme}://${mapping.replace('0.0.0.0', '127.0.0.1')}`;
}

/** The application variables every test stack uses (what a founder writes into .env). */
export const STACK_ENV = {
  SITE_DOMAIN: 'localhost',
  TLS_MODE: 'internal',
  ACME_EMAIL: 'ops@example.org',
  POSTGRES_PASSWORD: 'stack-test-password',
  TEAM_ACCESS_CODE: TEST_TEAM_CODE,
  ACCESS_CODES: TEST_ACCESS_CODES.join(','),
  AUTH_SECRET: TEST_AUTH_SECRET,
  SANITY_WEBHOOK_SECRET: 'stack-webhook-secret',
  // Every port on loopback only, chosen by the system: nothing here is reachable from outside.
  HTTP_PUBLISH: '127.0.0.1:',
  HTTPS_PUBLISH: '127.0.0.1:',
};

/** The replicas of the app, as compose.yaml names them. */
export const REPLICAS = ['app1', 'app2'] as const;

export interface Stack {
  project: string;
  dir: string;
  /** The environment that makes deploy/stack.sh act on this stack (its folder, name, compose files). */
  scriptEnv: Record<string, string>;
  /** https://127.0.0.1:<port> of Caddy (Host: localhost), answering once startStack resolves. */
  proxyUrl: string;
  /** http://127.0.0.1:<port> of each app replica, published on loopback for the tests. */
  replicaUrls: string[];
  container(service: string, number?: number): string;
  compose(...args: string[]): Promise<string>;
  down(): Promise<void>;
}

export interface StackOptions {
  /** Extra .env lines (override STACK_ENV). */
  env?: Record<string, string>;
  /** A folder to mount as the replicas' content source (CONTENT_DIR), so a test can publish. */
  contentDir?: string;
  image?: string;
  /** Where deploy/stack.sh tags the images it builds (IMAGE_REPO); removed again by down(). */
  imageRepo?: string;
}

/**
 * compose.yaml and deploy/ as they are, in a project folder of their own with a .env, plus a test
 * override that publishes every replica's port 3000 on loopback; `podman-compose up -d`; resolves
 * once every replica's /healthz and Caddy's https answer.
 */
export async function startStack(project: string, options: StackOptions = {}): Promise<Stack> {
  const dir = mkdtempSync(path.join(tmpdir(), `${project}-`));
  cpSync(path.join(ROOT, 'compose.yaml'), path.join(dir, 'compose.yaml'));
  cpSync(path.join(ROOT, 'deploy'), path.join(dir, 'deploy'), { recursive: true });
  const env = { ...STACK_ENV, APP_IMAGE: options.image ?? TEST_IMAGE, ...options.env };
  // As a founder makes it: .env.example copied, then the values filled in (a later line wins).
  writeFileSync(
    path.join(dir, '.env'),
    readFileSync(path.join(ROOT, '.env.example'), 'utf8') +
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n') +
      '\n',
    { mode: 0o600 },
  );
  const replicaOverride = [
    '    ports:',
    "      - '127.0.0.1::3000'",
    ...(options.contentDir ? ['    volumes:', `      - '${options.contentDir}:/app/content:ro'`] : []),
  ];
  writeFileSync(
    path.join(dir, 'compose.test.yaml'),
    ['services:', ...REPLICAS.flatMap((replica) => [`  ${replica}:`, ...replicaOverride]), ''].join('\n'),
  );
  const scriptEnv = {
    STACK_DIR: dir,
    STACK_TOOL: 'podman',
    COMPOSE_PROJECT_NAME: project,
    COMPOSE_FILE: 'compose.yaml:compose.test.yaml',
    IMAGE_REPO: options.imageRepo ?? `localhost/${project}`,
  };
  const compose = async (...args: string[]) => {
    const { stdout } = await run(
      'podman-compose',
      ['-p', project, '-f', path.join(dir, 'compose.yaml'), '-f', path.join(dir, 'compose.test.yaml'), ...args],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout;
  };
  const container = (service: string, number = 1) => `${project}_${service}_${number}`;
  const down = async () => {
    // podman-compose 1.0 removes containers without their anonymous volumes (the base images
    // declare some) and leaves the network: both are removed here as well.
    const ids = (await podman('ps', '-aq', '--filter', `label=io.podman.compose.project=${project}`).catch(() => ''))
      .split('\n')
      .filter(Boolean);
    if (ids.length) await podman('stop', '-t', '10', ...ids).catch(() => {});
    if (ids.length) await podman('rm', '-f', '-v', ...ids).catch(() => {});
    await compose('down', '-v').catch(() => {});
    await podman('network', 'rm', '-f', `${project}_default`).catch(() => {});
    // The images deploy/stack.sh built for this stack (never the one the tests share).
    const built = (await podman('images', '--format', '{{.Repository}}:{{.Tag}}').catch(() => ''))
      .split('\n')
      .filter((image) => image.startsWith(`${scriptEnv.IMAGE_REPO}:`));
    if (built.length) await podman('rmi', ...built).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await compose('up', '-d', '--no-build');
    const replicaUrls = [
      await publishedUrl(container('app1'), '3000/tcp'),
      await publishedUrl(container('app2'), '3000/tcp'),
    ];
    const proxyUrl = await publishedUrl(container('proxy'), '443/tcp', 'https');
    for (const url of replicaUrls) await waitForHealthy(url, 120_000);
    replicaUrls.forEach((url, i) => registerInviter(url, containerInviter(container(REPLICAS[i]!))));
    // Caddy makes its local authority and the site's certificate before it listens.
    const end = Date.now() + 60_000;
    for (;;) {
      const answered = await caddyRootCertificate(container('proxy'))
        .then((ca) => h2Request(proxyUrl, '/healthz', { ca }))
        .then(
          (answer) => answer.status === 200,
          () => false,
        );
      if (answered) break;
      if (Date.now() > end) throw new Error('Caddy did not answer https://localhost/healthz within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { project, dir, scriptEnv, proxyUrl, replicaUrls, container, compose, down };
  } catch (error) {
    const logs = await podman('logs', '--tail', '40', container('app1')).catch(() => '');
    await down();
    throw new Error(`${(error as Error).message}\napp1's log:\n${logs}`, { cause: error });
  }
}

export interface ScriptRun {
  code: number | null;
  /** Standard output and standard error, interleaved. */
  output: string;
  ms: number;
}

/** Runs deploy/stack.sh with `args` on `stack`, as an operator would (it never throws). */
export async function stackScript(stack: Stack, ...args: string[]): Promise<ScriptRun> {
  const started = performance.now();
  const child = spawn(path.join(ROOT, 'deploy', 'stack.sh'), args, {
    env: { ...process.env, ...stack.scriptEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output, ms: Math.round(performance.now() - started) };
}

/** Resolves once GET /healthz answers 200 (throws after `timeoutMs`). */
/** Invites team members on a server in a container, with its own command (`podman exec … team:invite`). */
export const containerInviter =
  (container: string): Inviter =>
  async (email, { owner, name }) => {
    const args = ['exec', container, 'npm', 'run', '--silent', 'team:invite', '--', email, '--name', name];
    const out = await podman(...args, ...(owner ? ['--owner'] : []));
    return out.trim().split('\n').at(-1)!;
  };

export async function waitForHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > end) throw new Error(`${url}/healthz did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface H2Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
  /** The protocol TLS negotiated (ALPN): 'h2' for HTTP/2. */
  protocol: string | false | null | undefined;
}

/**
 * One request over HTTP/2 to Caddy at `proxyUrl` (https://127.0.0.1:<port>), for the site name
 * `host` (SNI and :authority), trusting `ca` (Caddy's local root certificate).
 */
export async function h2Request(
  proxyUrl: string,
  requestPath: string,
  { ca, host = 'localhost', method = 'GET', headers = {}, body }: H2Options,
): Promise<H2Answer> {
  const session = http2.connect(proxyUrl, { ca, servername: host });
  try {
    await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
    const stream = session.request({
      ':method': method,
      ':path': requestPath,
      ':authority': host,
      ':scheme': 'https',
      ...headers,
    });
    if (body !== undefined) stream.end(body);
    else stream.end();
    const answerHeaders = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) =>
      stream.once('response', resolve).once('error', reject),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return {
      status: Number(answerHeaders[':status']),
      headers: answerHeaders,
      body: Buffer.concat(chunks),
      protocol: session.alpnProtocol,
    };
  } finally {
    session.close();
  }
}

export interface H2Options {
  ca: string;
  host?: string;
  method?: string;
  headers?: http2.OutgoingHttpHeaders;
  body?: string;
}

/** Caddy's local root certificate (TLS_MODE=internal), to trust it instead of switching checks off. */
export async function caddyRootCertificate(proxyContainer: string): Promise<string> {
  return podman('exec', proxyContainer, 'cat', '/data/caddy/pki/authorities/local/root.crt');
}

/** A live event stream read over HTTP/2 through Caddy; close() ends the stream and its session. */
export async function h2EventStream(
  proxyUrl: string,
  requestPath: string,
  { ca, host = 'localhost', headers = {} }: Omit<H2Options, 'method' | 'body'>,
): Promise<EventStreamReader> {
  const session = http2.connect(proxyUrl, { ca, servername: host });
  session.on('error', () => {});
  const stream = session.request({ ':path': requestPath, ':authority': host, ...headers });
  const answer = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) =>
    stream.once('response', resolve).once('error', reject),
  );
  const response = new Response(Readable.toWeb(stream) as ReadableStream, {
    status: Number(answer[':status']),
    headers: Object.entries(answer).filter(([name]) => !name.startsWith(':')) as [string, string][],
  });
  return new EventStreamReader(response, () => session.destroy());
}
