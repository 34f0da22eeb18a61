// `npm run content:pull`: exports the published documents and images of SANITY_PROJECT_ID /
// SANITY_DATASET and replaces content/dataset.ndjson and content/images/ with them, so the
// bundled dataset (used without a Sanity project, and by the tests) matches what is live.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sanityTarget } from './sanity-target.mjs';

const { root, studioDir, projectId, dataset, env } = sanityTarget();
const work = mkdtempSync(path.join(tmpdir(), 'content-pull-'));
const archive = path.join(work, 'export.tar.gz');
const run = (command, args, cwd) => {
  const r = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    process.exit(r.status ?? 1);
  }
};
console.log(`Exporting ${projectId}/${dataset} (published documents and images) …`);
run('npx', ['sanity', 'dataset', 'export', dataset, archive, '--no-drafts', '--overwrite'], studioDir);
run('tar', ['-xzf', archive, '-C', work], work);
const folder = readdirSync(work, { withFileTypes: true }).find((e) => e.isDirectory());
const exported = path.join(work, folder?.name ?? '');
if (!folder || !existsSync(path.join(exported, 'data.ndjson'))) {
  console.error('✖ The export has no data.ndjson.');
  process.exit(1);
}
const content = path.join(root, 'content');
rmSync(path.join(content, 'images'), { recursive: true, force: true });
cpSync(path.join(exported, 'data.ndjson'), path.join(content, 'dataset.ndjson'));
rmSync(path.join(content, 'assets.json'), { force: true });
if (existsSync(path.join(exported, 'assets.json')))
  cpSync(path.join(exported, 'assets.json'), path.join(content, 'assets.json'));
if (existsSync(path.join(exported, 'images')))
  cpSync(path.join(exported, 'images'), path.join(content, 'images'), { recursive: true });
rmSync(work, { recursive: true, force: true });
console.log('✔ content/dataset.ndjson, assets.json and images/ updated. Run `npm test` and commit them.');
