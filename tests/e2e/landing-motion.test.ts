// Motion and robustness: scroll-in animations and the decorative rotation with gsap, nothing moving
// with reduced motion, and every text readable with JavaScript turned off.
import { describe, expect, test } from 'vitest';
import { browserAvailable } from '../support/browser';
import { scrollTo, scrollToElement, useLandingServer, WIDTHS } from '../support/landing';

/** The rotation of the decorative ornament in degrees, from its computed transform matrix. */
const ornamentRotation = () => {
  const transform = getComputedStyle(document.querySelector('.hero__ornament')!).transform;
  const m = new DOMMatrix(transform);
  return (Math.atan2(m.b, m.a) * 180) / Math.PI;
};

describe.runIf(browserAvailable())('landing page motion', () => {
  const site = useLandingServer();

  test.each(WIDTHS)(
    'at %d px: groups below the fold fade in as they scroll into view; the ornament turns 15–45°',
    async (width) => {
      const { page, problems, close } = await site.open('/', width);
      // gsap arrives with the first scroll, not before.
      expect(await page.evaluate(() => document.documentElement.dataset.motion)).toBeUndefined();
      await scrollTo(page, 1);
      await page.waitForFunction(() => document.documentElement.dataset.motion === 'on');
      // A group far below the fold waits, hidden, for its turn.
      const faq = '.faq [data-reveal]';
      expect(await page.$eval(`${faq} > *`, (el) => getComputedStyle(el).opacity)).toBe('0');
      expect(await page.evaluate(ornamentRotation)).toBeCloseTo(15, 0);
      await scrollToElement(page, '.faq .section-header');
      await page.waitForFunction(
        (sel) => [...document.querySelectorAll(`${sel} > *`)].every((el) => getComputedStyle(el).opacity === '1'),
        faq,
      );
      const turned = await page.evaluate(ornamentRotation);
      expect(turned).toBeGreaterThan(15);
      expect(turned).toBeLessThanOrEqual(45);
      await scrollTo(page, await page.evaluate(() => document.documentElement.scrollHeight));
      await page.waitForFunction(() => {
        const m = new DOMMatrix(getComputedStyle(document.querySelector('.hero__ornament')!).transform);
        return Math.abs((Math.atan2(m.b, m.a) * 180) / Math.PI - 45) < 0.5;
      });
      expect(problems).toEqual([]);
      await close();
    },
  );

  test.each(WIDTHS)('at %d px with reduced motion: nothing animates, everything is visible at once', async (width) => {
    const scripts: string[] = [];
    const { page, problems, close } = await site.open('/', width, { reducedMotion: 'reduce' });
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    // Scroll through the whole page: nothing is hidden, no animation library is loaded.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 700) await scrollTo(page, y);
    const hidden = await page.$$eval(
      '[data-reveal] > *',
      (els) =>
        els.filter((el) => getComputedStyle(el).opacity !== '1' || getComputedStyle(el).visibility !== 'visible')
          .length,
    );
    expect(hidden).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.motion)).toBeUndefined();
    expect(await page.evaluate(ornamentRotation)).toBeCloseTo(15, 0);
    expect(scripts.filter((u) => /gsap|ScrollTrigger/i.test(u))).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    // Sliders stay where they are.
    await page.waitForFunction(() => document.querySelectorAll('.slider.is-live').length === 2);
    expect(await page.$$eval('.slider', (els) => els.map((el) => el.getAttribute('data-autoplay')))).toEqual([
      'paused',
      'paused',
    ]);
    expect(problems).toEqual([]);
    await close();
  });

  test.each(WIDTHS)('at %d px without JavaScript every text is readable and every link works', async (width) => {
    const { page, close } = await site.open('/', width, { javaScriptEnabled: false });
    // Every FAQ answer (a disclosure: it opens without JavaScript), both switch panels (each with its
    // own signup link, chosen by a radio button), every horse's comparison and texts.
    const answers = page.locator('.faq details');
    expect(await answers.count()).toBe(5);
    for (const item of await answers.all()) {
      await item.locator('summary').click();
      await item.locator('.accordion__panel').waitFor({ state: 'visible' });
    }
    const links: (string | null)[] = [];
    for (const label of ['Reiterin', 'Trainerin']) {
      await page.locator('.switch__option', { hasText: label }).click();
      const panel = page.locator('.switch__panel').filter({ visible: true });
      expect(await panel.count()).toBe(1);
      links.push(await panel.getByRole('link').getAttribute('href'));
    }
    expect(links).toEqual(['/mitmachen', '/mitmachen?typ=trainer']);
    const horses = page.locator('.horse-option');
    expect(await horses.count()).toBe(5);
    for (let i = 0; i < 5; i++) {
      await horses.nth(i).click();
      const shown = page.locator('.before-after__horse').nth(i);
      await shown.locator('.before-after__description').filter({ visible: true }).waitFor();
      expect(await shown.locator('img').first().isVisible()).toBe(true);
    }
    // The section links are plain anchors: in the header from 1024 px, in the phone menu (a
    // disclosure that opens without JavaScript) below.
    await page.evaluate(() => window.scrollTo(0, 0));
    const menu = page.getByLabel('Menü öffnen', { exact: true });
    expect(await menu.isVisible()).toBe(width < 1024);
    if (width < 1024) await menu.click();
    const nav = page.getByRole('navigation', { name: width < 1024 ? 'Menü' : 'Hauptnavigation' });
    for (const label of ['Produkte', 'Über Mich', 'Referenzen']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'WhatsApp Gruppe' }).and(page.locator(':visible')).count()).toBe(1);
    if (width < 1024) await menu.click();
    // Every slide is in the page (a scrollable row) and nothing is transparent.
    expect(await page.locator('.slider__slide').count()).toBeGreaterThan(2);
    const transparent = await page.$$eval(
      'main *',
      (els) =>
        els.filter((el) => el.closest('[aria-hidden="true"]') === null && Number(getComputedStyle(el).opacity) < 0.2)
          .length,
    );
    expect(transparent).toBe(0);
    // The video's play control is a plain link to the provider (nothing is loaded until followed).
    expect(await page.locator('.video iframe').count()).toBe(0);
    expect(await page.locator('.video a').getAttribute('href')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    if (width < 1024) await menu.click();
    await nav.getByRole('link', { name: 'Referenzen' }).click();
    expect(new URL(page.url()).hash).toBe('#referenzen');
    await close();
  });
});
