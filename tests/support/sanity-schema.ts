// The helpers of schemas/schema.test.ts: the schema compiled as the Studio does, documents validated
// with Sanity's own validator; custom rules query through a stand-in client backed by groq-js over
// the given documents.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Schema } from '@sanity/schema';
import { builtinTypes, groupProblems, validateSchema } from '@sanity/schema/_internal';
import { validateDocument, type ValidationClient } from '@sanity/validation';
import { evaluate, parse } from 'groq-js';
import { bundledDocuments, type SanityDocument } from '~/server/content/export-format.server';
import { schemaTypes } from '../../schemas/index';
import { PLACEHOLDER_WARNING } from '../../schemas/placeholders';

const CONTENT_DIR = path.resolve(import.meta.dirname, '..', '..', 'content');

/** Problems Sanity reports for our types (the built-in types are passed along only to resolve them). */
export function schemaProblems() {
  const ours = new Set<string>(schemaTypes.map((t) => t.name));
  const validated = validateSchema([...builtinTypes, ...schemaTypes]);
  const groups = groupProblems(validated.getTypes()).filter((g) => ours.has(g.path[0]?.name ?? ''));
  return groups.flatMap((group) =>
    group.problems.map((p) => ({ path: group.path.map((s) => s.name ?? s.kind).join('.'), ...p })),
  );
}

export const compiledSchema = () => Schema.compile({ name: 'default', types: [...builtinTypes, ...schemaTypes] });

/** The bundled dataset as the Content Lake would hold it (asset references resolved). */
export function bundledDataset(): SanityDocument[] {
  const ndjson = readFileSync(path.join(CONTENT_DIR, 'dataset.ndjson'), 'utf8');
  const { documents, assets } = bundledDocuments(ndjson, CONTENT_DIR);
  return [...documents, ...assets];
}

function groqClient(dataset: SanityDocument[]): ValidationClient {
  const fetch = async (query: string, params: Record<string, unknown> = {}) =>
    (await evaluate(parse(query, { params }), { dataset, params })).get();
  const client = {
    fetch,
    getDataUrl: () => '',
    observable: {
      fetch: () => {
        throw new Error('not supported');
      },
      request: () => {
        throw new Error('not supported');
      },
    },
    withConfig: () => client,
  };
  return client as unknown as ValidationClient;
}

/**
 * Error (and warning) messages of one document, as "field: message". Placeholder warnings (the
 * bundled content holds placeholders on purpose; schemas/placeholders.ts) only with `placeholders`.
 */
export async function documentErrors(
  document: SanityDocument,
  dataset: SanityDocument[],
  schema = compiledSchema(),
  { placeholders = false } = {},
) {
  const ids = new Set(dataset.map((d) => d._id));
  const result = await validateDocument({
    document: document as never,
    schema,
    client: groqClient(dataset),
    getDocumentExists: async ({ id }) => ids.has(id),
  });
  // Warnings count too: outside the Studio, Sanity appends an unknown-fields check to object rules
  // with `.warning()`, which also turns a `required()` on an image into a warning ("Required").
  return result.markers
    .filter((m) => m.level === 'error' || m.level === 'warning')
    .filter((m) => placeholders || m.message !== PLACEHOLDER_WARNING)
    .map((m) => `${m.path.map((p) => (typeof p === 'object' ? JSON.stringify(p) : p)).join('.')}: ${m.message}`);
}
