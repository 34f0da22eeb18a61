// `npm run bench:web`: Lighthouse (mobile preset: simulated mid-range phone, slow 4G) on the built
// server's start page, in Debian's Chromium, headless, no network beyond this machine. Prints the
// four category scores, LCP, TBT, CLS, and the first-load JavaScript of `/` in KB gzip; then, in
// Chromium throttled like that for real, how long after the first paint the page's controls work.
// Budget (fast on a mid-range phone over a slow network): Performance 100 target (never below 90);
// Accessibility, Best Practices and SEO 100; LCP < 1.0 s through the production proxy; TBT < 100 ms;
// CLS < 0.01; JavaScript for `/` at most 150 KB gzip; the document of `/` at most 14 KB with brotli
// (one round trip: a new connection's first window is 10 × 1,460 bytes).
//
// Options (environment): BUILD_DIR (an existing build; default: a fresh one in
// .test-builds/bench-web-<pid>), BENCH_RUNS (Lighthouse runs, the median is reported; default 5),
// CHROMIUM_PATH (default /usr/bin/chromium), BENCH_REPORT (write the last Lighthouse report as JSON),
// BENCH_BASELINE (another build, e.g. of the commit before a change: its runs alternate with this
// build's and its medians are printed beside them; Lighthouse's TBT follows the machine's load, so
// only runs taken side by side compare), BENCH_PROXY=1 (also the compose stack under podman: the
// same Lighthouse runs through Caddy over HTTPS and HTTP/2, alternating with the direct HTTP/1.1
// server, Chromium with --ignore-certificate-errors for Caddy's local certificate; the table gives
// both, with LCP's budget of 1.0 s through the proxy).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/requirements.ts';
import { spawnServer } from '../tests/support/spawn-server.ts';
import { benchStack, PROXY } from './proxy.ts';
import { benchBuild, ROOT } from './support.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const BUDGET_KB = 150;
/** The landing document with brotli: one round trip (see the header). */
const DOCUMENT_BUDGET_KB = 14;

/** The prerendered `/` as the server sends it with brotli (the build's precompressed copy). */
function documentKb(buildDir: string) {
  return readFileSync(path.join(buildDir, 'client', 'index.html.br')).length / 1024;
}

function startServer(buildDir: string) {
  return spawnServer({ buildDir, env: { ACCESS_CODES: 'BENCH' } });
}

/** The JavaScript the prerendered `/` loads up front (module preloads and scripts, deferred or not), gzip-compressed. */
function firstLoadJs(buildDir: string) {
  const clientDir = path.join(buildDir, 'client');
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)) files.add(m[1]!);
  // Prerendered pages keep their preloads in a <template> and the route imports in an inert script.
  for (const m of html.matchAll(/from "(\/assets\/[^"]+\.js)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) files.add(m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(path.join(clientDir, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: files.size, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  benchmarkIndex: number;
  scriptTransferKb: number;
  failing: string[];
}

class RetryableRun extends Error {}

/** A Lighthouse run, repeated (up to 3 times) when Lighthouse reports that it could not measure. */
async function measureWithRetry(url: string, flags: string[] = []): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, flags);
    } catch (error) {
      if (!(error instanceof RetryableRun) || attempt === 3) throw error;
      console.log(`  Lighthouse could not measure (${error.message}); running again`);
    }
  }
}

async function measure(url: string, flags: string[]): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, ...flags],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    // Now and then Chromium's trace misses the navigation (NO_NAVSTART): that run measured nothing.
    if (result.lhr.runtimeError) throw new RetryableRun(result.lhr.runtimeError.code);
    if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, JSON.stringify(result.lhr, null, 1));
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const items = (
      audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
    )?.items;
    const scriptTransfer = (items ?? [])
      .filter((i) => i.resourceType === 'Script')
      .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      scriptTransferKb: scriptTransfer / 1024,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * How long a phone waits until the page's controls work (React hydrated: the footer sets
 * `data-hydrated`), next to its first paint and `load`: Chromium with Lighthouse's mobile
 * profile applied for real (4× slower CPU, 150 ms round trips, 1.6 Mbit/s down), a fresh cache.
 */
async function hydrationWait(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
      timeout: 60_000,
      polling: 50,
    });
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { fcp: paint?.startTime ?? NaN, load: nav.loadEventStart, hydrated: performance.now() };
    });
  } finally {
    await browser.close();
  }
}

const { dir, cleanup } = benchBuild('web');
const server = await startServer(dir);
const baseline = process.env.BENCH_BASELINE
  ? await startServer(path.resolve(ROOT, process.env.BENCH_BASELINE))
  : undefined;
