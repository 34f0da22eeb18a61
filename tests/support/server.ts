// The test harness's server: the real production server (spawn-server.ts) serving the build that
// the global setup of the e2e and built-server projects made for this run (build-once.ts).
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startPresentationPage, type PresentationPage } from './presentation';
import { startSanityStandIn, type SanityStandIn } from './sanity-standin';
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

/** What a hook started, or a clear error where a test reads it too early. */
function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what}: it starts in beforeAll`);
  return value;
}

/**
 * A Sanity stand-in and a server that `start` makes on it, started before the block's first test
 * (`start` may also wait for the server to be ready); the server stopped, then the stand-in closed,
 * after its last.
 */
export function useServerOnStandIn(start: (standIn: SanityStandIn) => Promise<TestServer>) {
  let standIn: SanityStandIn | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    standIn = await startSanityStandIn();
    server = await start(standIn);
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });
  return {
    get standIn() {
      return started(standIn, 'Sanity stand-in');
    },
    get server() {
      return started(server, 'server');
    },
  };
}

/**
 * What the browser tests of the preview run against: a Sanity stand-in, then the Presentation
 * tool's page and Chromium (together), then a server that `start` makes on the stand-in with the
 * page as its Studio, before the block's first test; Chromium and the page closed, the server
 * stopped and the stand-in closed after its last.
 */
export function usePresentationSetUp(start: (standIn: SanityStandIn, studioUrl: string) => Promise<TestServer>) {
  let presentation: PresentationPage | undefined;
  let browser: Browser | undefined;
  const site = useServerOnStandIn(async (standIn) => {
    [presentation, browser] = await Promise.all([startPresentationPage(), launchBrowser()]);
    return start(standIn, presentation.url);
  });
  afterAll(async () => {
    await browser?.close();
    await presentation?.close();
  });
  return Object.defineProperties(site, {
    presentation: { get: () => started(presentation, 'Presentation page') },
    browser: { get: () => started(browser, 'browser') },
  }) as typeof site & { readonly presentation: PresentationPage; readonly browser: Browser };
}
