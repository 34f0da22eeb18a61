// Sanity CLI settings (studio build, dataset import/export, typegen).
import { defineCliConfig } from 'sanity/cli';
import { dataset as studioDataset, projectId as studioProjectId } from './env';

// The CLI runs in Node: the site's SANITY_PROJECT_ID / SANITY_DATASET work here too.
const projectId = process.env.SANITY_PROJECT_ID || studioProjectId;
const dataset = process.env.SANITY_DATASET || studioDataset;

export default defineCliConfig({
  api: { projectId, dataset },
  // No automatic Studio updates from Sanity's CDN: the Studio is built from the pinned package.
  deployment: { autoUpdates: false },
  typegen: {
    path: '../schemas/queries.ts',
    schema: './schema.json',
    generates: '../schemas/sanity.types.ts',
    overloadClientMethods: false,
  },
});
