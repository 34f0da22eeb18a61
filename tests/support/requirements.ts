// Which real parts this machine offers (plain Node: the benchmarks use it too). Missing ones skip their tests loudly, and CI (which sets
// REQUIRE_POSTGRES=1, REQUIRE_BROWSER=1, REQUIRE_JAVA=1 and REQUIRE_CONTAINERS=1) fails instead of skipping.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

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

/** The W3C Nu HTML checker as the npm package vnu-jar ships it (its postinstall download is not needed). */
export const VNU_JAR = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  'vnu-jar',
  'build',
  'dist',
  'vnu.jar',
);
/** Whether a Java runtime and the checker's jar are here. */
export const hasJava = () => existsSync(VNU_JAR) && spawnSync('java', ['-version']).status === 0;

const REQUIRE_VARIABLE = {
  postgres: 'REQUIRE_POSTGRES',
  browser: 'REQUIRE_BROWSER',
  java: 'REQUIRE_JAVA',
  containers: 'REQUIRE_CONTAINERS',
} as const;

export function requireOrSkip(what: keyof typeof REQUIRE_VARIABLE, available: boolean, howTo: string): boolean {
  if (available) return true;
  const variable = REQUIRE_VARIABLE[what];
  if (process.env[variable] === '1') throw new Error(`${variable}=1 but ${what} is not available: ${howTo}`);
  console.warn(`\n⚠ SKIPPING ${what} tests: ${howTo}\n`);
  return false;
}
