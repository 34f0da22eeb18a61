// Where GROQ runs: Sanity's API through @sanity/client when a project is configured, otherwise
// groq-js over the bundled dataset in CONTENT_DIR (Sanity's export format).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate, parse } from 'groq-js';
import { ImagePipeline } from './images.server';
import { bundledDocuments, type AssetMap } from './export-format.server';

export const SANITY_API_VERSION = '2025-10-01';

export interface ContentSource {
  kind: 'bundled' | 'sanity';
  fetch<T>(query: string, params?: Record<string, unknown>): Promise<T>;
}

export interface SanitySettings {
  projectId: string;
  dataset: string;
  token?: string;
  apiHost?: string;
}

export function sanitySource({ projectId, dataset, token, apiHost }: SanitySettings): ContentSource {
  // Loaded only in Sanity mode (the client and its dependencies take a second to import).
  const client = import('@sanity/client').then(({ createClient }) =>
    createClient({
      projectId,
      dataset,
      apiVersion: SANITY_API_VERSION,
      // Build-time and revalidation reads must see what was just published, not a CDN copy.
      useCdn: false,
      perspective: 'published',
      ...(token ? { token } : {}),
      ...(apiHost ? { apiHost, useProjectHostname: false } : {}),
    }),
  );
  return {
    kind: 'sanity',
    fetch: async <T>(query: string, params: Record<string, unknown> = {}) => (await client).fetch<T>(query, params),
  };
}

/** groq-js over dataset.ndjson; the file is read and parsed once per source. */
export function bundledSource(contentDir: string): ContentSource {
  let dataset: Promise<unknown[]> | undefined;
  const load = async () => {
    const ndjson = await readFile(path.join(contentDir, 'dataset.ndjson'), 'utf8');
    // assets.json (part of Sanity's export) carries each image's blurred preview (lqip).
    const assetMap = await readFile(path.join(contentDir, 'assets.json'), 'utf8').then(
      (text) => JSON.parse(text) as AssetMap,
      () => ({}),
    );
    const { documents, assets } = bundledDocuments(ndjson, contentDir, assetMap);
    // Images added by hand without an assets.json entry get their preview computed here.
    await Promise.all(
      assets
        .filter((a) => !a.metadata.lqip)
        .map(async (a) => {
          a.metadata.lqip = await ImagePipeline.lqip(fileURLToPath(a.url)).catch(() => undefined);
        }),
    );
    return [...documents, ...assets];
  };
  return {
    kind: 'bundled',
    fetch: async <T>(query: string, params: Record<string, unknown> = {}) => {
      dataset ??= load();
      dataset.catch(() => (dataset = undefined));
      const result = await evaluate(parse(query, { params }), { dataset: await dataset, params });
      return (await result.get()) as T;
    },
  };
}
