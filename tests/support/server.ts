// The test harness's server: the real production server (spawn-server.ts) serving the build that
// the e2e project's global setup made for this run.
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { ROOT, spawnServer, type StartOptions, type TestServer } from './spawn-server';

export { freshDataDir, ROOT, type TestServer } from './spawn-server';

export function startServer(options: Omit<StartOptions, 'buildDir'> = {}): Promise<TestServer> {
  return spawnServer({ ...options, buildDir: inject('buildDir') });
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function startServerExpectingFailure(options: Omit<StartOptions, 'buildDir'> = {}) {
  const server = await startServer({ ...options, expectExit: true });
  const code = await server.stop();
  return { code, output: server.output() };
}

/**
 * A private copy of this run's build, for tests whose revalidation rewrites its prerendered pages.
 * Inside the project, so the server bundle still resolves node_modules; the caller removes it.
 */
export function privateCopyOfBuild(prefix: string): string {
  mkdirSync(path.join(ROOT, '.test-builds'), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, '.test-builds', prefix));
  cpSync(inject('buildDir'), dir, { recursive: true });
  return dir;
}
