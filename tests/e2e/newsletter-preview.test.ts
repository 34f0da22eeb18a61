// The founder's newsletter as the mail will look: the Presentation tool shows a draft on
// /newsletter/vorschau/<id> (only with the preview cookie; without one the page does not exist),
// with the problems that keep it from being sent. And the sample newsletter's HTML in Chromium at
// phone and mail widths, light and dark: nothing scrolls sideways, the images load from the site,
// the dark colours apply, axe finds nothing serious. Screenshots go to NEWSLETTER_SCREENSHOTS when set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { stegaClean } from '@sanity/client/stega';
import { beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/axe';
import { browserAvailable } from '../support/browser';
import { pageProblems } from '../support/e2e';
import { enableUrl, previewSecret } from '../support/presentation';
import { freePort } from '../support/private-postgres';
import { previewEnv, standInEnv, type SanityStandIn } from '../support/sanity-standin';
import { startServer, usePresentationSetUp, useServerOnStandIn } from '../support/server';

const WEBHOOK_SECRET = 'webhook-secret-for-newsletter-tests';
const SAMPLE = 'newsletter-sitz';
const PREVIEW = `/newsletter/vorschau/${SAMPLE}`;
const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0];

/** The mail of a preview page: its frame's srcdoc, unescaped. */
function mailOf(page: string): string | undefined {
  const srcdoc = /<iframe[^>]*srcDoc="([^"]*)"/i.exec(page)?.[1];
  return srcdoc
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The server with PUBLIC_URL on its own address (test servers otherwise run without one): the mail's
 * links and images name PUBLIC_URL, and the browser loads them from there.
 */
