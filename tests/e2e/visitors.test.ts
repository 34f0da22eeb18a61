// What a visitor, an applicant or an account holder trips over, checked by element boxes and
// computed styles in Chromium at 375×812 and 1280×800, with JavaScript, without it, and before the
// page's scripts have run: readable buttons, a floating logo and a header that cover no text,
// controls that work without scripts, messages where the person is, typography, legal pages that
// are no dead end, a brand on every page, the popup's focus and its messages, and the start page's
// first screen.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '~/copy/account';
import { SIGNUP_MESSAGES } from '~/copy/signup';
import { browserAvailable } from '../support/browser';
import { hydrated, useBrowserHarness } from '../support/e2e';

const PASSWORD = 'pferd-und-reiter-2026';
const SIZES = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;
/** The three ways a page is seen: hydrated, without JavaScript, and before its scripts have run. */
type Mode = 'hydrated' | 'no JavaScript' | 'not hydrated yet';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string) {
  const luminance = (css: string) => {
    const [r, g, b] = css
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number) as [number, number, number];
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A link's own text colour against its own background. */
const linkContrast = (page: Page, name: string) =>
  page
    .getByRole('link', { name, exact: true })
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, background: style.backgroundColor };
    })
    .then(({ color, background }) => ({ color, background, ratio: contrast(color, background) }));

