// The landing page's first paint (decision 046): the title, its largest paint, appears in the
// fallback faces before any web font is asked for, and the swap to the brand's faces neither moves
// the first view nor makes a new largest contentful paint (Chromium counts a swapped text again
// only when it got larger, so the fallback faces are never smaller than the brand's: global.css).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserAvailable } from '../support/browser';
import { hydrated, pageProblems, useBrowserHarness } from '../support/e2e';

/** 375 and 1280 px, and Lighthouse's mobile width (412 px). */
const SIZES = [
  { width: 375, height: 812 },
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
] as const;

/** The first view's texts at every width (those hidden at a width are left out). */
const FIRST_VIEW =
  '.site-header__name, .site-nav .nav-links a, .site-header__cta, .hero__title, .hero__quote p, .hero__quote figcaption, .hero__actions .button';

interface TextBox {
  name: string;
  lines: number;
  /** The text's own box (what a text's largest contentful paint is measured by). */
  width: number;
  height: number;
  /** The element's box. */
  top: number;
  boxHeight: number;
}

const textBoxes = (page: Page) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => el.getClientRects().length > 0)
        .map((el): TextBox => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const text = range.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return {
            name: `${el.className || el.tagName}: ${el.textContent!.trim().slice(0, 20)}`,
            lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
            width: text.width,
            height: text.height,
            top: box.top + scrollY,
            boxHeight: box.height,
          };
        }),
    FIRST_VIEW,
  );

/** Which faces the page has loaded (web fonts only). */
const webFontsLoaded = (page: Page) =>
  page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded' && !f.family.includes('Fallback')).map((f) => f.family),
  );

describe.runIf(browserAvailable())('the landing page paints first in the fallback faces', () => {
  const site = useBrowserHarness();

  test.each(SIZES)('at $width px: the swap moves nothing and makes no new largest paint', async (size) => {
    const context = await site.newContext({ viewport: size });
    // The font files wait until the fallback faces are measured: the first view as it first paints.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\.woff2$/, async (route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    const problems = pageProblems(page);
    await page.addInitScript(() => {
      const w = window as unknown as { lcp: { tag: string; time: number; size: number }[] };
      w.lcp = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[])
          w.lcp.push({ tag: e.element?.className ?? '', time: e.startTime, size: e.size });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${site.url}/`);
    await hydrated(page);
    expect(await webFontsLoaded(page)).toEqual([]);
    const fallback = await textBoxes(page);
    const lcpBefore = await page.evaluate(() => (window as unknown as { lcp: { tag: string }[] }).lcp);
    expect(lcpBefore.at(-1)?.tag).toBe('hero__title');

    release();
    await page.waitForFunction(
      () => [...document.fonts].filter((f) => f.status === 'loaded' && !f.family.includes('Fallback')).length === 2,
    );
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const web = await textBoxes(page);

    expect(web.map((t) => t.name)).toEqual(fallback.map((t) => t.name));
    for (const [i, before] of fallback.entries()) {
      const after = web[i]!;
      // Nothing moves: the same lines, the same places and heights.
      expect(after.lines, `${before.name}: lines`).toBe(before.lines);
      expect(after.top, `${before.name}: top`).toBeCloseTo(before.top, 0);
      expect(after.boxHeight, `${before.name}: height`).toBeCloseTo(before.boxHeight, 0);
    }
    // The title (the largest paint) is not smaller in its fallback face than in Cormorant.
    const title = (boxes: TextBox[]) => boxes.find((t) => t.name.startsWith('hero__title'))!;
    expect(title(fallback).width).toBeGreaterThanOrEqual(title(web).width);
    expect(title(fallback).height).toBeGreaterThanOrEqual(title(web).height - 0.5);
    // ... so the swap made no new largest contentful paint.
    const lcpAfter = await page.evaluate(() => (window as unknown as { lcp: { tag: string }[] }).lcp);
    expect(lcpAfter).toEqual(lcpBefore);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the web fonts are asked for only after the first contentful paint', async () => {
    const context = await site.newContext({ viewport: SIZES[1] });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await hydrated(page);
    await page.waitForFunction(
      () => [...document.fonts].filter((f) => f.status === 'loaded' && !f.family.includes('Fallback')).length === 2,
    );
    const { fcp, fonts, preloads } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      fonts: performance
        .getEntriesByType('resource')
        .filter((e) => /\.woff2$/.test(e.name))
        .map((e) => e.startTime),
      preloads: document.querySelectorAll('link[rel="preload"][as="font"]').length,
    }));
    expect(preloads).toBe(0);
    expect(fonts).toHaveLength(2);
    for (const start of fonts) expect(start).toBeGreaterThanOrEqual(fcp);
    await context.close();
  });
});
