// The editor's draft preview: the Studio's preview secret opens it (and nothing else does), a
// previewing browser sees the drafts on the real pages, rendered per request with stega marks and
// headers of their own, and everybody else gets the published pages byte for byte. In Chromium, a
// Presentation tool on another origin (built from @sanity/comlink) frames the preview: a click on a
// text names its document and field, a refresh after a save shows the edit without a reload.
import { createHash } from 'node:crypto';
import { stegaClean } from '@sanity/client/stega';
import { createCookie } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import { purposeSecret } from '~/server/signing.server';
import { browserAvailable } from '../support/browser';
import { TEST_AUTH_SECRET } from '../support/codes';
import { hydrated, pageProblems } from '../support/e2e';
import { enableUrl, previewSecret } from '../support/presentation';
import { previewEnv, standInEnv, type SanityStandIn } from '../support/sanity-standin';
import { startServer, usePresentationSetUp, useServerOnStandIn, type TestServer } from '../support/server';

const WEBHOOK_SECRET = 'webhook-secret-for-preview-tests';
/** Whether a text carries stega marks (the invisible characters @sanity/client appends). */
const marked = (text: string | undefined) => text !== undefined && stegaClean(text) !== text;
const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
const dataPath = (page: string) => (page === '/' ? '/_.data' : `${page}.data`);

/**
 * What a public answer is: its bytes (as a digest) and the headers a visitor's browser and caches
 * act on. A .data file answered by Express carries a fresh CSP nonce each time, with or without a
 * preview: the nonce's value is left out of the comparison.
 */
