// The legal pages, the page metadata (title, description, canonical, sharing, JSON-LD), sitemap.xml
// and robots.txt, and noindex on the private pages.
import { describe, expect, test } from 'vitest';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import { browserAvailable } from '../support/browser';
import { useLandingServer, WIDTHS } from '../support/landing';

describe.runIf(browserAvailable())('legal pages and SEO', () => {
  const site = useLandingServer();

  describe.each(WIDTHS)('at %d px', (width) => {
    test('Impressum per § 5 DDG, dated, with a way back to the start page', async () => {
      const { page, problems, close } = await site.open('/imprint', width);
      expect(await page.locator('h1').textContent()).toBe('Impressum');
      const text = await page.locator('main').innerText();
      expect(text).toContain('§ 5 DDG');
      await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
      await page.waitForURL(`${site.url}/`);
      expect(problems).toEqual([]);
      await close();
    });

    test('Datenschutz: every required section, dated Oktober 2025', async () => {
      const { page, close } = await site.open('/datenschutz', width);
      const text = await page.locator('main').innerText();
      expect(text).toContain('Oktober 2025');
      const headings = (await page.locator('main h2').allTextContents()).join('\n');
      for (const topic of [
        /Datenerfassung/,
        /Analyse/,
        /TLS/,
        /Kontakt/,
        /Newsletter/,
        /WhatsApp/,
        /Bewerbungen/,
        /Konto/,
        /Rechte/,
        /Änderungen/,
        /Fragen/,
      ]) {
        expect(headings).toMatch(topic);
      }
      expect(await page.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/');
      await close();
    });

    test('AGB: § 1 to § 11 with the business’s terms, dated Oktober 2025', async () => {
      const { page, close } = await site.open('/agb', width);
      const text = await page.locator('main').innerText();
      expect(text).toContain('Oktober 2025');
      const headings = await page.locator('main h2').allTextContents();
      for (let n = 1; n <= 11; n++) expect(headings.some((h) => h.startsWith(`§ ${n} `))).toBe(true);
      expect(text).toMatch(/14 Tage/);
      expect(text).toMatch(/48 (Stunden|h)/);
      expect(text).toMatch(/50\s?%/);
      expect(text).toMatch(/100\s?%/);
      expect(await page.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/');
      await close();
    });
  });

  test('every public page has a title, a description, a canonical URL and sharing tags', async () => {
    for (const path of PUBLIC_PAGES) {
      const { page, close } = await site.open(path, 1280);
      const meta = await page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
        twitter: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content'),
        lang: document.documentElement.lang,
      }));
      expect(meta.title.length).toBeGreaterThan(5);
      expect(meta.description?.length).toBeGreaterThan(20);
      expect(meta.canonical).toMatch(new RegExp(`^https?://[^/]+${path === '/' ? '/$' : `${path}$`}`));
      expect(meta.ogUrl).toBe(meta.canonical);
      expect(meta.ogTitle).toBe(meta.title);
      expect(meta.twitter).toMatch(/^summary/);
      expect(meta.lang).toBe('de');
      await close();
    }
  });

  test('the start page shares an image and describes the business, the five courses and the FAQ as JSON-LD', async () => {
    const { page, close } = await site.open('/', 1280);
    const image = await page.getAttribute('meta[property="og:image"]', 'content');
    expect(image).toMatch(/^https?:\/\/.+\/images\//);
    expect(await page.getAttribute('meta[name="twitter:card"]', 'content')).toBe('summary_large_image');
    const ld = (await page.$$eval('script[type="application/ld+json"]', (els) =>
      els.map((e) => JSON.parse(e.textContent!)),
    )) as {
      '@type': string;
      founder?: { name: string };
      mainEntity?: unknown[];
      name?: string;
    }[];
    const types = ld.map((d) => d['@type']);
    expect(types.filter((t) => t === 'Course')).toHaveLength(5);
    expect(types).toContain('ProfessionalService');
    expect(ld.find((d) => d['@type'] === 'ProfessionalService')?.founder?.name).toBeTruthy();
    expect(ld.find((d) => d['@type'] === 'FAQPage')?.mainEntity).toHaveLength(5);
    const titles = await page.locator('.showcase__title').allTextContents();
    expect(ld.filter((d) => d['@type'] === 'Course').map((d) => d.name)).toEqual(
      titles.map((t) => t.replace(/^\d\d\s/, '')),
    );
    await close();
  });

  test('sitemap.xml lists the public pages; robots.txt keeps the private areas out', async () => {
    const sitemap = await fetch(`${site.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(PUBLIC_PAGES);
    const robots = await fetch(`${site.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    const txt = await robots.text();
    for (const path of ['/teamdashboard', '/auth', '/konto', '/passwort-neu', '/access', '/bewerbung']) {
      expect(txt).toContain(`Disallow: ${path}\n`);
    }
    expect(txt).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  test('the team, sign-in, code and application pages carry noindex', async () => {
    // /bewerbung without a grant leads to /access, which carries noindex too.
    for (const path of ['/teamdashboard', '/auth', '/access', '/bewerbung', '/bewerbung/danke']) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    }
  });
});
