// Global setup of the e2e project: one production build for every browser test file, in a folder
// of its own so that parallel test runs (and a developer's `npm start`) do not overwrite each other.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    buildDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A production build for this test process: E2E_BUILD_DIR when set (quick iteration on tests),
 * else a fresh build in a folder named after `name`. `remove` deletes a fresh build again.
 */
function buildForTests(name: string): { buildDir: string; remove: () => void } {
  if (process.env.E2E_BUILD_DIR) return { buildDir: path.resolve(root, process.env.E2E_BUILD_DIR), remove: () => {} };
  const buildDir = path.join(root, '.test-builds', `${name}-${process.pid}`);
  const cli = path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs');
  execFileSync(process.execPath, [cli, 'build'], {
    cwd: root,
    // The product's build: vitest sets NODE_ENV=test, which would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { buildDir, remove: () => rmSync(buildDir, { recursive: true, force: true }) };
}

export default function buildOnce(project: TestProject) {
  const { buildDir, remove } = buildForTests('run');
  project.provide('buildDir', buildDir);
  return remove;
}