const stack = PROXY ? await benchStack('web') : undefined;
try {
  const url = `${server.url}/`;
  const runs: Run[] = [];
  const baselineRuns: Run[] = [];
  const proxyRuns: Run[] = [];
  const summary = (run: Run) =>
    `performance ${run.performance}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(4)}`;
  for (let i = 0; i < RUNS; i++) {
    if (baseline) {
      baselineRuns.push(await measureWithRetry(`${baseline.url}/`));
      console.log(`baseline run ${i + 1}/${RUNS}: ${summary(baselineRuns.at(-1)!)}`);
    }
    runs.push(await measureWithRetry(url));
    console.log(`run ${i + 1}/${RUNS}: ${summary(runs.at(-1)!)}`);
    if (stack) {
      proxyRuns.push(await measureWithRetry(`${stack.siteUrl}/`, ['--ignore-certificate-errors']));
      console.log(`through Caddy ${i + 1}/${RUNS}: ${summary(proxyRuns.at(-1)!)}`);
    }
  }
  const waits: Awaited<ReturnType<typeof hydrationWait>>[] = [];
  for (let i = 0; i < RUNS; i++) waits.push(await hydrationWait(url));
  const wait = (key: 'fcp' | 'load' | 'hydrated') => Math.round(median(waits.map((w) => w[key])));
  const pick = (key: keyof Omit<Run, 'failing'>) => median(runs.map((r) => r[key]));
  const js = firstLoadJs(dir);
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  const rows: [string, string, string][] = [
    ['Performance', String(pick('performance')), '100 (never < 90)'],
    ['Accessibility', String(pick('accessibility')), '100'],
    ['Best Practices', String(pick('bestPractices')), '100'],
    ['SEO', String(pick('seo')), '100'],
    ['FCP', `${Math.round(pick('fcp'))} ms`, ''],
    ['LCP', `${Math.round(pick('lcp'))} ms`, '< 1000 ms through the proxy (BENCH_PROXY=1)'],
    ['TBT', `${Math.round(pick('tbt'))} ms`, '< 100 ms'],
    ['CLS', pick('cls').toFixed(4), '< 0.01'],
    [
      'First-load JS of / (gzip -9)',
      `${js.gzipKb.toFixed(1)} KB in ${js.files} files (${js.rawKb.toFixed(0)} KB raw)`,
      `≤ ${BUDGET_KB} KB`,
    ],
    ['Document of / (brotli)', `${documentKb(dir).toFixed(1)} KB`, `≤ ${DOCUMENT_BUDGET_KB} KB (one round trip)`],
    ['Scripts transferred by Lighthouse', `${pick('scriptTransferKb').toFixed(1)} KB`, ''],
    ['Lighthouse benchmark index (machine)', String(Math.round(pick('benchmarkIndex'))), 'quiet desktop ≈ 1000+'],
  ];
  console.log(`\nLighthouse mobile, ${url} (median of ${RUNS} run${RUNS > 1 ? 's' : ''})`);
  for (const [name, value, budget] of rows) console.log(`  ${name.padEnd(36)} ${value.padEnd(40)} ${budget}`);
  console.log(
    `\nUntil the controls work, Chromium throttled as above for real (median of ${RUNS}): first paint ${wait('fcp')} ms,` +
      ` load ${wait('load')} ms, hydrated ${wait('hydrated')} ms (${wait('hydrated') - wait('fcp')} ms after the first paint).`,
  );
  if (baseline) {
    const medianOf = (set: Run[], key: 'performance' | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'benchmarkIndex') =>
      median(set.map((r) => r[key]));
    console.log(`\nSide by side with BENCH_BASELINE (alternating runs, median of ${RUNS} each): baseline → this build`);
    for (const [name, key, unit] of [
      ['Performance', 'performance', ''],
      ['FCP', 'fcp', ' ms'],
      ['LCP', 'lcp', ' ms'],
      ['TBT', 'tbt', ' ms'],
      ['CLS', 'cls', ''],
      ['Benchmark index', 'benchmarkIndex', ''],
    ] as const) {
      const format = (value: number) => (key === 'cls' ? value.toFixed(4) : String(Math.round(value)));
      console.log(
        `  ${name.padEnd(16)} ${format(medianOf(baselineRuns, key))}${unit} → ${format(medianOf(runs, key))}${unit}`,
      );
    }
  }
  if (stack) {
    const medianOf = (set: Run[], key: keyof Omit<Run, 'failing'>) => median(set.map((r) => r[key]));
    console.log(
      `\nDirect (HTTP/1.1, ${url}) next to the compose stack's Caddy (HTTPS, HTTP/2, ${stack.siteUrl}/), ` +
        `alternating runs, median of ${RUNS} each:`,
    );
    for (const [name, key, budget] of [
      ['Performance', 'performance', '100 (never < 90)'],
      ['FCP', 'fcp', ''],
      ['LCP', 'lcp', '< 1000 ms through the proxy'],
      ['TBT', 'tbt', '< 100 ms'],
      ['CLS', 'cls', '< 0.01'],
      ['Accessibility', 'accessibility', '100'],
      ['Best Practices', 'bestPractices', '100'],
      ['SEO', 'seo', '100'],
    ] as const) {
      const format = (value: number) =>
        key === 'cls' ? value.toFixed(4) : `${Math.round(value)}${['fcp', 'lcp', 'tbt'].includes(key) ? ' ms' : ''}`;
      console.log(
        `  ${name.padEnd(16)} ${format(medianOf(runs, key)).padEnd(10)} → ${format(medianOf(proxyRuns, key)).padEnd(10)} ${budget}`,
      );
    }
    const proxyFailing = [...new Set(proxyRuns.flatMap((r) => r.failing))];
    if (proxyFailing.length) console.log(`  failing binary audits through Caddy: ${proxyFailing.join(', ')}`);
  }
  if (failing.length) console.log(`  failing binary audits: ${failing.join(', ')}`);
  if (js.gzipKb > BUDGET_KB || documentKb(dir) > DOCUMENT_BUDGET_KB) process.exitCode = 1;
} finally {
  await server.stop();
  await baseline?.stop();
  await stack?.down();
  cleanup();
}
