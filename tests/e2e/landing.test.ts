// The landing page in Chromium at 375, 800 and 1280 px: every section in its order and
// its behaviour (header, showcase, video, before/after, sliders, FAQ).
import { describe, expect, test } from 'vitest';
import { activeStep, lineHeightPercent, showcaseProgress } from '~/lib/showcase';
import { browserAvailable } from '../support/browser';
import { hydrated } from '../support/e2e';
import { scrollTo, scrollToElement, useLandingServer, WIDTHS } from '../support/landing';

describe.runIf(browserAvailable())('landing page', () => {
  const site = useLandingServer();

  describe.each(WIDTHS)('at %d px', (width) => {
    test('shows the sections in their order, hydrates without errors', async () => {
      const { page, problems, close } = await site.open('/', width);
      const ids = await page.$$eval('main > section, main > div > section', (els) =>
        els.map((el) => el.getAttribute('aria-labelledby')),
      );
      expect(ids).toEqual([
        'intro-title',
        'showcase-title',
        'video-title',
        'before-after-title',
        'media-title',
        'questions-title',
        'learning-title',
        'switch-title',
        'faq-title',
      ]);
      await expect(page.locator('h1').count()).resolves.toBe(1);
      expect(await page.locator('h1').isVisible()).toBe(true);
      expect(await page.locator('#ueber-mich').count()).toBe(1);
      expect(await page.locator('footer.site-footer').isVisible()).toBe(true);
      expect(problems).toEqual([]);
      await close();
    });

    test('navigation links reach Produkte, Über Mich and Referenzen', async () => {
      const { page, close } = await site.open('/', width);
      for (const [label, target] of [
        ['Produkte', '#produkte'],
        ['Über Mich', '#ueber-mich'],
        ['Referenzen', '#referenzen'],
      ] as const) {
        await scrollTo(page, 0);
        if (width < 1024) {
          await page.getByLabel('Menü öffnen', { exact: true }).click();
          await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: label, exact: true }).click();
          // The menu closes after a link is chosen.
          await page.getByLabel('Menü öffnen', { exact: true }).waitFor();
        } else {
          await page
            .getByRole('navigation', { name: 'Hauptnavigation' })
            .getByRole('link', { name: label, exact: true })
            .click();
        }
        await page.waitForFunction((sel) => {
          const top = document.querySelector(sel)!.getBoundingClientRect().top;
          return top >= -2 && top < window.innerHeight / 2;
        }, target);
        expect(new URL(page.url()).hash).toBe(target);
      }
      await close();
    });

    test('the header hides after 100 px down, returns on the way up, "scrolled" at 300 px, floating logo after 200 px', async () => {
      const { page, close } = await site.open('/', width);
      const header = page.locator('header.site-header');
      const logo = page.locator('a.floating-logo');
      await scrollTo(page, 80);
      await expect.poll(() => header.getAttribute('data-hidden'), { timeout: 5000 }).toBeNull();
      await scrollTo(page, 150);
      await expect.poll(() => header.getAttribute('data-hidden'), { timeout: 5000 }).not.toBeNull();
      await expect.poll(() => header.getAttribute('data-scrolled'), { timeout: 5000 }).toBeNull();
      await expect.poll(() => logo.getAttribute('data-visible'), { timeout: 5000 }).toBeNull();
      await scrollTo(page, 250);
      await expect.poll(() => logo.getAttribute('data-visible'), { timeout: 5000 }).not.toBeNull();
      await scrollTo(page, 400);
      await expect.poll(() => header.getAttribute('data-scrolled'), { timeout: 5000 }).not.toBeNull();
      await scrollTo(page, 350);
      await expect.poll(() => header.getAttribute('data-hidden'), { timeout: 5000 }).toBeNull();
      await expect.poll(() => header.getAttribute('data-scrolled'), { timeout: 5000 }).not.toBeNull();
      // Visibly back: the header's box is at the top of the viewport again.
      await page.waitForFunction(() => document.querySelector('header.site-header')!.getBoundingClientRect().top === 0);
      await scrollTo(page, 0);
      await expect.poll(() => header.getAttribute('data-scrolled'), { timeout: 5000 }).toBeNull();
      await expect.poll(() => logo.getAttribute('data-visible'), { timeout: 5000 }).toBeNull();
      await close();
    });

    test('the "WhatsApp Gruppe" button is a signup link that opens the popup', async () => {
      const { page, close } = await site.open('/', width);
      if (width < 1024) await page.getByLabel('Menü öffnen', { exact: true }).click();
      const button = page.getByRole('link', { name: 'WhatsApp Gruppe', exact: true }).filter({ visible: true });
      expect(await button.getAttribute('href')).toBe('/mitmachen');
      await button.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.locator('input[name="userType"][value="reiter"]').isChecked()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/');
      await close();
    });

    test('the showcase follows the scroll: progress, active steps, line height, opacity', async () => {
      const { page, close } = await site.open('/', width);
      const steps = page.locator('.showcase__steps');
      for (const fraction of [0, 0.3, 0.5, 0.7, 1]) {
        // Put the steps list so that `fraction` of it has passed the 80 % line.
        const y = await page.evaluate((f) => {
          const list = document.querySelector('.showcase__steps')!;
          const rect = list.getBoundingClientRect();
          return window.scrollY + rect.top - window.innerHeight * 0.8 + rect.height * f;
        }, fraction);
        await scrollTo(page, y);
        const state = await page.evaluate(() => {
          const section = document.querySelector<HTMLElement>('#produkte')!;
          const list = section.querySelector('.showcase__steps')!.getBoundingClientRect();
          return {
            top: list.top,
            height: list.height,
            viewport: window.innerHeight,
            progress: Number(section.dataset.progress),
            active: Number(section.dataset.activeStep),
            activeCount: section.querySelectorAll('.showcase__step.is-active').length,
            line: (section.querySelector('.showcase__line') as HTMLElement).style.height,
            transition: (section.querySelector('.showcase__line') as HTMLElement).style.transition,
            opacities: [...section.querySelectorAll<HTMLElement>('.showcase__number, .showcase__title')].map((el) =>
              Number(el.style.opacity),
            ),
          };
        });
        const expected = showcaseProgress(state.top, state.height, state.viewport);
        expect(state.progress).toBeCloseTo(expected, 2);
        expect(state.active).toBe(activeStep(expected));
        expect(state.activeCount).toBe(activeStep(expected) + 1);
        expect(parseFloat(state.line)).toBeCloseTo(lineHeightPercent(expected), 0);
        expect(state.transition).toContain('0.1s');
        expect(Math.min(...state.opacities)).toBeGreaterThanOrEqual(0.2);
        if (fraction === 1) expect(state.active).toBe(4);
        if (fraction === 0) expect(state.active).toBe(0);
      }
      expect(await steps.locator(':scope > li').count()).toBe(5);
      await close();
    });

    test('the video loads from the provider only after a click on the thumbnail', async () => {
      const { page, close } = await site.open('/', width);
      const video = page.locator('.video');
      await scrollToElement(page, '.video');
      expect(await video.locator('iframe').count()).toBe(0);
      expect(await video.locator('img').count()).toBeGreaterThan(0);
      expect(await video.textContent()).toMatch(/YouTube/);
      await page.route('https://www.youtube-nocookie.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }),
      );
      await video.getByRole('link', { name: /Video abspielen/ }).click();
      const frame = video.locator('iframe');
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toMatch(
        /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1/,
      );
      await close();
    });

    test('before/after: five horses, a divider at 50 % moved by keyboard and pointer, the text follows', async () => {
      const { page, close } = await site.open('/', width);
      const section = page.locator('.before-after');
      const horses = section.locator('.horse-option input[type="radio"]');
      expect(await horses.count()).toBe(5);
      // The comparison and texts of the chosen horse are the ones shown.
      const slider = section.getByRole('slider').filter({ visible: true });
      const text = section.locator('.before-after__description').filter({ visible: true });
      const shown = section.locator('.before-after__horse').filter({ visible: true });
      const texts = async () => ({
        afterText: await shown.locator('.before-after__description[data-when="after"]').textContent(),
        beforeText: await shown.locator('.before-after__description[data-when="before"]').textContent(),
      });
      const { beforeText, afterText } = await texts();
      expect(beforeText).toBeTruthy();
      expect(beforeText).not.toBe(afterText);
      expect(await slider.getAttribute('aria-valuenow')).toBe('50');
      expect(await text.textContent()).toBe(afterText);
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      expect(await slider.getAttribute('aria-valuenow')).toBe('51');
      expect(await text.textContent()).toBe(beforeText);
      await page.keyboard.press('ArrowLeft');
      expect(await text.textContent()).toBe(afterText);
      await page.keyboard.press('End');
      expect(await slider.getAttribute('aria-valuenow')).toBe('100');
      await page.keyboard.press('ArrowRight');
      expect(await slider.getAttribute('aria-valuenow')).toBe('100');
      await page.keyboard.press('Home');
      expect(await slider.getAttribute('aria-valuenow')).toBe('0');
      expect(await text.textContent()).toBe(afterText);

      // Drag with the pointer to 80 % of the picture, then beyond its right edge (clamped to 100).
      const stage = shown.locator('.compare');
      await stage.scrollIntoViewIfNeeded();
      const box = (await stage.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 4 });
      expect(Number(await slider.getAttribute('aria-valuenow'))).toBe(80);
      expect(await text.textContent()).toBe(beforeText);
      await page.mouse.move(box.x + box.width + 50, box.y + box.height / 2, { steps: 2 });
      await page.mouse.up();
      expect(await slider.getAttribute('aria-valuenow')).toBe('100');

      // Another horse: its own comparison and texts, divider back at 50 %.
      await section.locator('.horse-option').nth(2).click();
      expect(await horses.nth(2).isChecked()).toBe(true);
      expect(await horses.nth(0).isChecked()).toBe(false);
      expect(await section.locator('.before-after__horse').filter({ visible: true }).count()).toBe(1);
      expect(await slider.getAttribute('aria-valuenow')).toBe('50');
      expect(await slider.getAttribute('aria-label')).toMatch(/: Amira$/);
      expect(await text.textContent()).toBe((await texts()).afterText);
      expect(await text.textContent()).not.toBe(afterText);
      await close();
    });

    test(`sliders show ${width >= 1024 ? 3 : width >= 768 ? 2 : 1} slide(s) and autoplay every 4000 ms, paused on hover and focus`, async () => {
      const { page, close } = await site.open('/', width);
      await page.clock.install();
      await page.reload();
      await hydrated(page);
      const expected = width >= 1024 ? 3 : width >= 768 ? 2 : 1;
      for (const id of ['#referenzen', '.learning']) {
        const slider = page.locator(`${id} .slider`);
        await slider.scrollIntoViewIfNeeded();
        await page.clock.runFor(50);
        await page.waitForFunction(
          (sel) => document.querySelector(`${sel} .slider`)?.classList.contains('is-live'),
          id,
        );
        const perView = await slider.evaluate((el) => {
          const track = el.querySelector('.slider__track')!.getBoundingClientRect().width;
          const slide = el.querySelector('.slider__slide')!.getBoundingClientRect().width;
          return Math.round(track / slide);
        });
        expect(perView).toBe(expected);
        expect(await slider.getAttribute('data-autoplay')).toBe('running');
        // Record when the current slide changes (on the page's fake clock) over three advances.
        await slider.evaluate((el) => {
          const log: number[] = [];
          (el as HTMLElement & { changes?: number[] }).changes = log;
          new MutationObserver(() => log.push(Date.now())).observe(el, { attributeFilter: ['data-current'] });
        });
        for (let i = 0; i < 16; i++) await page.clock.runFor(1000);
        const changes = await slider.evaluate((el) => (el as HTMLElement & { changes: number[] }).changes);
        expect(changes.length).toBeGreaterThanOrEqual(3);
        // Each advance starts 4000 ms after the previous slide animation ended (under a second).
        for (let i = 1; i < changes.length; i++) {
          expect(changes[i]! - changes[i - 1]!).toBeGreaterThanOrEqual(4000);
          expect(changes[i]! - changes[i - 1]!).toBeLessThan(5000);
        }
        await slider.hover();
        await page.clock.runFor(20);
        expect(await slider.getAttribute('data-autoplay')).toBe('paused');
        // A slide animation still running when the pointer arrived ends first.
        await page.clock.runFor(2000);
        const second = await slider.getAttribute('data-current');
        await page.clock.runFor(9000);
        expect(await slider.getAttribute('data-current')).toBe(second);
        await page.mouse.move(1, 1);
        await slider.getByRole('button', { name: 'Nächster Eintrag' }).focus();
        await page.clock.runFor(20);
        expect(await slider.getAttribute('data-autoplay')).toBe('paused');
        await page.clock.runFor(9000);
        expect(await slider.getAttribute('data-current')).toBe(second);
        await page.locator('body').click({ position: { x: 1, y: 1 } });
      }
      await close();
    });

    test('FAQ: five items, one open at a time', async () => {
      const { page, close } = await site.open('/', width);
      const items = page.locator('.faq details');
      expect(await items.count()).toBe(5);
      const open = () => items.evaluateAll((els) => els.map((d) => (d as HTMLDetailsElement).open));
      expect(await open()).toEqual([false, false, false, false, false]);
      await items.nth(0).locator('summary').click();
      expect(await open()).toEqual([true, false, false, false, false]);
      const panel = items.nth(0).locator('.accordion__panel');
      expect(await panel.isVisible()).toBe(true);
      await items.nth(3).locator('summary').click();
      expect(await open()).toEqual([false, false, false, true, false]);
      expect(await panel.isVisible()).toBe(false);
      await items.nth(3).locator('summary').click();
      expect(await open()).toEqual([false, false, false, false, false]);
      await close();
    });

    test('rider/trainer switch: the call to action opens the popup with the chosen type, price 0 €', async () => {
      const { page, close } = await site.open('/', width);
      const section = page.locator('section.switch');
      await scrollToElement(page, 'section.switch');
      expect(await section.locator('.switch__price-amount').filter({ visible: true }).textContent()).toBe('0\u00a0€');
      const choices = section.getByRole('radio');
      expect(await section.locator('.switch__option').allTextContents()).toEqual(['Reiterin', 'Trainerin']);
      expect(await choices.nth(0).isChecked()).toBe(true);
      await section.locator('.switch__option', { hasText: 'Trainerin' }).click();
      expect(await section.getByRole('radio', { name: 'Trainerin' }).isChecked()).toBe(true);
      const cta = section.locator('.switch__panel').filter({ visible: true }).getByRole('link');
      expect(await cta.count()).toBe(1);
      expect(await cta.getAttribute('href')).toBe('/mitmachen?typ=trainer');
      await cta.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.locator('input[name="userType"][value="trainer"]').isChecked()).toBe(true);
      await close();
    });

    test('the footer links to the legal pages and the photo network', async () => {
      const { page, close } = await site.open('/', width);
      const footer = page.locator('footer.site-footer');
      const hrefs = await footer.getByRole('link').evaluateAll((els) => els.map((a) => a.getAttribute('href')));
      expect(hrefs.slice(0, 3)).toEqual(['/imprint', '/datenschutz', '/agb']);
      expect(hrefs[3]).toMatch(/^https:\/\//);
      await footer.getByRole('link', { name: 'Impressum' }).click();
      await page.waitForURL(`${site.url}/imprint`);
      expect(await page.locator('h1').textContent()).toBe('Impressum');
      await close();
    });
  });

  test('the phone menu moves focus in, closes with Escape and returns focus to its button', async () => {
    const { page, close } = await site.open('/', 375);
    const toggle = page.getByLabel('Menü öffnen', { exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const opened = page.getByLabel('Menü schließen', { exact: true });
    expect(await opened.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Menü' });
    expect(await menu.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Produkte');
    expect(await menu.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Produkte', 'Über Mich', 'Referenzen', 'WhatsApp Gruppe']),
    );
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(
      await toggle.getAttribute('aria-controls'),
    );
    await close();
  });

  // A phone that has not hydrated yet (slow network and CPU) or runs no JavaScript: the menu
  // button must still open the menu, and its links must work.
  for (const [name, options, hydrate] of [
    ['without JavaScript', { javaScriptEnabled: false }, true],
    ['before hydration', {}, false],
  ] as const) {
    test(`${name} at 375 px the phone menu opens and its links work`, async () => {
      const { page, close } = await site.open('/', 375, options, { hydrate });
      const toggle = page.getByLabel('Menü öffnen', { exact: true });
      const menu = page.getByRole('navigation', { name: 'Menü' });
      expect(await menu.isVisible()).toBe(false);
      await toggle.click();
      await menu.waitFor();
      expect(await menu.getByRole('link').allTextContents()).toEqual(
        expect.arrayContaining(['Produkte', 'Über Mich', 'Referenzen', 'WhatsApp Gruppe']),
      );
      await toggle.click();
      await menu.waitFor({ state: 'hidden' });
      await toggle.click();
      await menu.getByRole('link', { name: 'WhatsApp Gruppe' }).click();
      await page.waitForURL(`${site.url}/mitmachen`);
      await close();
    });
  }
});
