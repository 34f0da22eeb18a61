// The production image on its own: what it holds, and one container of it against a PostgreSQL
// container (the stack's image) on a network of their own: non-root, /healthz, the landing page,
// a signup, and a clean stop on SIGTERM.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireOrSkip } from '../support/requirements';
import {
  containerInviter,
  containerLog,
  containersMissing,
  podman,
  publishedUrl,
  ROOT,
  TEST_IMAGE,
  waitForHealthy,
} from '../support/containers';
import { TEST_AUTH_SECRET, TEST_TEAM_CODE } from '../support/codes';
import { postSignup } from '../support/signups';
import { registerInviter, storedSignups } from '../support/team-client';

const missing = containersMissing();
const available = requireOrSkip('containers', !missing, missing ?? '');

describe.runIf(available)('the production image', () => {
  test('is under 400 MB and keeps its HEALTHCHECK on /healthz', async () => {
    const [size, healthcheck] = (
      await podman('image', 'inspect', '--format', '{{.Size}}|{{json .Config.Healthcheck}}', TEST_IMAGE)
    ).split('|');
    expect(Number(size)).toBeLessThan(400_000_000);
    // docs/deploy.md says what `deploy/stack.sh images` lists for each image (within 10 %).
    const guide = readFileSync(path.join(ROOT, 'docs', 'deploy.md'), 'utf8').replace(/\s+/g, ' ');
    const stated = Number(/Each is listed at about (\d+) MB/.exec(guide)?.[1]);
    expect(Math.abs(Number(size) / 1e6 - stated) / stated).toBeLessThan(0.1);
    expect(JSON.parse(healthcheck!).Test.join(' ')).toContain('/healthz');
  });

  test('holds the server, its build and its production dependencies, and neither the Studio nor the build tools', async () => {
    const listing = await podman(
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      TEST_IMAGE,
      '-c',
      'ls /app; ls /app/build; ls /app/node_modules /app/node_modules/@sanity',
    );
    const names = new Set(listing.split(/\s+/));
    for (const needed of ['server.ts', 'drizzle', 'content', 'client', 'server', 'express', 'pg', 'react-router'])
      expect(names, needed).toContain(needed);
    // The Studio, the bundler, the compiler, the test runner and the `node` devDependency.
    for (const unwanted of ['sanity', 'vite', 'rolldown', 'typescript', 'vitest', 'drizzle-kit', 'node', 'studio'])
      expect(names, unwanted).not.toContain(unwanted);
  });
});

describe.runIf(available)('a container of the image against PostgreSQL', () => {
  const network = `bc-image-test-${process.pid}`;
  const db = `${network}-db`;
  const app = `${network}-app`;
  let url: string;

  beforeAll(async () => {
    await podman('network', 'create', network);
    await podman(
      'run',
      '-d',
      '--name',
      db,
      '--network',
      network,
      '-e',
      'POSTGRES_PASSWORD=image-test',
      'docker.io/library/postgres:15-bookworm',
    );
    for (let i = 0; ; i++) {
      const ready = await podman('exec', db, 'pg_isready', '-h', '127.0.0.1', '-U', 'postgres').then(
        () => true,
        () => false,
      );
      if (ready) break;
      if (i > 120) throw new Error('PostgreSQL did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await podman(
      'run',
      '-d',
      '--name',
      app,
      '--network',
      network,
      '-p',
      '127.0.0.1::3000',
      '-e',
      `DATABASE_URL=postgres://postgres:image-test@${db}:5432/postgres`,
      '-e',
      `TEAM_ACCESS_CODE=${TEST_TEAM_CODE}`,
      '-e',
      `AUTH_SECRET=${TEST_AUTH_SECRET}`,
      TEST_IMAGE,
    );
    url = await publishedUrl(app, '3000/tcp');
    await waitForHealthy(url, 120_000);
    registerInviter(url, containerInviter(app));
  });
  afterAll(async () => {
    await podman('rm', '-f', '-v', '-t', '0', app, db).catch(() => {});
    await podman('network', 'rm', '-f', network).catch(() => {});
  });

  test('runs as an unprivileged user, with the server as PID 1', async () => {
    expect(await podman('exec', app, 'id', '-u')).not.toBe('0');
    const pid1 = await podman('exec', app, 'cat', '/proc/1/cmdline');
    expect(pid1.split('\0').filter(Boolean)).toEqual(['node', 'server.ts']);
  });

  test('answers /healthz from PostgreSQL, and its own health check passes', async () => {
    const res = await fetch(`${url}/healthz`);
    expect(await res.json()).toMatchObject({ ok: true, db: 'postgres' });
    await expect(podman('healthcheck', 'run', app)).resolves.toBeDefined();
  });

  test('serves the landing page precompressed and takes a signup', async () => {
    const page = await fetch(`${url}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<html lang="de"');
    const id = crypto.randomUUID();
    expect((await postSignup(url, id, 'Im Container')).status).toBe(201);
    expect((await storedSignups(url)).map((s) => s.id)).toContain(id);
  });

  test('stops cleanly on SIGTERM: exit code 0, its shutdown in the log, no error', async () => {
    await podman('stop', '-t', '30', app);
    const state = await podman('inspect', '--format', '{{.State.ExitCode}}', app);
    const log = await containerLog(app);
    expect(state).toBe('0');
    expect(log).toContain('SIGTERM: shutting down');
    expect(log).not.toMatch(/error|✖/i);
  });
});
