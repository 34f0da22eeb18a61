// `npm run dev` (Vite middleware, no build) serves the same routes and API as the production server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../support/server';

// Vite compiles on first request: generous limits, so a loaded CI machine does not fail it.
test('the development server renders pages and answers the API', { timeout: 180_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bc-dev-'));
  const child = spawn(process.execPath, ['--conditions=development', 'server.ts', '--dev'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${output}`)), 120_000);
      child.stdout.on('data', () => {
        const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`dev server exited with ${code}:\n${output}`)));
    });
    expect(output).toMatch(/team dashboard code \(TEAM_ACCESS_CODE\): \d{4}/);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    // The development server renders per request: no content sync at start.
    expect(await health.json()).toEqual({
      ok: true,
      db: 'pglite',
      content: { fingerprint: 'build', renderedAt: null, renders: 0 },
    });
    for (const page of ['/agb', '/auth', '/']) {
      const res = await fetch(`http://127.0.0.1:${port}${page}`);
      expect(res.status, `${page}\n${output}`).toBe(200);
      expect(res.headers.get('content-security-policy')).toMatch(/'nonce-/);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
