// The Sanity project and dataset that content:push and content:pull talk to, and the environment
// for the Sanity CLI (run in studio/). Stops with a hint when no project is configured.
import path from 'node:path';

export function sanityTarget() {
  const root = path.resolve(import.meta.dirname, '..');
  const projectId = process.env.SANITY_PROJECT_ID || process.env.SANITY_STUDIO_PROJECT_ID;
  const dataset = process.env.SANITY_DATASET || 'production';
  if (!projectId) {
    console.error(
      '✖ Set SANITY_PROJECT_ID (and SANITY_DATASET, default "production") first. See docs/content.md, "Going live with Sanity".',
    );
    process.exit(1);
  }
  const env = {
    ...process.env,
    DO_NOT_TRACK: '1',
    SANITY_STUDIO_PROJECT_ID: projectId,
    SANITY_STUDIO_DATASET: dataset,
  };
  return { root, studioDir: path.join(root, 'studio'), projectId, dataset, env };
}
