// Which real parts this machine offers. Missing ones skip their tests loudly, and CI (which sets
// REQUIRE_POSTGRES=1 and REQUIRE_BROWSER=1) fails instead of skipping.
import { existsSync } from 'node:fs';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

export function requireOrSkip(what: 'postgres' | 'browser', available: boolean, howTo: string): boolean {
  if (available) return true;
  const variable = what === 'postgres' ? 'REQUIRE_POSTGRES' : 'REQUIRE_BROWSER';
  if (process.env[variable] === '1') throw new Error(`${variable}=1 but ${what} is not available: ${howTo}`);
  console.warn(`\n⚠ SKIPPING ${what} tests: ${howTo}\n`);
  return false;
}
