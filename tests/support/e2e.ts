// One set-up for the browser tests: the built server, Chromium and, where mails matter, a capturing
// SMTP server, started before a file's first test and stopped after its last. And two servers on
// one PostgreSQL database, for what must hold across processes.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openDatabase, setDatabase, type Database } from '~/server/db/db.server';
import { launchBrowser } from './browser';
import { createPostgresDatabase } from './postgres';
import { startServer, type TestServer } from './server';
import { smtpSink, type SmtpOptions, type SmtpSink } from './smtp';
import { teamOwner } from './team-client';

type Env = Record<string, string | undefined>;

/** What a hook started, or a clear error where a test reads it too early (or it was not asked for). */
function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what}: the harness starts it in beforeAll`);
  return value;
}

export interface HarnessOptions {
  /** Start a capturing SMTP server first; the app server sends its mail there (SMTP_URL). */
  smtp?: boolean | SmtpOptions;
  /**
   * The app server's environment on top of the test defaults. A function is called in beforeAll,
   * so it can use what hooks registered before the harness prepared (a database, a build copy).
   */
  env?: Env | (() => Env);
  /** Launch Chromium (default true); false runs the file's HTTP tests on a machine without one. */
  browser?: boolean;
}

export interface OpenOptions extends BrowserContextOptions {
  /** The page's default timeout for waits and clicks, set before it loads. */
  timeout?: number;
}

export interface BrowserHarness {
  readonly server: TestServer;
  /** The server's base URL, e.g. http://127.0.0.1:43121. */
  readonly url: string;
  readonly browser: Browser;
  /** The SMTP server of `smtp: true`. */
  readonly smtp: SmtpSink;
  /** A browser context of its own; closed when the current test ends (a test's beforeEach counts as the test). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a new context (see newContext). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A new page at `path` on the server, hydrated unless JavaScript is off. */
  open(path: string, options?: OpenOptions): Promise<Page>;
  /**
   * The same, in a browser signed in as the server's owner (invited and signed in once per server
   * with both factors: team-client.ts): their session and device cookies are in the context.
   */
  openAsTeamMember(path: string, options?: OpenOptions): Promise<Page>;
}

/**
 * Registers the hooks that start and stop the server, the browser and the SMTP server, and
 * returns access to them (inside tests and hooks). Hooks registered before this call run before
 * the server starts and, since vitest runs after-hooks in reverse order, after it has stopped.
 */
export function useBrowserHarness(options: HarnessOptions = {}): BrowserHarness {
  const smtp = options.smtp ? smtpSink(options.smtp === true ? {} : options.smtp) : undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    [server, browser] = await Promise.all([
      startServer({ env: { ...(smtp ? { SMTP_URL: smtp.url } : {}), ...env } }),
      options.browser === false ? undefined : launchBrowser(),
    ]);
  });
  const closeContexts = async () => {
    const open = contexts;
    contexts = [];
    for (const context of open) await context.close().catch(() => {});
  };
  afterEach(closeContexts);
  afterAll(async () => {
    await closeContexts();
    await browser?.close();
    await server?.stop();
  });

  const harness: BrowserHarness = {
    get server() {
      return started(server, 'server');
    },
    get url() {
      return started(server, 'server').url;
    },
    get browser() {
      return started(browser, 'browser (browser: false?)');
    },
    get smtp() {
      return started(smtp, 'SMTP server (smtp: true?)');
    },
    async newContext(contextOptions = {}) {
      const context = await harness.browser.newContext(contextOptions);
      contexts.push(context);
      return context;
    },
    async newPage(contextOptions = {}) {
      return (await harness.newContext(contextOptions)).newPage();
    },
    async open(path, options = {}) {
      return openIn(await harness.newContext(withoutTimeout(options)), path, options);
    },
    async openAsTeamMember(path, options = {}) {
      const context = await harness.newContext(withoutTimeout(options));
      const owner = await teamOwner(harness.url);
      await context.addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: harness.url })));
      return openIn(context, path, options);
    },
  };
  const withoutTimeout = ({ timeout: _, ...contextOptions }: OpenOptions) => contextOptions;
  async function openIn(context: BrowserContext, path: string, { timeout, javaScriptEnabled }: OpenOptions) {
    const page = await context.newPage();
    if (timeout !== undefined) page.setDefaultTimeout(timeout);
    await page.goto(`${harness.url}${path}`);
    if (javaScriptEnabled !== false) await hydrated(page);
    return page;
  }
  return harness;
}

/** Waits until React has hydrated the page (the router's client modules are loaded). */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  );
  // The start page hydrates section by section; its footer marks the end.
  await page.waitForFunction(
    () => !document.querySelector('.site-footer') || document.documentElement.dataset.hydrated === 'true',
  );
  // One more frame so that effects (scroll listeners, observers) are attached.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Collects the page's console errors and uncaught exceptions from now on. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/**
 * Two servers (`a` and `b`) on one fresh PostgreSQL database, started before the block's first
 * test; stopped, and the database dropped, after its last. `env` as a function is called in
 * beforeAll (after hooks registered before this call: a Sanity stand-in, an SMTP server).
 */
export function useServerPairOnPostgres(env: Env | (() => Env) = {}) {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let servers: TestServer[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase();
    const options = { env: { DATABASE_URL: database.url, ...(typeof env === 'function' ? env() : env) } };
    servers = await Promise.all([startServer(options), startServer(options)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });
  return {
    get a() {
      return started(servers[0], 'server a');
    },
    get b() {
      return started(servers[1], 'server b');
    },
    /** The connection string of the servers' database. */
    get databaseUrl() {
      return started(database, 'database').url;
    },
  };
}

/**
 * A fresh PostgreSQL database: created in beforeAll, closed and dropped in afterAll; `openHere`
 * registers the hook that opens it in the test process too (and sets it as its database).
 */
function postgresOfItsOwn() {
  let postgres: { url: string; drop: () => Promise<void> } | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    postgres = await createPostgresDatabase();
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.close();
    await postgres?.drop();
  });
  const url = () => started(postgres, 'database').url;
  return {
    url,
    openHere() {
      beforeAll(async () => {
        database = await openDatabase({ databaseUrl: url() });
        setDatabase(database);
      });
    },
    database: () => started(database, 'database'),
  };
}

/**
 * The browser harness on a fresh PostgreSQL database of its own, opened in the test process too
 * (and set as its database), so that tests write and read what the server sees. The database is
 * created before the server starts and dropped after it stopped; `options.env` comes on top of its
 * DATABASE_URL.
 */
export function useBrowserHarnessOnPostgres(options: HarnessOptions = {}) {
  // Registered before the harness: the database is there before the server starts and is dropped
  // after it stopped.
  const postgres = postgresOfItsOwn();
  const site = useBrowserHarness({
    ...options,
    env: () => ({
      DATABASE_URL: postgres.url(),
      ...(typeof options.env === 'function' ? options.env() : options.env),
    }),
  });
  postgres.openHere();
  return { site, database: postgres.database };
}
