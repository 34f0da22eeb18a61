// `npm test`: every test (unit, integration on PGlite and PostgreSQL and against the built server,
// e2e in Chromium).
// Missing PostgreSQL or Chromium skips those tests with a loud note (CI requires both).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const notes = [];
if (!process.env.TEST_DATABASE_URL)
  notes.push(
    'PostgreSQL tests: SKIPPED. Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them.',
  );
if (!existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'))
  notes.push('Browser tests: SKIPPED. Install Chromium (apt-get install -y chromium) or set CHROMIUM_PATH.');
if (spawnSync('podman', ['image', 'exists', 'docker.io/library/node:24-bookworm-slim']).status !== 0)
  notes.push(
    'Container tests: SKIPPED. Install podman (apt-get install -y podman runc podman-compose debootstrap) and run scripts/containers/build-base-images.sh.',
  );
if (spawnSync('java', ['-version']).status !== 0)
  notes.push('HTML validity test: SKIPPED. Install Java (apt-get install -y default-jre-headless).');

const resultsDir = mkdtempSync(path.join(tmpdir(), 'bc-test-'));
const resultsFile = path.join(resultsDir, 'results.json');
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`];
const result = spawnSync('npx', [...args, ...process.argv.slice(2)], { stdio: 'inherit' });

if (notes.length) console.warn(`\n${'!'.repeat(72)}\n${notes.map((n) => `! ${n}`).join('\n')}\n${'!'.repeat(72)}\n`);
let status = result.status ?? 1;
try {
  const summary = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const skipped = summary.numPendingTests + summary.numTodoTests;
  // One plain closing line for CI: "Tests: N passed, N failed, N skipped".
  console.log(`Tests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`);
  if (summary.numPassedTests === 0) {
    console.error('No test passed: treating this run as a failure.');
    status = 1;
  }
} catch {
  console.error('No test results were written.');
  status = 1;
}
rmSync(resultsDir, { recursive: true, force: true });
process.exit(status);