async function startMailServer(env: Record<string, string>) {
  const port = String(await freePort());
  return startServer({ env: { ...env, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` } });
}

async function enabledCookie(standIn: SanityStandIn, siteUrl: string, studio: string, pathname = PREVIEW) {
  const res = await fetch(enableUrl(siteUrl, await previewSecret(standIn, studio), pathname), { redirect: 'manual' });
  expect(res.status).toBe(307);
  return cookieOf(res)!;
}

describe('the newsletter preview (HTTP)', () => {
  const STUDIO = 'http://127.0.0.1:3333';
  const site = useServerOnStandIn((standIn) =>
    startMailServer({ ...standInEnv(standIn, WEBHOOK_SECRET), ...previewEnv(standIn, STUDIO) }),
  );

  test('without a valid preview cookie the page does not exist: 404, unframeable, no newsletter in it', async () => {
    const subject = site.standIn.document(SAMPLE)!.subject as string;
    for (const cookie of [undefined, 'draft_preview=forged.signature']) {
      for (const url of [PREVIEW, `${PREVIEW}.data`, '/newsletter/vorschau/unbekannt']) {
        const res = await fetch(`${site.server.url}${url}`, { headers: cookie ? { cookie } : {} });
        expect(res.status, url).toBe(404);
        expect(res.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
        expect(res.headers.get('x-frame-options'), url).toBe('DENY');
        expect(await res.text(), url).not.toContain(subject.slice(0, 20));
      }
    }
  });

  test('with the cookie: the draft as the mail, per request, framed by the Studio only, never stored', async () => {
    const sample = site.standIn.document(SAMPLE)!;
    site.standIn.saveDraft({ ...sample, subject: 'Entwurf: Sitzen & Schwingen' });
    const cookie = await enabledCookie(site.standIn, site.server.url, STUDIO);
    const res = await fetch(`${site.server.url}${PREVIEW}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${STUDIO}`);
    const page = await res.text();
    const mail = mailOf(page)!;
    expect(mail).toContain('<title>Entwurf: Sitzen &amp; Schwingen</title>');
    // The mail as the reader gets it: no stega marks (they would break links), the footer, the button.
    expect(stegaClean(mail)).toBe(mail);
    expect(mail).toContain('Vom Newsletter abmelden');
    expect(mail).toContain(`href="${site.server.url}/gruppe/reiter"`);
    expect(page).toContain('Die E-Mail als reiner Text');
    // Its image: a JPEG rendition from the site's own origin.
    const src = /<img[^>]*src="([^"]+)"/.exec(mail)![1]!;
    expect(src).toMatch(new RegExp(`^${site.server.url}/images/[a-f0-9]{40}-1200x900-1200\\.jpg$`));
    const image = await fetch(src);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(5_000);

    // Per request: a further edit shows at once.
    site.standIn.saveDraft({ ...sample, subject: 'Noch einmal geändert' });
    expect(await (await fetch(`${site.server.url}${PREVIEW}`, { headers: { cookie } })).text()).toContain(
      'Noch einmal geändert',
    );
    site.standIn.publish(sample, { live: false });
  });

  test('a draft that cannot be sent lists its problems in German, and shows no mail', async () => {
    const sample = site.standIn.document(SAMPLE)!;
    const body = sample.body as { _type: string; markDefs?: { href: string }[] }[];
    const linked = body.findIndex((part) => part.markDefs?.length);
    const broken = structuredClone(body);
    broken[linked]!.markDefs![0]!.href = 'javascript:alert(1)';
    site.standIn.saveDraft({ ...sample, subject: 'x'.repeat(95), body: broken });
    const cookie = await enabledCookie(site.standIn, site.server.url, STUDIO);
    const page = await (await fetch(`${site.server.url}${PREVIEW}`, { headers: { cookie } })).text();
    expect(page).toContain('So kann der Newsletter noch nicht verschickt werden');
    expect(page).toContain('Betreff: Der Betreff ist 95 Zeichen lang; höchstens 90 passen in die Betreffzeile.');
    expect(page).toContain(`Text, Abschnitt ${linked + 1} (Absatz): Der Link „javascript:alert(1)“ ist nicht erlaubt`);
    expect(mailOf(page)).toBeUndefined();
    expect(page).not.toContain('href="javascript:');
    site.standIn.publish(sample, { live: false });
  });

  test('a newsletter that does not exist: a German notice, not an error', async () => {
    const cookie = await enabledCookie(site.standIn, site.server.url, STUDIO, '/newsletter/vorschau/gibt-es-nicht');
    const res = await fetch(`${site.server.url}/newsletter/vorschau/gibt-es-nicht`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Diesen Newsletter gibt es nicht (mehr).');
  });
});

describe.runIf(browserAvailable())('the newsletter mail in Chromium', () => {
  const screenshots = process.env.NEWSLETTER_SCREENSHOTS;
  const site = usePresentationSetUp((standIn, studioUrl) =>
    startMailServer({ ...standInEnv(standIn, WEBHOOK_SECRET), ...previewEnv(standIn, studioUrl) }),
  );
  beforeAll(() => {
    if (screenshots) mkdirSync(screenshots, { recursive: true });
  });

  test('in the Presentation tool: the mail in its frame with its image, refreshed after a save', async () => {
    const sample = site.standIn.document(SAMPLE)!;
    site.standIn.saveDraft({ ...sample, subject: 'Gerahmter Newsletter' });
    const context = await site.browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const problems = pageProblems(page);
    await page.goto(
      site.presentation.pageUrl(
        enableUrl(site.server.url, await previewSecret(site.standIn, site.presentation.url), PREVIEW),
      ),
    );
    const frame = page.frameLocator('#preview');
    const subject = frame.locator('.newsletter-preview__facts dd').first();
    await expect.poll(() => subject.textContent(), { timeout: 30_000 }).toBe('Gerahmter Newsletter');
    await expect
      .poll(() => page.evaluate(() => window.presentation.status.includes('connected')), { timeout: 30_000 })
      .toBe(true);
    const mail = frame.frameLocator('iframe.newsletter-preview__mail');
    await expect.poll(() => mail.locator('h2').first().textContent()).toBe('Bewegung beginnt bei dir');
    await expect
      .poll(() => mail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1200);
    // The frame grows with the mail: the mail itself never scrolls.
    const heights = await mail
      .locator('html')
      .evaluate((html) => [html.scrollHeight, window.frameElement!.getBoundingClientRect().height]);
    expect(heights[1]).toBeGreaterThanOrEqual(heights[0]! - 1);
    if (screenshots) await page.screenshot({ path: path.join(screenshots, 'presentation.png') });

    site.standIn.saveDraft({ ...sample, subject: 'Gespeichert und sofort sichtbar' });
    await expect
      .poll(
        async () => {
          const text = await subject.textContent();
          if (text !== 'Gespeichert und sofort sichtbar')
            await page.evaluate(() => window.presentation.refresh('manual'));
          return text;
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toBe('Gespeichert und sofort sichtbar');
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    site.standIn.publish(sample, { live: false });
    await context.close();
  });

  test('the sample mail from 320 to 600 px, light and dark: readable, its image loaded, nothing sideways', async () => {
    const cookie = await enabledCookie(site.standIn, site.server.url, site.presentation.url);
    const html = mailOf(await (await fetch(`${site.server.url}${PREVIEW}`, { headers: { cookie } })).text())!;
    const LIGHT = { card: 'rgb(251, 249, 245)', text: 'rgb(38, 41, 43)' };
    const DARK = { card: 'rgb(24, 34, 29)', text: 'rgb(236, 230, 218)' };
    for (const width of [320, 375, 600]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const where = `${width} px, ${colorScheme}`;
        const context = await site.browser.newContext({ viewport: { width, height: 900 }, colorScheme });
        const page = await context.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        const facts = await page.evaluate(() => {
          const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
          const img = document.querySelector('img')!;
          return {
            scrollWidth: document.documentElement.scrollWidth,
            card: style('.nl-card').backgroundColor,
            text: style('.nl-text').color,
            image: img.complete ? img.naturalWidth : 0,
            imageWidth: img.getBoundingClientRect().width,
            fontSize: style('.nl-text').fontSize,
          };
        });
        expect(facts.scrollWidth, where).toBeLessThanOrEqual(width);
        expect(facts.image, where).toBe(1200);
        expect(facts.imageWidth, where).toBeLessThanOrEqual(width - 16);
        expect(facts.fontSize, where).toBe('16px');
        const colours = colorScheme === 'dark' ? DARK : LIGHT;
        expect({ card: facts.card, text: facts.text }, where).toEqual(colours);
        expect(await seriousViolations(page), where).toEqual([]);
        if (screenshots && width !== 320)
          await page.screenshot({ path: path.join(screenshots, `mail-${width}-${colorScheme}.png`), fullPage: true });
        await context.close();
      }
    }
  });
});
