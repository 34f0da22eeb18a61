// Where GROQ runs: Sanity's API through @sanity/client when a project is configured, otherwise
// groq-js over the bundled dataset in CONTENT_DIR (Sanity's export format).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ClientConfig, SanityClient } from '@sanity/client';
import { evaluate, parse } from 'groq-js';
import { ImagePipeline } from './images.server';
import { bundledDocuments, type AssetMap } from './export-format.server';

export const SANITY_API_VERSION = '2025-10-01';

export interface ContentSource {
  kind: 'bundled' | 'sanity';
  fetch<T>(query: string, params?: Record<string, unknown>): Promise<T>;
  /** Whether an image asset's URL is one of this dataset's files (a newsletter shows no other). */
  holdsImage(url: string): boolean;
}

export interface SanitySettings {
  projectId: string;
  dataset: string;
  token?: string;
  apiHost?: string;
}

/**
 * A client of the project's API. Loaded only in Sanity mode (the client and its dependencies take a
 * second to import). Never the CDN: builds, revalidation and the preview must see the latest state.
 */
export async function sanityClient(
  { projectId, dataset, token, apiHost }: SanitySettings,
  options: Partial<Omit<ClientConfig, 'projectId' | 'dataset' | 'token' | 'apiHost'>> = {},
): Promise<SanityClient> {
  const { createClient } = await import('@sanity/client');
  return createClient({
    projectId,
    dataset,
    apiVersion: SANITY_API_VERSION,
    useCdn: false,
    perspective: 'published',
    ...(token ? { token } : {}),
    ...(apiHost ? { apiHost, useProjectHostname: false } : {}),
    ...options,
  });
}

/**
 * The project's own image files: `https://cdn.sanity.io/images/<project>/<dataset>/…`, or below the
 * configured API host (a stand-in of Sanity's API serves them itself).
 */
function sanityImages({ projectId, dataset, apiHost }: SanitySettings) {
  const prefixes = ['https://cdn.sanity.io', ...(apiHost ? [apiHost.replace(/\/+$/, '')] : [])].map(
    (origin) => `${origin}/images/${projectId}/${dataset}/`,
  );
  return (url: string) => within(prefixes, url);
}

/** Whether `url`, read as a browser reads it (dot segments resolved), lies below one of `prefixes`. */
function within(prefixes: string[], url: string) {
  let href: string;
  try {
    href = new URL(url).href;
  } catch {
    return false;
  }
  return prefixes.some((prefix) => href.startsWith(prefix));
}

export function sanitySource(settings: SanitySettings): ContentSource {
  const client = sanityClient(settings);
  return {
    kind: 'sanity',
    holdsImage: sanityImages(settings),
    fetch: async <T>(query: string, params: Record<string, unknown> = {}) => (await client).fetch<T>(query, params),
  };
}

/**
 * The drafts as the editor sees them in the Studio (the `drafts` perspective: a document's draft
 * where there is one, else the published version), read with the preview's Viewer token. Every
 * text carries invisible stega marks that name its document and field, so that a click on it in the
 * preview opens that field in the Studio at `studioUrl`.
 */
export function draftSource(settings: SanitySettings & { token: string; studioUrl: string }): ContentSource {
  const client = sanityClient(settings, {
    perspective: 'drafts',
    stega: { enabled: true, studioUrl: settings.studioUrl },
  });
  return {
    kind: 'sanity',
    holdsImage: sanityImages(settings),
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
  const images = `${pathToFileURL(path.join(contentDir, 'images')).href}/`;
  return {
    kind: 'bundled',
    holdsImage: (url) => within([images], url),
    fetch: async <T>(query: string, params: Record<string, unknown> = {}) => {
      dataset ??= load();
      dataset.catch(() => (dataset = undefined));
      const result = await evaluate(parse(query, { params }), { dataset: await dataset, params });
      return (await result.get()) as T;
    },
  };
}
