// Global setup of the e2e project: one production build for every browser test file.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function buildOnce() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = path.resolve(import.meta.dirname, '..', '..');
  const cli = path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs');
  execFileSync(process.execPath, [cli, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
