// `npm run content:push`: imports the bundled dataset (content/dataset.ndjson + images/) into the
// Sanity project of SANITY_PROJECT_ID / SANITY_DATASET. Existing documents are kept unless
// `-- --replace` is given (which overwrites them with the bundled version).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sanityTarget } from './sanity-target.mjs';

const { root, studioDir, projectId, dataset, env } = sanityTarget();
const extra = process.argv.slice(2);
const args = ['sanity', 'dataset', 'import', path.join(root, 'content', 'dataset.ndjson'), dataset, ...extra];
if (!extra.includes('--replace') && !extra.includes('--missing')) args.push('--missing');
console.log(`Importing content/dataset.ndjson into ${projectId}/${dataset} …`);
const result = spawnSync('npx', args, {
  cwd: studioDir,
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
