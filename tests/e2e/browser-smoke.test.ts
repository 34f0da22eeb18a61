// The placeholder site in a real Chromium: it hydrates under the CSP without a single violation.
import { describe, expect, test } from 'vitest';
import { browserAvailable } from '../support/browser';
import { pageProblems, useBrowserHarness } from '../support/e2e';

describe.runIf(browserAvailable())('browser smoke test', () => {
  const site = useBrowserHarness();

  test('pages hydrate with no console error and no CSP violation', async () => {
    const page = await site.newPage();
    const problems = pageProblems(page);
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    for (const path of ['/', '/agb', '/auth']) {
      await page.goto(`${site.url}${path}`);
      await page.waitForFunction(
        () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
      );
    }
    // Client-side navigation works too (the router is live).
    await page.goto(`${site.url}/agb`);
    await page.waitForLoadState('networkidle');
    await page.click('a[href="/"]');
    await page.waitForURL(`${site.url}/`);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a prerendered page requests its modules only after the first contentful paint and load', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/`);
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
    );
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
      const modules = performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/.+\.js$/.test(e.name))
        .map((e) => e.startTime);
      return { fcp, load, modules };
    });
    expect(timing.modules.length).toBeGreaterThan(0);
    for (const start of timing.modules) {
      expect(start).toBeGreaterThanOrEqual(timing.fcp);
      expect(start).toBeGreaterThanOrEqual(timing.load);
    }
    await page.close();
  });
});
