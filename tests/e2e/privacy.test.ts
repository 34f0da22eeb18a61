// No request to any other host until the visitor clicks the video: fonts, images and scripts all
// come from our own origin, on every public page and through every interaction but the video.
import { describe, expect, test } from 'vitest';
import { LEGAL_PATHS } from '~/lib/public-pages';
import { browserAvailable } from '../support/browser';
import { scrollTo, scrollToElement, useLandingServer, WIDTHS } from '../support/landing';

describe.runIf(browserAvailable())('third-party requests', () => {
  const site = useLandingServer();

  test.each(WIDTHS)('at %d px nothing leaves our origin until the video is clicked', async (width) => {
    const hosts: string[] = [];
    const { page, close } = await site.open('/', width, {});
    const own = new URL(site.url).host;
    // Record every request's host from the start (reload with the listener attached).
    page.on('request', (r) => hosts.push(new URL(r.url()).host));
    await page.reload();
    await page.waitForLoadState('networkidle');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 500) await scrollTo(page, y);
    // Interact with everything that is not the video.
    await scrollToElement(page, '.faq');
    await page.locator('.faq summary').first().click();
    await scrollToElement(page, 'section.switch');
    await page.locator('.switch__option', { hasText: 'Trainerin' }).click();
    await scrollToElement(page, '.before-after');
    await page.locator('.horse-option').nth(1).click();
    await page.waitForLoadState('networkidle');
    expect(hosts.length).toBeGreaterThan(5);
    expect([...new Set(hosts)]).toEqual([own]);

    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }),
    );
    await scrollToElement(page, '.video');
    const videoRequest = page.waitForRequest(/^https:\/\/www\.youtube-nocookie\.com\//);
    await page.getByRole('link', { name: /Video abspielen/ }).click();
    await page.locator('.video iframe').waitFor();
    await videoRequest;
    expect([...new Set(hosts)].sort()).toEqual([own, 'www.youtube-nocookie.com'].sort());
    await close();
  });

  test('the legal pages load nothing from other hosts', async () => {
    for (const path of LEGAL_PATHS) {
      const hosts = new Set<string>();
      const { page, close } = await site.open(path, 375);
      page.on('request', (r) => hosts.add(new URL(r.url()).host));
      await page.reload();
      await page.waitForLoadState('networkidle');
      expect([...hosts]).toEqual([new URL(site.url).host]);
      await close();
    }
  });

  test('fonts are self-hosted, and requested once the first view is painted', async () => {
    const { page, close } = await site.open('/', 375);
    // The font faces' stylesheet is put back after the first paint (decision 046): wait for both faces.
    await page.waitForFunction(
      () => [...document.fonts].filter((f) => f.status === 'loaded' && !f.family.includes('Fallback')).length === 2,
    );
    const fonts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.woff2')),
    );
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(new URL(font).origin).toBe(site.url);
    // Only the German subsets (web/styles/after-first-paint.css, the only faces of their families).
    expect(fonts.map((f) => new URL(f).pathname.replace(/-[\w-]{8}\.woff2$/, '')).sort()).toEqual([
      '/assets/cormorant-garamond-de-500-normal',
      '/assets/inter-de-wght-normal',
    ]);
    // One face per family: further faces of the same family (other scripts, never loaded) doubled
    // the first layout's time in Chromium.
    const faces = await page.evaluate(() => [...document.fonts].map((face) => face.family.replace(/"/g, '')));
    expect(faces.filter((family) => !family.endsWith(' Fallback')).sort()).toEqual([
      'Cormorant Garamond',
      'Inter Variable',
    ]);
    // Nothing preloads them (a preload competed with the stylesheets for the first paint); the
    // stylesheet after the first paint is back in the head, in the place React rendered it.
    expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
    expect(await page.locator('#late-styles').count()).toBe(0);
    expect(await page.locator('head > link[rel="stylesheet"][href*="/assets/after-first-paint-"]').count()).toBe(1);
    await close();
  });
});
