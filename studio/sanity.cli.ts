// Sanity CLI settings (studio build, dataset import/export, typegen).
import { defineCliConfig } from 'sanity/cli';
import { dataset, projectId } from './env';

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
