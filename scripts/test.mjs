// `npm test`: every test (unit, integration on PGlite and PostgreSQL, e2e in Chromium).
// Missing PostgreSQL or Chromium skips those tests with a loud note (CI requires both).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const notes = [];
if (!process.env.TEST_DATABASE_URL)
  notes.push(
    'PostgreSQL tests: SKIPPED. Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them.',
  );
if (!existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'))
  notes.push('Browser tests: SKIPPED. Install Chromium (apt-get install -y chromium) or set CHROMIUM_PATH.');

const args = ['vitest', 'run', ...process.argv.slice(2)];
const result = spawnSync('npx', args, { stdio: 'inherit' });
if (notes.length) console.warn(`\n${'!'.repeat(72)}\n${notes.map((n) => `! ${n}`).join('\n')}\n${'!'.repeat(72)}\n`);
process.exit(result.status ?? 1);