async function snapshot(url: string, cookie?: string) {
  const res = await fetch(url, { headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
  const headers = Object.fromEntries(
    ['content-security-policy', 'x-frame-options', 'cache-control', 'etag', 'content-encoding', 'x-robots-tag'].map(
      (name) => [name, res.headers.get(name)?.replace(/'nonce-[^']+'/, "'nonce-…'")],
    ),
  );
  const body = createHash('sha256')
    .update(Buffer.from(await res.arrayBuffer()))
    .digest('base64url');
  return { status: res.status, headers, body };
}

async function everyPublicAnswer(base: string, cookie?: string) {
  const answers: Record<string, Awaited<ReturnType<typeof snapshot>>> = {};
  for (const page of PUBLIC_PAGES) {
    answers[page] = await snapshot(`${base}${page}`, cookie);
    answers[dataPath(page)] = await snapshot(`${base}${dataPath(page)}`, cookie);
  }
  return answers;
}

/** The preview cookie of an enable answer (`name=value`), or undefined. */
const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0];

describe('draft preview (HTTP)', () => {
  const STUDIO = 'http://127.0.0.1:3333';
  const site = useServerOnStandIn((standIn) =>
    startServer({ env: { ...standInEnv(standIn, WEBHOOK_SECRET), ...previewEnv(standIn, STUDIO) } }),
  );

  const enable = (secret: string, pathname = '/') =>
    fetch(enableUrl(site.server.url, secret, pathname), { redirect: 'manual' });

  test('a missing, wrong or forged secret gets 401 and no cookie', async () => {
    const secret = await previewSecret(site.standIn, STUDIO);
    for (const url of [
      `${site.server.url}/api/preview/enable`,
      `${site.server.url}/api/preview/enable?sanity-preview-pathname=/agb`,
      enableUrl(site.server.url, 'not-a-secret'),
      enableUrl(site.server.url, `${secret}x`),
      enableUrl(site.server.url, secret.slice(1)),
    ]) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status, url).toBe(401);
      expect(res.headers.get('set-cookie'), url).toBeNull();
      expect(res.headers.get('location'), url).toBeNull();
    }
  });

  test('an expired secret, or one issued by another Studio, gets 401 and no cookie', async () => {
    const other = await previewSecret(site.standIn, 'https://someone-else.sanity.studio');
    const res = await enable(other);
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();

    const secret = await previewSecret(site.standIn, STUDIO);
    expect((await enable(secret)).status).toBe(307);
    const stored = findSecretDocument(site.standIn, secret);
    site.standIn.put({ ...stored, _updatedAt: new Date(Date.now() - 61 * 60 * 1000).toISOString() });
    const expired = await enable(secret);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('set-cookie')).toBeNull();
  });

  test('a valid secret: a redirect to the page with a signed, HttpOnly preview cookie for an hour', async () => {
    const res = await enable(await previewSecret(site.standIn, STUDIO), '/agb');
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get('location')!, site.server.url).pathname).toBe('/agb');
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^draft_preview=[^;]+\.[^;]+;/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; Max-Age=3600/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i); // http: the Studio frames it same-site
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('a pathname that leads off the site never redirects there', async () => {
    const secret = await previewSecret(site.standIn, STUDIO);
    for (const pathname of [
      '//evil.example/x',
      'https://evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example/x',
      '/%2F%2Fevil.example/x',
      '%2F%2Fevil.example',
      '///evil.example',
      'javascript:alert(1)',
      'https://evil.example//evil.example/',
    ]) {
      const res = await enable(secret, pathname);
      expect(res.status, pathname).toBe(307);
      const location = res.headers.get('location')!;
      expect(location, pathname).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, site.server.url).origin, pathname).toBe(new URL(site.server.url).origin);
    }
  });

  test('with the cookie, / and /agb and their .data show the drafts, per request, with stega marks and preview headers', async () => {
    const before = await everyPublicAnswer(site.server.url);
    const settings = site.standIn.document('siteSettings')!;
    const agb = site.standIn.document('legalPage-agb')!;
    site.standIn.saveDraft({ ...settings, tagline: 'Ein Leitsatz im Entwurf' });
    site.standIn.saveDraft({ ...agb, title: 'AGB im Entwurf' });
    const cookie = cookieOf(await enable(await previewSecret(site.standIn, STUDIO)))!;

    const home = await fetch(`${site.server.url}/`, { headers: { cookie } });
    const html = await home.text();
    expect(h1(html)).toMatch(/^Ein Leitsatz im Entwurf/);
    expect(marked(h1(html))).toBe(true);
    expect(home.headers.get('cache-control')).toBe('private, no-store');
    expect(home.headers.get('x-robots-tag')).toBe('noindex');
    expect(home.headers.get('x-frame-options')).toBeNull();
    const csp = home.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${STUDIO}`);
    expect(csp).not.toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    // Plain where code reads: meta tags, structured data, ids, links.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(marked(head)).toBe(false);
    expect(html).toContain('id="programm-01"');
    expect([...html.matchAll(/(?:href|id)="([^"]*)"/g)].map((m) => m[1]).filter(marked)).toEqual([]);

    const agbPage = await (await fetch(`${site.server.url}/agb`, { headers: { cookie } })).text();
    expect(h1(agbPage)).toMatch(/^AGB im Entwurf/);
    for (const page of ['/', '/agb']) {
      const data = await fetch(`${site.server.url}${dataPath(page)}`, { headers: { cookie } });
      expect(data.headers.get('cache-control'), page).toBe('private, no-store');
      expect(await data.text(), page).toContain(page === '/' ? 'Ein Leitsatz im Entwurf' : 'AGB im Entwurf');
    }
    // Per request: a further edit shows at once.
    site.standIn.saveDraft({ ...settings, tagline: 'Noch einmal geändert' });
    expect(h1(await (await fetch(`${site.server.url}/`, { headers: { cookie } })).text())).toMatch(
      /^Noch einmal geändert/,
    );

    // Everyone else: the published pages, byte for byte and header for header, as before.
    expect(await everyPublicAnswer(site.server.url)).toEqual(before);
    site.standIn.publish(settings, { live: false });
    site.standIn.publish(agb, { live: false });
  });

  test('a forged or expired preview cookie gets the published pages, byte for byte', async () => {
    const published = await everyPublicAnswer(site.server.url);
    site.standIn.saveDraft({ ...site.standIn.document('siteSettings')!, tagline: 'Nur für die Vorschau' });
    const valid = cookieOf(await enable(await previewSecret(site.standIn, STUDIO)))!;
    const [name, value] = valid.split('=') as [string, string];
    const jar = createCookie(name, { secrets: [purposeSecret('draft-preview', TEST_AUTH_SECRET)] });
    const expired = (await jar.serialize({ expiresAt: Date.now() - 1000 })).split(';')[0]!;
    const otherKey = createCookie(name, { secrets: [purposeSecret('access-grant', TEST_AUTH_SECRET)] });
    const signedForAnotherPurpose = (await otherKey.serialize({ expiresAt: Date.now() + 60_000 })).split(';')[0]!;
    // A character inside the signature (the last one's low bits may be padding, which decodes alike).
    const at = value.length - 5;
    const tampered = `${name}=${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
    for (const cookie of [expired, signedForAnotherPurpose, tampered, `${name}=`, `${name}=garbage`])
      expect(await everyPublicAnswer(site.server.url, cookie), cookie).toEqual(published);
    expect(h1(await (await fetch(`${site.server.url}/`, { headers: { cookie: valid } })).text())).toMatch(
      /^Nur für die Vorschau/,
    );
    site.standIn.publish(site.standIn.document('siteSettings')!, { live: false });
  });

  test('an unfinished draft (a required field still empty) shows a German notice, not an error', async () => {
    const settings = site.standIn.document('siteSettings')!;
    const { siteTitle: _removed, ...withoutTitle } = settings;
    site.standIn.saveDraft(withoutTitle as typeof settings);
    const cookie = cookieOf(await enable(await previewSecret(site.standIn, STUDIO)))!;
    for (const page of ['/', '/agb']) {
      const res = await fetch(`${site.server.url}${page}`, { headers: { cookie } });
      expect(res.status, page).toBe(200);
      const html = await res.text();
      expect(html, page).toContain('Dieser Entwurf ist noch nicht vollständig');
      expect(html, page).toContain('„Website-Einstellungen: Titel der Website“ ist noch nicht ausgefüllt.');
    }
    expect(h1(await (await fetch(`${site.server.url}/`)).text())).not.toContain('Entwurf');
    site.standIn.publish(settings, { live: false });
  });

  test('only content pages are framed by the Studio: the dashboard, the account and sign-in never are', async () => {
    const cookie = cookieOf(await enable(await previewSecret(site.standIn, STUDIO)))!;
    for (const page of ['/teamdashboard', '/konto', '/auth', '/access', '/mitmachen', '/passwort-neu', '/nicht-da']) {
      for (const path of [page, `${page}.data`]) {
        const res = await fetch(`${site.server.url}${path}`, { headers: { cookie }, redirect: 'manual' });
        expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
        expect(res.headers.get('content-security-policy'), path).not.toContain(STUDIO);
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      }
    }
    // The content pages themselves are framed (the test above shows their drafts).
    const home = await fetch(`${site.server.url}/`, { headers: { cookie } });
    expect(home.headers.get('content-security-policy')).toContain(`frame-ancestors ${STUDIO}`);
  });

  test('when Sanity fails or does not answer, previewed pages are the published ones, never a 5xx', async () => {
    const settings = site.standIn.document('siteSettings')!;
    site.standIn.saveDraft({ ...settings, tagline: 'Ein Entwurf, den keiner sieht' });
    const cookie = cookieOf(await enable(await previewSecret(site.standIn, STUDIO)))!;
    const published = h1(await (await fetch(`${site.server.url}/`)).text());
    try {
      for (const mode of ['failing', 'hanging'] as const) {
        site.standIn.setQueries(mode);
        for (const page of ['/', '/agb.data']) {
          const started = Date.now();
          const res = await fetch(`${site.server.url}${page}`, { headers: { cookie } });
          expect(res.status, `${mode} ${page}`).toBe(200);
          expect(Date.now() - started, `${mode} ${page}`).toBeLessThan(10_000);
          const body = await res.text();
          expect(body, `${mode} ${page}`).not.toContain('Ein Entwurf, den keiner sieht');
          if (page === '/') expect(h1(body)).toBe(published);
        }
      }
    } finally {
      site.standIn.setQueries('answered');
      site.standIn.publish(settings, { live: false });
    }
  }, 120_000);

  test('disable ends the preview: the cookie is cleared, the start page follows', async () => {
    const res = await fetch(`${site.server.url}/api/preview/disable`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(/^draft_preview=; Max-Age=0;/);
  });
});

