// Shared set-up of the landing-page browser tests: one production server and one Chromium per file.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { hydrated, pageProblems, useBrowserHarness } from './e2e';

export const WIDTHS = [375, 800, 1280] as const;

export function useLandingServer() {
  const harness = useBrowserHarness();
  return {
    get url() {
      return harness.url;
    },
    /**
     * A fresh page at `width` px; console errors and page errors are collected in `problems`.
     * `hydrate: false` blocks the page's script files (inline scripts still run, so tools such as
     * axe work): the server's HTML as it is before hydration.
     */
    async open(path: string, width: number, options: BrowserContextOptions = {}, { hydrate = true } = {}) {
      const context = await harness.newContext({ viewport: { width, height: 800 }, ...options });
      if (!hydrate) await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
      const page = await context.newPage();
      page.setDefaultTimeout(8000);
      const problems = pageProblems(page);
      await page.goto(`${harness.url}${path}`);
      if (options.javaScriptEnabled !== false && hydrate) await hydrated(page);
      return { page, problems, close: () => context.close() };
    },
  };
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
