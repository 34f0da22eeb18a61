// `npm run content:push`: imports the bundled dataset (content/dataset.ndjson + images/) into the
// Sanity project of SANITY_PROJECT_ID / SANITY_DATASET. Existing documents are kept unless
// `-- --replace` is given (which overwrites them with the bundled version).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const projectId = process.env.SANITY_PROJECT_ID || process.env.SANITY_STUDIO_PROJECT_ID;
const dataset = process.env.SANITY_DATASET || 'production';
if (!projectId) {
  console.error(
    '✖ Set SANITY_PROJECT_ID (and SANITY_DATASET, default "production") first. See README, "Content and the Studio".',
  );
  process.exit(1);
}
const extra = process.argv.slice(2);
const args = ['sanity', 'dataset', 'import', path.join(root, 'content', 'dataset.ndjson'), dataset, ...extra];
if (!extra.includes('--replace') && !extra.includes('--missing')) args.push('--missing');
console.log(`Importing content/dataset.ndjson into ${projectId}/${dataset} …`);
const result = spawnSync('npx', args, {
  cwd: path.join(root, 'studio'),
  stdio: 'inherit',
  env: { ...process.env, DO_NOT_TRACK: '1', SANITY_STUDIO_PROJECT_ID: projectId, SANITY_STUDIO_DATASET: dataset },
});
process.exit(result.status ?? 1);
