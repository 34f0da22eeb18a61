// The test harness's server: the real production server (spawn-server.ts) serving the build that
// the global setup of the e2e and built-server projects made for this run (build-once.ts).
import { inject } from 'vitest';
import { spawnServer, type StartOptions, type TestServer } from './spawn-server';

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
