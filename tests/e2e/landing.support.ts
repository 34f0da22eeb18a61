// Shared set-up of the landing-page browser tests: one production server and one Chromium per file.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

export const WIDTHS = [375, 800, 1280] as const;

export function useLandingServer() {
  const env: { server?: TestServer; browser?: Browser } = {};
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return {
    get url() {
      return env.server!.url;
    },
    /**
     * A fresh page at `width` px; console errors and page errors are collected in `problems`.
     * `hydrate: false` blocks the page's script files (inline scripts still run, so tools such as
     * axe work): the server's HTML as it is before hydration.
     */
    async open(path: string, width: number, options: BrowserContextOptions = {}, { hydrate = true } = {}) {
      const context = await env.browser!.newContext({ viewport: { width, height: 800 }, ...options });
      if (!hydrate) await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
      const page = await context.newPage();
      page.setDefaultTimeout(8000);
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`${env.server!.url}${path}`);
      if (options.javaScriptEnabled !== false && hydrate) await hydrated(page);
      return { page, problems, close: () => context.close() };
    },
  };
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

/** Scrolls the window to `y` and waits until the scroll handlers ran and React rendered. */
export async function scrollTo(page: Page, y: number) {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: 'instant' });
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => setTimeout(r, 0));
  }, y);
}

/** Scrolls an element to the middle of the viewport (scroll-in animations then reveal it). */
export async function scrollToElement(page: Page, selector: string) {
  await page.evaluate(async (sel) => {
    document.querySelector(sel)!.scrollIntoView({ block: 'center', behavior: 'instant' });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }, selector);
}
