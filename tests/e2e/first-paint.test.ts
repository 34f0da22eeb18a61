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

  test('before its first contentful paint the page asks for its stylesheets only, and the browser for its icon (decision 058)', async () => {
    const context = await site.newContext({ viewport: SIZES[1] });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await hydrated(page);
    const early = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < fcp)
        .map((e) => new URL(e.name).pathname);
    });
    expect(early.length).toBeGreaterThan(0);
    // The icon is the browser's request (not always in the page's resource timing); measured, it is
    // no part of Lighthouse's LCP (bench/README.md).
    for (const path of early) expect(path).toMatch(/^\/assets\/[\w-]+\.css$|^\/favicon\.svg$/);
    await context.close();
  });

  // Decision 058: the seal, the signature and the portrait are in or near the first view, but not
  // what it is about.
  test.each(SIZES)(
    'at $width px: the seal, the signature, the portrait and the blurred previews come after the first contentful paint, in boxes that do not change',
    async (size) => {
      const context = await site.newContext({ viewport: size });
      // The web fonts are held back: their swap is the first test's, the shifts here are the images'.
      // (A font asked for before `load` holds that event, and the modules with it: nothing here
      // waits for either.)
      await context.route(/\.woff2$/, () => new Promise<void>(() => {}));
      const page = await context.newPage();
      const problems = pageProblems(page);
      await page.addInitScript(() => {
        const w = window as unknown as { firstBoxes?: number[][]; previewsBefore?: number; shifts: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.shifts += (e as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        // The pictures' boxes in the first frame that has all five (before their images came).
        const measure = () => {
          const pictures = [...document.querySelectorAll('[data-after-first-paint]')];
          if (pictures.length < 5) return requestAnimationFrame(measure);
          w.firstBoxes = pictures.map((el) => {
            const box = el.getBoundingClientRect();
            return [box.width, box.height];
          });
          w.previewsBefore = [...document.querySelectorAll('picture > img')].filter(
            (img) => getComputedStyle(img).backgroundImage !== 'none',
          ).length;
        };
        requestAnimationFrame(measure);
      });
      await page.goto(`${site.url}/`, { waitUntil: 'commit' });
      const pictures =
        '.site-header__seal, .floating-logo__seal picture, .hero__seal, .hero__signature, .bio__portrait picture';
      await page.waitForFunction(
        (selector) =>
          [...document.querySelectorAll<HTMLImageElement>(`:is(${selector}) img`)].every(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        pictures,
      );
      const seen = await page.evaluate((selector) => {
        const urls = [...document.querySelectorAll<HTMLImageElement>(`:is(${selector}) img`)].map(
          (img) => img.currentSrc,
        );
        return {
          fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
          starts: performance
            .getEntriesByType('resource')
            .filter((e) => urls.includes(e.name))
            .map((e) => [e.name, e.startTime] as const),
          marked: document.querySelectorAll(`:is(${selector})[data-after-first-paint]`).length,
          firstBoxes: (window as unknown as { firstBoxes: number[][] }).firstBoxes,
          previewsBefore: (window as unknown as { previewsBefore: number }).previewsBefore,
          // The lazy images further down, not loaded yet, show their blurred previews by now.
          previewsAfter: [...document.querySelectorAll('picture > img')].filter((img) =>
            getComputedStyle(img).backgroundImage.startsWith('url("data:'),
          ).length,
          boxes: [...document.querySelectorAll('[data-after-first-paint]')].map((el) => {
            const box = el.getBoundingClientRect();
            return [box.width, box.height];
          }),
          shifts: (window as unknown as { shifts: number }).shifts,
        };
      }, pictures);
      expect(seen.marked).toBe(5);
      expect(seen.starts.length).toBeGreaterThan(0);
      for (const [name, start] of seen.starts) expect(start, name).toBeGreaterThanOrEqual(seen.fcp);
      // Each picture had its image's size before the image was there: nothing moves when it comes.
      expect(seen.boxes).toHaveLength(5);
      for (const [i, [width, height]] of seen.boxes.entries()) {
        expect(seen.firstBoxes[i]![0]).toBeCloseTo(width!, 0);
        expect(seen.firstBoxes[i]![1]).toBeCloseTo(height!, 0);
      }
      expect(seen.shifts).toBeLessThan(0.001);
      // No blurred preview was decoded for the first paint; afterwards they are there.
      expect(seen.previewsBefore).toBe(0);
      expect(seen.previewsAfter).toBeGreaterThan(5);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