/** The stored preview secret document holding `secret` (the Studio keeps it as a draft). */
function findSecretDocument(standIn: SanityStandIn, secret: string) {
  const match = standIn.documents().find((d) => d._type === 'sanity.previewUrlSecret' && d.secret === secret);
  if (!match) throw new Error('no preview secret document');
  return match;
}

describe('draft preview switched off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('without SANITY_API_READ_TOKEN and SANITY_STUDIO_URL both routes say the preview is off (404)', async () => {
    for (const path of ['/api/preview/enable?sanity-preview-secret=abc', '/api/preview/disable']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: string }).error, path).toMatch(/preview is off/);
      expect(res.headers.get('set-cookie') ?? '', path).not.toMatch(/draft_preview=[^;]/);
    }
  });
});

describe.runIf(browserAvailable())('draft preview in Chromium', () => {
  const site = usePresentationSetUp((standIn, studioUrl) =>
    startServer({ env: { ...standInEnv(standIn, WEBHOOK_SECRET), ...previewEnv(standIn, studioUrl) } }),
  );

  const VISUAL_EDITING_CODE = /PreviewMode|VisualEditing|renderVisualEditing|LoaderComlink/;

  test('the public landing page loads none of the visual-editing code', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url());
    });
    await page.goto(`${site.server.url}/`);
    await hydrated(page);
    // Interaction loads what the page loads on demand (the signup dialog, the sliders).
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((url) => VISUAL_EDITING_CODE.test(url))).toEqual([]);
    await context.close();
  });

  test('outside the Studio a previewed page says so: "Vorschau – Entwurf · beenden" ends it', async () => {
    site.standIn.saveDraft({ ...site.standIn.document('siteSettings')!, tagline: 'Entwurf außerhalb des Studios' });
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const problems = pageProblems(page);
    const scripts: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('.js') && scripts.push(request.url())));
    await page.goto(enableUrl(site.server.url, await previewSecret(site.standIn, site.presentation.url)));
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/^Entwurf außerhalb des Studios/);
    const bar = page.getByRole('complementary', { name: 'Entwurfsvorschau' });
    await bar.waitFor();
    expect((await bar.innerText()).replace(/\s+/g, ' ')).toBe('Vorschau – Entwurf · beenden');
    expect(scripts.some((url) => VISUAL_EDITING_CODE.test(url))).toBe(true);
    if (process.env.PREVIEW_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.PREVIEW_SCREENSHOTS}/preview-bar.png` });

    await bar.getByRole('link', { name: 'beenden' }).click();
    await page.waitForURL(`${site.server.url}/`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).not.toContain('Entwurf');
    expect(await page.getByRole('complementary', { name: 'Entwurfsvorschau' }).count()).toBe(0);
    expect(problems).toEqual([]);
    site.standIn.publish(site.standIn.document('siteSettings')!, { live: false });
    await context.close();
  });

  test('in the Presentation tool: a click names the document and field, a refresh shows a saved edit without a reload', async () => {
    const settings = site.standIn.document('siteSettings')!;
    site.standIn.saveDraft({ ...settings, tagline: 'Gerahmter Entwurf' });
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = pageProblems(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(
      site.presentation.pageUrl(enableUrl(site.server.url, await previewSecret(site.standIn, site.presentation.url))),
    );
    const frame = page.frameLocator('#preview');
    const title = frame.locator('h1#intro-title');
    await expect.poll(() => title.textContent(), { timeout: 30_000 }).toMatch(/^Gerahmter Entwurf/);
    await expect
      .poll(() => page.evaluate(() => window.presentation.status.includes('connected')), { timeout: 30_000 })
      .toBe(true);
    const preview = page.frames().find((f) => f.url().startsWith(site.server.url))!;
    // Inside the Studio the preview bar stays away.
    expect(await frame.getByRole('complementary', { name: 'Entwurfsvorschau' }).count()).toBe(0);

    // Sanity's Visual Editing re-enables itself (overlays and channel) whenever the router's
    // revalidation state changes, so on a busy machine a click or a refresh can meet it between two
    // connections: each is repeated until the Studio's side has seen its effect.
    await title.hover();
    await expect
      .poll(
        async () => {
          await title.click();
          return page.evaluate(() => window.presentation.focus.length);
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    const focus = (await page.evaluate(() => window.presentation.focus[0])) as {
      id: string;
      type: string;
      path: string;
    };
    expect(focus).toMatchObject({ type: 'siteSettings', path: 'tagline' });
    expect(focus.id.replace(/^drafts\./, '')).toBe('siteSettings');
    if (process.env.PREVIEW_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.PREVIEW_SCREENSHOTS}/preview-site.presentation.png` });

    await preview.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    site.standIn.saveDraft({ ...settings, tagline: 'Gespeichert und sofort sichtbar' });
    await expect
      .poll(
        async () => {
          const text = await title.textContent();
          if (!text?.startsWith('Gespeichert')) await page.evaluate(() => window.presentation.refresh('manual'));
          return text;
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toMatch(/^Gespeichert und sofort sichtbar/);
    expect(await preview.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect.poll(() => page.evaluate(() => window.presentation.refreshed.length)).toBeGreaterThan(0);

    const violations = await Promise.all(
      page
        .frames()
        .map((f) => f.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
    );
    expect(violations.flat()).toEqual([]);
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    site.standIn.publish(settings, { live: false });
    await context.close();
  });
});
