// Which real parts this machine offers (plain Node: the benchmarks use it too). Missing ones skip their tests loudly, and CI (which sets
// REQUIRE_POSTGRES=1 and REQUIRE_BROWSER=1) fails instead of skipping.
import { existsSync } from 'node:fs';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
/** Chromium flags for this network-less machine (without them Chromium keeps dialling out). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function requireOrSkip(what: 'postgres' | 'browser', available: boolean, howTo: string): boolean {
  if (available) return true;
  const variable = what === 'postgres' ? 'REQUIRE_POSTGRES' : 'REQUIRE_BROWSER';
  if (process.env[variable] === '1') throw new Error(`${variable}=1 but ${what} is not available: ${howTo}`);
  console.warn(`\n⚠ SKIPPING ${what} tests: ${howTo}\n`);
  return false;
}
