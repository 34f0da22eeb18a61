// Global setup of the e2e and built-server projects: one production build for every test file that
// runs the built server, in a folder of its own so that parallel test runs (and a developer's
// `npm start`) do not overwrite each other. Both projects in one run share the build (vitest runs
// their global setups in its main process, each with its own copy of this module, hence globalThis):
// the first setup builds, the last teardown removes.
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

interface SharedBuild {
  buildDir: string;
  remove: () => void;
  users: number;
}
const shared = globalThis as { testBuild?: SharedBuild };

export default function buildOnce(project: TestProject) {
  const build = (shared.testBuild ??= { ...buildForTests('run'), users: 0 });
  build.users++;
  project.provide('buildDir', build.buildDir);
  return () => {
    if (--build.users > 0) return;
    shared.testBuild = undefined;
    build.remove();
  };
}
