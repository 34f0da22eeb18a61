// A local stand-in for Sanity's query API, backed by groq-js over the bundled dataset:
//   GET  /v<apiVersion>/data/query/<dataset>?query=…&$param=<json>  → {result, ms, query}
//   POST /v<apiVersion>/data/query/<dataset>  {query, params}        → {result, ms, query}
//   GET  /images/<projectId>/<dataset>/<file>                         → the image file (the "CDN")
// Like the real API with the `published` perspective, drafts (`drafts.*`) are never answered.
// Tests publish changes with publish() and can add drafts with saveDraft().
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { evaluate, parse } from 'groq-js';
import {
  isPublished,
  parseNdjson,
  resolveExportAssets,
  type AssetMap,
  type SanityDocument,
} from '../../web/server/content/export-format.server';
import { ImagePipeline } from '../../web/server/content/images.server';
import { signSanityWebhook } from '../../web/server/serving/sanity-webhook.server';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface SanityStandIn {
  url: string;
  projectId: string;
  dataset: string;
  /** Every request path (with query string) the stand-in answered. */
  requests: string[];
  document(id: string): SanityDocument | undefined;
  /** Creates or replaces a published document. */
  publish(doc: SanityDocument): void;
  /** Stores a draft of the document (never answered by queries). */
  saveDraft(doc: SanityDocument): void;
  close(): Promise<void>;
}

export async function startSanityStandIn(options: { contentDir?: string; projectId?: string; dataset?: string } = {}) {
  const contentDir = options.contentDir ?? path.join(ROOT, 'content');
  const projectId = options.projectId ?? 'standin';
  const dataset = options.dataset ?? 'production';
  const documents = new Map<string, SanityDocument>();
  const requests: string[] = [];

  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handle(req).then(
      ({ status, body, type }) => {
        res.writeHead(status, { 'Content-Type': type ?? 'application/json' });
        res.end(body);
      },
      (error: unknown) => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { description: String(error) } }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const ndjson = await readFile(path.join(contentDir, 'dataset.ndjson'), 'utf8');
  const resolved = resolveExportAssets(
    parseNdjson(ndjson),
    (fileName) => `${url}/images/${projectId}/${dataset}/${fileName}`,
  );
  // Sanity computes a blurred preview (lqip) for every upload (the same one as in assets.json).
  const assetMap = JSON.parse(
    await readFile(path.join(contentDir, 'assets.json'), 'utf8').catch(() => '{}'),
  ) as AssetMap;
  for (const asset of resolved.assets)
    asset.metadata.lqip =
      assetMap[asset._id.replace(/-\d+x\d+-\w+$/, '')]?.metadata?.lqip ??
      (await ImagePipeline.lqip(path.join(contentDir, 'images', asset.originalFilename)));
  for (const doc of [...resolved.documents, ...resolved.assets]) documents.set(doc._id, doc);

  async function query(text: string, params: Record<string, unknown>) {
    const started = performance.now();
    const published = [...documents.values()].filter(isPublished);
    const result = await (await evaluate(parse(text, { params }), { dataset: published, params })).get();
    return { result, ms: Math.round(performance.now() - started), query: text };
  }

  async function handle(req: IncomingMessage): Promise<{ status: number; body: string | Buffer; type?: string }> {
    const u = new URL(req.url ?? '/', url);
    const image = /^\/images\/([^/]+)\/([^/]+)\/([a-f0-9]{40}-\d+x\d+\.[a-z]+)$/.exec(u.pathname);
    if (image && req.method === 'GET') {
      if (image[1] !== projectId || image[2] !== dataset) return { status: 404, body: '{}' };
      const file = await readFile(path.join(contentDir, 'images', image[3]!)).catch(() => undefined);
      return file
        ? { status: 200, body: file, type: image[3]!.endsWith('.png') ? 'image/png' : 'image/jpeg' }
        : { status: 404, body: '{}' };
    }
    const route = /^\/v[\w-]+\/data\/query\/([\w-]+)$/.exec(u.pathname);
    if (!route) return { status: 404, body: JSON.stringify({ error: { description: 'Not found' } }) };
    if (route[1] !== dataset)
      return { status: 404, body: JSON.stringify({ error: { description: `Dataset "${route[1]}" not found` } }) };
    let text: string;
    let params: Record<string, unknown> = {};
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        query: string;
        params?: Record<string, unknown>;
      };
      text = body.query;
      params = body.params ?? {};
    } else {
      text = u.searchParams.get('query') ?? '';
      for (const [k, v] of u.searchParams) if (k.startsWith('$')) params[k.slice(1)] = JSON.parse(v);
    }
    try {
      return { status: 200, body: JSON.stringify(await query(text, params)) };
    } catch (error) {
      return { status: 400, body: JSON.stringify({ error: { description: String(error), query: text } }) };
    }
  }

  const standIn: SanityStandIn = {
    url,
    projectId,
    dataset,
    requests,
    document: (id) => structuredClone(documents.get(id)),
    publish: (doc) => void documents.set(doc._id, structuredClone(doc)),
    saveDraft: (doc) => {
      const id = `drafts.${doc._id.replace(/^drafts\./, '')}`;
      documents.set(id, { ...structuredClone(doc), _id: id });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

/** The server environment that reads its content from `standIn` and accepts its webhook with `secret`. */
export const standInEnv = (standIn: SanityStandIn, secret: string) => ({
  SANITY_PROJECT_ID: standIn.projectId,
  SANITY_DATASET: standIn.dataset,
  SANITY_API_HOST: standIn.url,
  SANITY_WEBHOOK_SECRET: secret,
});

/** POST /api/revalidate with `body`, signed with `secret` as Sanity's webhook signs it (unsigned without). */
export const postRevalidate = (baseUrl: string, body: string, secret?: string) =>
  fetch(`${baseUrl}/api/revalidate`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(secret ? { 'sanity-webhook-signature': signSanityWebhook(body, secret) } : {}),
    },
    body,
  });
