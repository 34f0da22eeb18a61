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

export default function buildOnce(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '..', '..');
  if (process.env.E2E_BUILD_DIR) {
    // Reuse an existing build (quick iteration on tests): E2E_BUILD_DIR=build npx vitest run …
    project.provide('buildDir', path.resolve(root, process.env.E2E_BUILD_DIR));
    return;
  }
  const buildDir = path.join(root, '.test-builds', `run-${process.pid}`);
  const cli = path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs');
  execFileSync(process.execPath, [cli, 'build'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  project.provide('buildDir', buildDir);
  return () => rmSync(buildDir, { recursive: true, force: true });
}
