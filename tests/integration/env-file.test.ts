// Configuration from a .env file: the npm scripts that start the server or a tool read it with
// Node's own --env-file-if-exists, variables of the real environment win, and .env.example
// documents every variable the server reads, in a form Node accepts as it is.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { ENV_VARIABLES, resolveConfig } from '~/server/config.server';
import { ROOT } from '../support/spawn-server';

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'bc-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The Node options of an npm script's `node … <file>` command (after `npm run check-node &&`). */
function nodeFlags(script: string, file: string) {
  const command = pkg.scripts[script]!.split('&&').at(-1)!.trim().split(/\s+/);
  expect(command[0], script).toBe('node');
  return command.slice(1, command.indexOf(file));
}

/** Runs the configuration in a fresh Node started with `flags` in `cwd`; answers a few values. */
function configIn(cwd: string, flags: string[], env: Record<string, string> = {}) {
  const configModule = path.join(ROOT, 'web', 'server', 'config.server.ts');
  const out = execFileSync(
    process.execPath,
    [
      ...flags,
      '--input-type=module',
      '-e',
      `const { resolveConfig } = await import(${JSON.stringify(configModule)});
       const c = resolveConfig();
       console.log(JSON.stringify({ port: c.port, signupRateLimit: c.signupRateLimit, publicUrl: c.publicUrl }));`,
    ],
    // Only what the test sets: no variable of the machine running the tests leaks in.
    {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, DATA_DIR: path.join(dir, 'data'), TEAM_ACCESS_CODE: '0815', ...env },
    },
  );
  return JSON.parse(out.toString()) as { port: number; signupRateLimit: number; publicUrl: string };
}

describe('.env file', () => {
  test('serve, dev, build, benchmarks and content scripts read .env; the test runner does not', () => {
    for (const script of [
      'serve',
      'dev',
      'build',
      'bench:api',
      'bench:web',
      'bench:serve',
      'content:push',
      'content:pull',
    ])
      expect(pkg.scripts[script], script).toContain('node --env-file-if-exists=.env ');
    expect(pkg.scripts.test).not.toContain('.env');
  });

  test('a .env beside the server is read at start; a real environment variable wins over it', () => {
    const cwd = mkdtempSync(path.join(dir, 'with-'));
    writeFileSync(path.join(cwd, '.env'), 'PORT=4321\nSIGNUP_RATE_LIMIT=7\n');
    const flags = nodeFlags('serve', 'server.ts');
    expect(configIn(cwd, flags)).toEqual({ port: 4321, signupRateLimit: 7, publicUrl: 'http://localhost:4321' });
    expect(configIn(cwd, flags, { SIGNUP_RATE_LIMIT: '3' })).toMatchObject({ port: 4321, signupRateLimit: 3 });
  });

  test('without a .env the defaults apply', () => {
    const cwd = mkdtempSync(path.join(dir, 'without-'));
    expect(configIn(cwd, nodeFlags('serve', 'server.ts'))).toEqual({
      port: 3000,
      signupRateLimit: 10,
      publicUrl: 'http://localhost:3000',
    });
  });
});

describe('.env.example', () => {
  test('names every variable the server reads', () => {
    const named = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(ENV_VARIABLES.filter((v) => !named.has(v))).toEqual([]);
  });

  test('copied to .env as it is, it is a valid configuration', () => {
    const values = parseEnv(example);
    const config = resolveConfig({ ...values, DATA_DIR: path.join(dir, 'example') });
    expect(config.port).toBe(3000);
    expect(config.production).toBe(false);
  });
});

describe('Node version', () => {
  test('engines.node, the check of every npm script and the pinned node devDependency agree', async () => {
    const { minimumMajor, requiredMajor } = await import('../../scripts/check-node.mjs');
    expect(requiredMajor()).toBe(minimumMajor(pkg.engines.node));
    expect(Number(pkg.devDependencies.node!.split('.')[0])).toBeGreaterThanOrEqual(requiredMajor());
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(requiredMajor());
  });
});
