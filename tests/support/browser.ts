// Debian's Chromium driven by playwright-core. Never `npx playwright install` (no network).
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, hasChromium, requireOrSkip } from './requirements';

export const browserAvailable = () =>
  requireOrSkip(
    'browser',
    hasChromium,
    `no Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
  );

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
}
