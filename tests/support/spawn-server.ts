// Starts the real production server (`node server.ts`) on a free port with a fresh data dir.
// Plain Node (no vitest import): used by the test harness (server.ts) and by the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_ACCESS_CODES, TEST_AUTH_SECRET, TEST_TEAM_CODE } from './codes.ts';
import { localInviter, registerInviter } from './team-client.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Characters of a server's output kept for output(). */
const MAX_OUTPUT = 64 * 1024 * 1024;

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM and wait for exit (or SIGKILL with `kill('SIGKILL')`). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  /** The build to serve (BUILD_DIR). */
  buildDir: string;
  env?: Record<string, string | undefined>;
  /** Reuse a data dir (restart tests); a fresh temporary one otherwise. */
  dataDir?: string;
  /** Resolve when the process exits instead of when it listens (for start-up failures). */
  expectExit?: boolean;
}

export function freshDataDir() {
  return mkdtempSync(path.join(tmpdir(), 'bc-e2e-'));
}

export async function spawnServer(options: StartOptions): Promise<TestServer> {
  const dataDir = options.dataDir ?? freshDataDir();
  const child = spawn(process.execPath, ['server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BUILD_DIR: options.buildDir,
      TEAM_ACCESS_CODE: TEST_TEAM_CODE,
      ACCESS_CODES: TEST_ACCESS_CODES.join(','),
      AUTH_SECRET: TEST_AUTH_SECRET,
      SIGNUP_RATE_LIMIT: '0',
      APPLICATION_RATE_LIMIT: '0',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The production server logs a line per request: a benchmark's hundreds of thousands of them are
  // kept up to a bound (the oldest half goes), so a long run cannot exhaust the string limit.
  let output = '';
  const collect = (d: Buffer) => {
    output += d;
    if (output.length > MAX_OUTPUT) output = output.slice(-MAX_OUTPUT / 2);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    // Generous: a busy CI machine may take long to start a server. A server that does not come up
    // is killed, so no stray process outlives the test run.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 120 s:\n${output}`));
    }, 120_000);
    // Until it listens: afterwards a search of the whole, growing output on every chunk would
    // make the reading process (a benchmark's load generator) slower with every request line.
    const check = () => {
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      if (options.expectExit) resolve(-1);
      else reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  // Team members are invited on this server with its own command (team-client.ts).
  registerInviter(`http://127.0.0.1:${port}`, localInviter(dataDir));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
