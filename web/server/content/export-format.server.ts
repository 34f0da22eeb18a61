// Sanity's export format (dataset.ndjson + images/) turned into what the Content Lake would hold:
// image fields written as `_sanityAsset: "image@file://./images/<sha1>-<w>x<h>.<ext>"` become
// references to `sanity.imageAsset` documents, so the same GROQ (`asset->{…}`) works on both.
// Pure functions: used by the bundled content source and by the test stand-in of Sanity's API.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type SanityDocument = { _id: string; _type: string; [key: string]: unknown };

export interface ImageAssetDocument extends SanityDocument {
  _type: 'sanity.imageAsset';
  url: string;
  extension: string;
  originalFilename: string;
  metadata: {
    _type: 'sanity.imageMetadata';
    dimensions: { _type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number };
    lqip?: string;
  };
}

const ASSET_FILE = /^image@file:\/\/\.\/images\/([a-f0-9]{40})-(\d+)x(\d+)\.([a-z0-9]+)$/;

export function parseNdjson(text: string): SanityDocument[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, i) => {
      try {
        return JSON.parse(line) as SanityDocument;
      } catch (error) {
        throw new Error(`dataset.ndjson line ${i + 1} is not valid JSON: ${(error as Error).message}`, {
          cause: error,
        });
      }
    });
}

/** Drafts and release versions are never shown on the site (what the `published` perspective does). */
export const isPublished = (doc: { _id: string }) => !doc._id.startsWith('drafts.') && !doc._id.startsWith('versions.');

/**
 * Replaces every `_sanityAsset` image placeholder with an asset reference and adds one
 * `sanity.imageAsset` document per file. `assetUrl` says where the original file can be fetched
 * (a `file://` URL for the bundled source, an http URL for the stand-in).
 */
/** `assets.json` of an export: metadata of each asset by `image-<sha1>` (lqip, original file name). */
export type AssetMap = Record<string, { originalFilename?: string; metadata?: { lqip?: string } } | undefined>;

export function resolveExportAssets(
  docs: SanityDocument[],
  assetUrl: (fileName: string) => string,
  assetMap: AssetMap = {},
) {
  const assets = new Map<string, ImageAssetDocument>();

  function visit(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(visit);
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) if (k !== '_sanityAsset') out[k] = visit(v);
    if (typeof record._sanityAsset === 'string') {
      const match = ASSET_FILE.exec(record._sanityAsset);
      if (!match)
        throw new Error(
          `Unsupported asset reference ${record._sanityAsset} (expected image@file://./images/<sha1>-<w>x<h>.<ext>)`,
        );
      const [, sha1, w, h, ext] = match as unknown as [string, string, string, string, string];
      const width = Number(w);
      const height = Number(h);
      const id = `image-${sha1}-${width}x${height}-${ext}`;
      const fileName = `${sha1}-${width}x${height}.${ext}`;
      if (!assets.has(id))
        assets.set(id, {
          _id: id,
          _type: 'sanity.imageAsset',
          url: assetUrl(fileName),
          extension: ext,
          originalFilename: fileName,
          metadata: {
            _type: 'sanity.imageMetadata',
            dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
            ...(assetMap[`image-${sha1}`]?.metadata?.lqip ? { lqip: assetMap[`image-${sha1}`]!.metadata!.lqip } : {}),
          },
        });
      out.asset = { _type: 'reference', _ref: id };
    }
    return out;
  }

  const documents = docs.map((d) => visit(d) as SanityDocument);
  return { documents, assets: [...assets.values()] };
}

/** The bundled dataset as the Content Lake would answer it (published documents + image assets). */
export function bundledDocuments(ndjson: string, contentDir: string, assetMap: AssetMap = {}) {
  const { documents, assets } = resolveExportAssets(
    parseNdjson(ndjson).filter(isPublished),
    (fileName) => pathToFileURL(path.join(contentDir, 'images', fileName)).href,
    assetMap,
  );
  return { documents, assets };
}