describe.runIf(browserAvailable())('what visitors trip over', () => {
  const site = useBrowserHarness({ smtp: true, env: { AUTH_RATE_LIMIT: '1000' } });

  /** A page at `path`: hydrated, without JavaScript, or with its script files held back. */
  async function open(path: string, mode: Mode = 'hydrated', size: { width: number; height: number } = SIZES[1]) {
    const context = await site.newContext({ viewport: size, javaScriptEnabled: mode !== 'no JavaScript' });
    if (mode === 'not hydrated yet') await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
    const page = await context.newPage();
    // Generous: on a busy machine the page's modules (loaded after its first paint) can take a while.
    page.setDefaultTimeout(20_000);
    await page.goto(`${site.url}${path}`);
    if (mode === 'hydrated') await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    return page;
  }
  // Without JavaScript the page runs no animation frames: a short wait lets the scroll handlers run.
  const scroll = async (page: Page, y: number) => {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(80);
  };

  /** Signs up, then in (a sign-up does not sign in: the address may belong to someone else). */
  async function signUp(page: Page, address: string) {
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.locator('.account-notice').getByText(AUTH_MESSAGES.signedUp).waitFor();
    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('link', { name: 'Zu deinem Konto' }).waitFor();
  }
  const email = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.org`;

  describe('1: the next step after signing up or resetting is readable', () => {
    for (const mode of ['hydrated', 'no JavaScript'] as const) {
      test(`${mode}: "Zu deinem Konto" on /auth and "Jetzt anmelden" on /passwort-neu`, async () => {
        const address = email('lesbar');
        const page = await open('/auth?mode=sign-up', mode, SIZES[0]);
        await signUp(page, address);
        const account = await linkContrast(page, 'Zu deinem Konto');
        expect(account.color, 'text and pill differ').not.toBe(account.background);
        expect(account.ratio).toBeGreaterThanOrEqual(4.5);

        const reset = await open('/auth', mode, SIZES[0]);
        await reset.getByLabel('Email').fill(address);
        await reset.getByRole('button', { name: 'Forgot Password?' }).click();
        await reset.locator('.account-notice').getByText(AUTH_MESSAGES.resetSent).waitFor();
        const mail = await site.smtp.waitFor((m) => m.to.includes(address) && /neues Passwort/.test(m.subject));
        const link = new URL(mail.links.find((l) => l.includes('/passwort-neu'))!);
        await reset.goto(`${site.url}${link.pathname}${link.search}`);
        if (mode === 'hydrated') await hydrated(reset);
        await reset.getByLabel('Dein neues Passwort').fill('ein-ganz-neues-passwort');
        await reset.getByRole('button', { name: 'Passwort speichern' }).click();
        await reset.getByText('Dein neues Passwort gilt.', { exact: false }).waitFor();
        const signIn = await linkContrast(reset, 'Jetzt anmelden');
        expect(signIn.ratio).toBeGreaterThanOrEqual(4.5);
      });
    }
  });

  describe.each(SIZES)('at $width×$height', (size) => {
    test('2: the floating logo keeps to the strip the header leaves, and covers no text being read', async () => {
      const page = await open('/', 'hydrated', size);
      const band = await page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().height);
      const logo = page.locator('a.floating-logo');
      const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      let seen = 0;
      for (let y = 0; y <= end + 400; y += 350) {
        await scroll(page, Math.min(y, end));
        const visible = await logo.evaluate((el) => getComputedStyle(el).visibility === 'visible');
        if (!visible) continue;
        seen++;
        const box = (await logo.boundingBox())!;
        expect(box.y + box.height, `at ${y} px the logo stays in the header's strip`).toBeLessThanOrEqual(band);
      }
      expect(seen, 'the logo appeared while scrolling down').toBeGreaterThan(3);
      // What the logo used to cover, each where it is read (below the header's strip).
      for (const selector of [
        '#ueber-mich .prose p',
        '.horse-option',
        '.before-after__caption',
        '.faq summary',
        '.site-footer__copy',
      ]) {
        const target = page.locator(selector).filter({ visible: true }).first();
        await target.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
        await scroll(page, (await page.evaluate(() => window.scrollY)) + 1);
        const shown = await logo.evaluate((el) => getComputedStyle(el).visibility === 'visible');
        const [a, b] = [await logo.boundingBox(), await target.boundingBox()];
        if (shown && b!.y >= band) expect(overlaps(a!, b!), selector).toBe(false);
      }
    });

    test('3: without JavaScript and before it runs, the header lies on no text', async () => {
      for (const mode of ['no JavaScript', 'not hydrated yet'] as const) {
        const page = await open('/', mode, size);
        for (const y of [600, 2400]) {
          await scroll(page, y);
          const header = await page.locator('header.site-header').boundingBox();
          expect(header!.y + header!.height, `${mode}, at ${y} px`).toBeLessThanOrEqual(0);
        }
        await page.context().close();
      }
    });

    test('3: without JavaScript and before it runs, the switch, the horses and the FAQ work and say their state', async () => {
      for (const mode of ['no JavaScript', 'not hydrated yet'] as const) {
        const page = await open('/', mode, size);
        const visiblePanels = () =>
          page
            .locator('.switch__panel')
            .evaluateAll((panels) =>
              panels.filter((p) => (p as HTMLElement).offsetParent !== null).map((p) => p.getAttribute('data-panel')),
            );
        expect(await visiblePanels()).toEqual(['reiter']);
        await page.locator('.switch__option', { hasText: 'Trainerin' }).click();
        expect(await visiblePanels(), mode).toEqual(['trainer']);

        const shown = () =>
          page
            .locator('.before-after__horse')
            .evaluateAll((els) =>
              els.map((el, i) => ((el as HTMLElement).offsetParent !== null ? i : -1)).filter((i) => i >= 0),
            );
        expect(await shown()).toEqual([0]);
        await page.locator('.horse-option').nth(2).click();
        expect(await shown(), mode).toEqual([2]);
        expect(await page.locator('.before-after__horse').nth(2).locator('img').first().isVisible()).toBe(true);

        // Every FAQ item's sign says its state: a plus while closed, a minus while open.
        const signs = () =>
          page.locator('.faq details').evaluateAll((items) =>
            items.map((d) => {
              const bar = getComputedStyle(d.querySelector('.accordion__icon')!, '::after').transform;
              const minus = bar === 'none' || bar === 'matrix(1, 0, 0, 1, 0, 0)';
              return `${(d as HTMLDetailsElement).open ? 'open' : 'closed'}:${minus ? '−' : '+'}`;
            }),
          );
        expect(await signs()).toEqual(Array(5).fill('closed:+'));
        await page.locator('.faq summary').nth(1).click();
        // The sign turns in 400 ms; on a busy machine the transition can start late, so wait for it to settle.
        await expect
          .poll(signs, { message: mode, timeout: 10_000 })
          .toEqual(['closed:+', 'open:−', 'closed:+', 'closed:+', 'closed:+']);
        await page.context().close();
      }
    });

    test('14: the call to action is in the first screen, the founder’s name once', async () => {
      const page = await open('/', 'hydrated', size);
      const cta = page.locator('.hero__actions .button--primary');
      const box = (await cta.boundingBox())!;
      expect(box.y + box.height, 'the call to action ends on the first screen').toBeLessThanOrEqual(size.height);
      // The founder's name is said once in the first screen (the header's brand), not three times.
      const names = await page.evaluate(() => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        let count = 0;
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!/Lena Hartmann/.test(n.textContent ?? '')) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          const rect = range.getBoundingClientRect();
          if (rect.height > 0 && rect.top < window.innerHeight && n.parentElement!.checkVisibility()) count++;
        }
        return count;
      });
      expect(names).toBeLessThanOrEqual(1);
    });

    test('14: the hidden header leaves no hairline or shadow at the top edge', async () => {
      const page = await open('/', 'hydrated', size);
      await scroll(page, 200);
      await scroll(page, 900);
      const header = page.locator('header.site-header');
      await expect.poll(() => header.getAttribute('data-hidden')).not.toBeNull();
      // Every shadow and line of the header, its button's included, is above the viewport once its
      // slide-out has finished (polled: on a busy machine the transition can take longer than it says).
      const lowest = () =>
        page.evaluate(() => {
          let bottom = -Infinity;
          for (const el of [document.querySelector('.site-header')!, ...document.querySelectorAll('.site-header *')]) {
            const rect = el.getBoundingClientRect();
            // The closed phone menu's panel is laid out but not shown (a closed <details>).
            if (!rect.width || !el.checkVisibility({ visibilityProperty: true })) continue;
            const shadow = getComputedStyle(el).boxShadow;
            const reach =
              shadow === 'none'
                ? 0
                : Math.max(
                    ...[...shadow.matchAll(/(-?[\d.]+)px (-?[\d.]+)px (-?[\d.]+)px(?: (-?[\d.]+)px)?/g)].map(
                      ([, , y, blur, spread]) => Number(y) + Number(blur) + Number(spread ?? 0),
                    ),
                  );
            bottom = Math.max(bottom, rect.bottom + reach);
          }
          return bottom;
        });
      await expect.poll(lowest, { timeout: 10_000 }).toBeLessThanOrEqual(0);
    });

    test('6: lining figures where numbers matter; no heading line starts with a dash; "E-Mail" never breaks', async () => {
      const page = await open('/', 'hydrated', size);
      const title = page.locator('.showcase__title', { hasText: '1:1 EXKLUSIV' });
      expect(await title.evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toContain('lining-nums');
      expect(await page.locator('.showcase__title', { hasText: 'PERFECTION' }).textContent()).toContain('RIDER’S');
      for (const path of ['/', '/datenschutz', '/agb', '/imprint', '/mitmachen', '/newsletter/abmelden?token=x']) {
        await page.goto(`${site.url}${path}`);
        await page.evaluate(() => document.fonts.ready);
        const problems = await page.evaluate(() => {
          const found: string[] = [];
          const lineStarts = (el: Element, index: (text: string) => number[]) => {
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              for (const i of index(n.textContent!)) {
                const r = document.createRange();
                r.setStart(n, i);
                r.setEnd(n, i + 1);
                const rect = r.getBoundingClientRect();
                if (!rect.width) continue;
                const line = document.createRange();
                line.selectNodeContents(el);
                const left = Math.min(
                  ...[...line.getClientRects()].filter((x) => Math.abs(x.top - rect.top) < 2).map((x) => x.left),
                );
                if (Math.abs(rect.left - left) < 1)
                  found.push(`line starts with "${n.textContent![i]}": ${el.textContent}`);
              }
            }
          };
          for (const h of document.querySelectorAll('h1, h2, h3')) {
            if (!(h as HTMLElement).checkVisibility()) continue;
            lineStarts(h, (t) => [...t.matchAll(/[–—]/g)].map((m) => m.index!));
          }
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            for (const m of n.textContent!.matchAll(/E-Mail/g)) {
              const r = document.createRange();
              r.setStart(n, m.index!);
              r.setEnd(n, m.index! + 6);
              const tops = new Set([...r.getClientRects()].filter((x) => x.width).map((x) => Math.round(x.top)));
              if (tops.size > 1) found.push(`"E-Mail" broken: ${n.textContent!.slice(m.index! - 20, m.index! + 20)}`);
            }
          }
          return found;
        });
        expect(problems, path).toEqual([]);
      }
      const tenth = page.locator('h2', { hasText: /^§ 10 / });
      await page.goto(`${site.url}/agb`);
      expect(await tenth.evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toContain('lining-nums');
    });

    test('8: /auth, /access, /mitmachen and the 404 page carry the brand', async () => {
      for (const path of ['/auth', '/access', '/mitmachen', '/gibt-es-nicht']) {
        const page = await open(path, 'no JavaScript', size);
        const brand = page.locator('a.site-brand');
        expect(await brand.getAttribute('href'), path).toBe('/');
        expect(await brand.textContent()).toBe('Lena Hartmann');
        expect(await brand.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
        const box = (await brand.boundingBox())!;
        expect(box.y, `${path}: at the top`).toBeLessThan(120);
        await page.context().close();
      }
    });
  });

  test('4: a wrong password on /konto is said at the delete form, where the person is; the button looks dangerous', async () => {
    for (const mode of ['hydrated', 'no JavaScript'] as const) {
      const page = await open('/auth?mode=sign-up', mode, SIZES[0]);
      await signUp(page, email('loeschen'));
      await page.goto(`${site.url}/konto`);
      if (mode === 'hydrated') await hydrated(page);
      const remove = page.getByRole('button', { name: 'Konto endgültig löschen' });
      const primary = page.getByRole('button', { name: 'Bestätigungslink erneut senden' });
      const [danger, usual] = await Promise.all([
        remove.evaluate((el) => getComputedStyle(el).backgroundColor),
        primary.evaluate((el) => getComputedStyle(el).backgroundColor),
      ]);
      expect(danger).not.toBe(usual);
      expect(danger).toBe('rgb(155, 44, 31)');
      await page.getByLabel('Dein Passwort zur Bestätigung').fill('falsches-passwort');
      await remove.click();
      const message = page.locator('#konto-delete').getByText('Das Passwort stimmt nicht.');
      await message.waitFor();
      // In view: scrolled there (JavaScript) or opened at the form's anchor (a plain form post).
      await expect
        .poll(async () => {
          const box = (await message.boundingBox())!;
          return box.y >= 0 && box.y + box.height <= SIZES[0].height;
        })
        .toBe(true);
      expect(await page.locator('.account-notice--error').count(), 'not (only) at the top').toBe(0);
      expect(await page.getByLabel('Dein Passwort zur Bestätigung').getAttribute('aria-invalid')).toBe('true');
      if (mode === 'hydrated') expect(await page.evaluate(() => document.activeElement?.id)).toBe('konto-password');
      await page.context().close();
    }
  });

  test('5: the newsletter confirm and unsubscribe pages have the site’s buttons, not the browser’s', async () => {
    const address = email('knopf');
    const res = await fetch(`${site.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userType: 'reiter', name: 'Knopf Test', email: address, newsletterOptIn: true }),
    });
    expect(res.status).toBe(201);
    const mail = await site.smtp.waitFor((m) => m.to.includes(address) && /Newsletter/.test(m.subject));
    for (const path of ['/newsletter/bestaetigen', '/newsletter/abmelden']) {
      const link = new URL(mail.links.find((l) => l.includes(path))!);
      const page = await open(`${link.pathname}${link.search}`, 'no JavaScript', SIZES[0]);
      const style = await page
        .locator('main form button')
        .evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));
      expect(style.bg, path).toBe('rgb(31, 58, 46)');
      expect(contrast(style.bg, style.color)).toBeGreaterThanOrEqual(4.5);
      await page.context().close();
    }
  });

  test('7: the legal pages link each other and the way back; the privacy statement links the imprint; /impressum redirects', async () => {
    for (const path of ['/imprint', '/datenschutz', '/agb']) {
      const page = await open(path, 'no JavaScript', SIZES[0]);
      const nav = page.getByRole('navigation', { name: 'Rechtliches' });
      expect(await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
        '/imprint',
        '/datenschutz',
        '/agb',
      ]);
      expect(await nav.locator('[aria-current="page"]').getAttribute('href')).toBe(path);
      expect(
        await page.locator('.legal__footer').getByRole('link', { name: 'Zur Startseite' }).getAttribute('href'),
      ).toBe('/');
      await page.context().close();
    }
    const privacy = await open('/datenschutz', 'no JavaScript', SIZES[1]);
    expect(
      await privacy.locator('main .prose').getByRole('link', { name: 'Impressum' }).first().getAttribute('href'),
    ).toBe('/imprint');
    const redirect = await fetch(`${site.url}/impressum`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/imprint');
  });

  /** The popup, opened from the hero's call to action. */
  async function popup() {
    const page = await open('/', 'hydrated', SIZES[0]);
    await page
      .locator('.hero__actions')
      .getByRole('link', { name: /beitreten/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    return { page, dialog };
  }

  test('9: the popup opens with focus on the name field', async () => {
    const { page } = await popup();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('name');
  });

  test('9: an e-mail error goes once the address is corrected', async () => {
    const { dialog } = await popup();
    await dialog.getByLabel('Dein Name').fill('Marie');
    const address = dialog.getByLabel('Deine E-Mail-Adresse');
    await address.fill('marie.example.org');
    // The button looks inactive until the address has an @; Enter still sends, and says why not.
    await address.press('Enter');
    await dialog.getByRole('alert').getByText(SIGNUP_MESSAGES.email).waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    await address.fill('marie@example.org');
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(0);
    expect(await address.getAttribute('aria-invalid')).toBeNull();
  });

  test('one round trip: / is at most 14 KB with brotli and says its texts once (no copy for hydration)', async () => {
    const res = await fetch(`${site.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    const bytes = Number(res.headers.get('content-length'));
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(bytes).toBeLessThanOrEqual(14 * 1024);
    const html = await res.text();
    // A horse's story and the quote: in the HTML, and not again in the route data.
    for (const text of ['Luna lief fest im Rücken', 'Wahre Harmonie entsteht']) {
      expect(html.split(text).length - 1, text).toBe(1);
    }
  });

  test('the start page hydrates without a change to what it shows, and without errors', async () => {
    const context = await site.newContext({ viewport: SIZES[0] });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${site.url}/`);
    const before = await page.evaluate(() => document.querySelector('body')!.innerText);
    await hydrated(page);
    expect(await page.evaluate(() => document.querySelector('body')!.innerText)).toBe(before);
    expect(problems).toEqual([]);
  });
});
