// Sanity Studio: German interface, the schema types of ../schemas, a desk with the singletons, and
// the Presentation tool (the site's draft preview in a frame).
import { deDELocale } from '@sanity/locale-de-de';
import { defineConfig } from 'sanity';
import { structureTool } from 'sanity/structure';
import { SINGLETONS, schemaTypes } from '../schemas';
import { dataset, projectId } from './env';
import { presentation } from './presentation';
import { structure } from './structure';

const singletonTypes = new Set<string>(Object.keys(SINGLETONS));

export default defineConfig({
  name: 'default',
  title: 'Bewegungscoaching – Inhalte',
  projectId,
  dataset,
  plugins: [structureTool({ structure, title: 'Inhalte' }), presentation, deDELocale()],
  schema: {
    types: schemaTypes,
    // Singletons are created once (in the bundled dataset) and never from "Neues Dokument".
    templates: (templates) => templates.filter(({ schemaType }) => !singletonTypes.has(schemaType)),
  },
  document: {
    // Singletons cannot be duplicated or deleted.
    actions: (actions, { schemaType }) =>
      singletonTypes.has(schemaType)
        ? actions.filter(({ action }) => action && ['publish', 'discardChanges', 'restore'].includes(action))
        : actions,
  },
});
