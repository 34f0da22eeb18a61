// A local stand-in for Sanity's HTTP API (no Sanity project can be reached from these machines),
// speaking its protocol over the bundled dataset with groq-js:
//   GET|POST /v<apiVersion>/data/query/<dataset>       → {query, result, ms, syncTags, resultSourceMap?}
//            `perspective`: published (default), drafts, raw; drafts and raw only with a token (else 401)
//            `resultSourceMap`: a Content Source Map of the result (content-source-map.ts)
//   POST     /v<apiVersion>/data/mutate/<dataset>      → {transactionId, results} (editor token only)
//            create, createOrReplace, createIfNotExists, delete (id or query), patch (set, unset)
//   GET      /v<apiVersion>/data/live/events/<dataset> → the Live Content API: `welcome` on connect,
//            a `message` {tags} with an `id` per published change, `Last-Event-ID` resumes (or
//            `restart` when the position is unknown); needs `Accept: text/event-stream` (else 406)
//   GET      /v<apiVersion>/check/cors                 → {result: {allowed, withCredentials}}
//   GET      /images/<projectId>/<dataset>/<file>      → the image file (the "CDN")
// Tokens: `readToken` reads (a Viewer token), `editorToken` also writes; an unknown token is 401.
// Tests publish with publish(), keep drafts with saveDraft(), and can break the live stream.
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { evaluate, parse } from 'groq-js';
import {
  parseNdjson,
  resolveExportAssets,
  type AssetMap,
  type SanityDocument,
} from '../../web/server/content/export-format.server.ts';
import { signSanityWebhook } from '../../web/server/serving/sanity-webhook.server.ts';
import { contentSourceMap } from './content-source-map.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Live events kept for resuming with Last-Event-ID (older positions answer `restart`). */
const LIVE_HISTORY = 100;

export interface SanityStandIn {
  url: string;
  projectId: string;
  dataset: string;
  /** A Viewer token: reads drafts, cannot write. */
  readToken: string;
  /** An Editor token: reads and writes (what a Studio session may do). */
  editorToken: string;
  /** Every request path (with query string) the stand-in answered. */
  requests: string[];
  document(id: string): SanityDocument | undefined;
  /** Every stored document (published, drafts, preview secrets), as stored. */
  documents(): SanityDocument[];
  /** Creates or replaces a published document (and drops its draft, as publishing in the Studio does). */
  publish(doc: SanityDocument, options?: { live?: boolean }): void;
  /** Stores a draft of the document (only the drafts and raw perspectives show it). */
  saveDraft(doc: SanityDocument): void;
  /** Writes a document exactly as given, whatever its id (e.g. an aged preview secret). */
  put(doc: SanityDocument): void;
  /** Open live event streams. */
  liveConnections(): number;
  /** Every live event stream ever opened: the Last-Event-ID each one came with. */
  liveRequests: { lastEventId: string | undefined }[];
  /** Cuts every open live event stream (the clients reconnect). */
  dropLiveConnections(): void;
  /** While false, new live event streams are refused with 503 (an outage). */
  setLiveAvailable(available: boolean): void;
  /** How queries are answered: as usual, with 503 (an outage), or never (a hung API). */
  setQueries(mode: 'answered' | 'failing' | 'hanging'): void;
  close(): Promise<void>;
}

export interface StandInOptions {
  contentDir?: string;
  projectId?: string;
  dataset?: string;
}

type Perspective = 'published' | 'drafts' | 'raw';

const isDraft = (id: string) => id.startsWith('drafts.');
const isVersion = (id: string) => id.startsWith('versions.');
const publishedId = (id: string) => id.replace(/^drafts\./, '');
const syncTag = (id: string) => `s1:${createHash('sha256').update(publishedId(id)).digest('base64url').slice(0, 6)}`;

// Plain Node runs this too (the benchmarks, with type stripping): no parameter properties.
class HttpError extends Error {
  readonly status: number;
  readonly type: string;
  constructor(status: number, description: string, type = 'httpError') {
    super(description);
    this.status = status;
    this.type = type;
  }
}

export async function startSanityStandIn(options: StandInOptions = {}) {
  const contentDir = options.contentDir ?? path.join(ROOT, 'content');
  const projectId = options.projectId ?? 'standin';
  const dataset = options.dataset ?? 'production';
  const readToken = `sk-viewer-${randomUUID()}`;
  const editorToken = `sk-editor-${randomUUID()}`;
  const documents = new Map<string, SanityDocument>();
  const requests: string[] = [];

  // Live Content API state.
  const liveStreams = new Set<ServerResponse>();
  const liveRequests: { lastEventId: string | undefined }[] = [];
  const liveHistory: { id: string; tags: string[] }[] = [];
  const liveEpoch = randomUUID().slice(0, 8);
  let liveSeq = 0;
  let liveAvailable = true;
  let queries: 'answered' | 'failing' | 'hanging' = 'answered';

  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const body = {
        error: {
          description: error instanceof Error ? error.message : String(error),
          type: error instanceof HttpError ? error.type : 'serverError',
        },
      };
      if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    });
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
      (await import('../../web/server/content/images.server').then(({ ImagePipeline }) =>
        ImagePipeline.lqip(path.join(contentDir, 'images', asset.originalFilename)),
      ));
  const loadedAt = new Date().toISOString();
  for (const doc of [...resolved.documents, ...resolved.assets])
    documents.set(doc._id, { _createdAt: loadedAt, _updatedAt: loadedAt, _rev: revision(), ...doc });

  function revision() {
    return randomUUID().replace(/-/g, '').slice(0, 22);
  }

  /** The documents as a perspective shows them. */
  function view(perspective: Perspective): SanityDocument[] {
    const all = [...documents.values()];
    if (perspective === 'raw') return all;
    const published = all.filter((d) => !isDraft(d._id) && !isVersion(d._id));
    if (perspective === 'published') return published;
    // drafts: the draft where there is one (under the published id, `_originalId` says which),
    // the published document otherwise, and drafts that were never published.
    const shown = new Map<string, SanityDocument>(published.map((d) => [d._id, d]));
    for (const draft of all.filter((d) => isDraft(d._id)))
      shown.set(publishedId(draft._id), { ...draft, _id: publishedId(draft._id), _originalId: draft._id });
    return [...shown.values()];
  }

  /** The access a request's token gives: none (anonymous), read or write; an unknown token is 401. */
  function access(req: IncomingMessage): 'anonymous' | 'read' | 'write' {
    const header = req.headers.authorization;
    if (!header) return 'anonymous';
    const token = /^Bearer (.+)$/.exec(header)?.[1];
    if (token === editorToken) return 'write';
    if (token === readToken) return 'read';
    throw new HttpError(401, 'Session not found', 'unauthorized');
  }

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new HttpError(400, 'Body is not valid JSON');
    }
  }

  async function groq(text: string, params: Record<string, unknown>, docs: SanityDocument[]) {
    try {
      return await (await evaluate(parse(text, { params }), { dataset: docs, params, timestamp: new Date() })).get();
    } catch (error) {
      throw new HttpError(400, String(error), 'queryParseError');
    }
  }

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function query(req: IncomingMessage, res: ServerResponse, u: URL) {
    let text: string;
    let params: Record<string, unknown> = {};
    const settings = new URLSearchParams(u.searchParams);
    if (req.method === 'POST') {
      const body = await readBody(req);
      text = String(body.query ?? '');
      params = (body.params as Record<string, unknown> | undefined) ?? {};
      for (const key of ['perspective', 'resultSourceMap'] as const)
        if (typeof body[key] === 'string' && !settings.has(key)) settings.set(key, body[key]);
    } else {
      text = u.searchParams.get('query') ?? '';
      for (const [k, v] of u.searchParams)
        if (k.startsWith('$')) {
          try {
            params[k.slice(1)] = JSON.parse(v);
          } catch {
            throw new HttpError(400, `Parameter "${k}" is not valid JSON`);
          }
        }
    }
    const asked = settings.get('perspective') ?? 'published';
    const perspective = ({ published: 'published', drafts: 'drafts', previewDrafts: 'drafts', raw: 'raw' } as const)[
      asked as 'published'
    ];
    if (!perspective) throw new HttpError(400, `Unsupported perspective "${asked}"`);
    if (perspective !== 'published' && access(req) === 'anonymous')
      throw new HttpError(401, `The "${perspective}" perspective requires a token with read access`, 'unauthorized');
    access(req);
    const started = performance.now();
    const docs = view(perspective);
    const result = await groq(text, params, docs);
    const sourceMapMode = settings.get('resultSourceMap');
    const resultSourceMap =
      sourceMapMode && sourceMapMode !== 'false'
        ? contentSourceMap(result, docs, { keyedArrays: sourceMapMode === 'withKeyArraySelector' })
        : undefined;
    const syncTags = resultSourceMap
      ? [...new Set(resultSourceMap.documents.map((d) => syncTag(d._id)))]
      : [syncTag(text)];
    json(res, 200, {
      query: text,
      result,
      ms: Math.round(performance.now() - started),
      syncTags,
      ...(resultSourceMap ? { resultSourceMap } : {}),
    });
  }

  function setPath(doc: Record<string, unknown>, dotted: string, value: unknown) {
    const keys = dotted.split('.');
    let node = doc;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    if (value === undefined) delete node[keys.at(-1)!];
    else node[keys.at(-1)!] = structuredClone(value);
  }

  async function mutate(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed');
    const level = access(req);
    if (level !== 'write')
      throw new HttpError(
        level === 'anonymous' ? 401 : 403,
        'Insufficient permissions; permission "update" required',
        'mutationError',
      );
    const { mutations } = (await readBody(req)) as { mutations?: Record<string, Record<string, unknown>>[] };
    if (!Array.isArray(mutations)) throw new HttpError(400, 'Expected {"mutations": […]}');
    const staged = new Map(documents);
    const now = new Date().toISOString();
    const results: { id: string; operation: string }[] = [];
    const write = (doc: SanityDocument, operation: string) => {
      const before = staged.get(doc._id);
      staged.set(doc._id, {
        ...doc,
        _createdAt: (before?._createdAt as string | undefined) ?? now,
        _updatedAt: now,
        _rev: revision(),
      });
      results.push({ id: doc._id, operation });
    };
    for (const mutation of mutations) {
      const [kind, body] = Object.entries(mutation)[0] ?? [];
      if (!kind || !body) throw new HttpError(400, 'Empty mutation');
      if (kind === 'create' || kind === 'createOrReplace' || kind === 'createIfNotExists') {
        const doc = { ...body, _id: String(body._id ?? randomUUID()) } as SanityDocument;
        const exists = staged.has(doc._id);
        if (kind === 'create' && exists)
          throw new HttpError(409, `Document "${doc._id}" already exists`, 'mutationError');
        if (kind === 'createIfNotExists' && exists) continue;
        write(doc, exists ? 'update' : 'create');
      } else if (kind === 'delete') {
        const ids =
          typeof body.query === 'string'
            ? (
                (await groq(body.query, (body.params as Record<string, unknown>) ?? {}, [...staged.values()])) as {
                  _id: string;
                }[]
              ).map((d) => d._id)
            : [String(body.id)];
        for (const id of ids) if (staged.delete(id)) results.push({ id, operation: 'delete' });
      } else if (kind === 'patch') {
        const current = staged.get(String(body.id));
        if (!current) throw new HttpError(409, `Document "${String(body.id)}" does not exist`, 'mutationError');
        const next = structuredClone(current) as Record<string, unknown>;
        for (const [k, v] of Object.entries((body.set as Record<string, unknown>) ?? {})) setPath(next, k, v);
        for (const k of (body.unset as string[]) ?? []) setPath(next, k, undefined);
        write(next as SanityDocument, 'update');
      } else {
        throw new HttpError(400, `Unsupported mutation "${kind}"`);
      }
    }
    const changedPublished = results.filter((r) => !isDraft(r.id) && !isVersion(r.id)).map((r) => r.id);
    documents.clear();
    for (const [id, doc] of staged) documents.set(id, doc);
    if (changedPublished.length) emitLive(changedPublished);
    json(res, 200, { transactionId: revision(), results });
  }

  function emitLive(ids: string[]) {
    const event = { id: `${liveEpoch}-${(++liveSeq).toString(36)}`, tags: [...new Set(ids.map(syncTag))] };
    liveHistory.push(event);
    if (liveHistory.length > LIVE_HISTORY) liveHistory.shift();
    for (const stream of liveStreams) writeMessage(stream, event);
  }

  function writeMessage(stream: ServerResponse, event: { id: string; tags: string[] }) {
    stream.write(`id: ${event.id}\nevent: message\ndata: ${JSON.stringify({ tags: event.tags })}\n\n`);
  }

  function live(req: IncomingMessage, res: ServerResponse, u: URL) {
    if (!String(req.headers.accept ?? '').includes('text/event-stream'))
      throw new HttpError(406, 'The Accept header must include text/event-stream');
    if (u.searchParams.get('includeDrafts') === 'true' && access(req) === 'anonymous')
      throw new HttpError(401, 'includeDrafts requires a token', 'unauthorized');
    access(req);
    if (!liveAvailable) throw new HttpError(503, 'Service unavailable');
    const lastEventId = req.headers['last-event-id'] as string | undefined;
    liveRequests.push({ lastEventId });
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    const resumeAt = lastEventId === undefined ? -1 : liveHistory.findIndex((e) => e.id === lastEventId);
    if (lastEventId !== undefined && resumeAt === -1) res.write('event: restart\ndata: {}\n\n');
    res.write('event: welcome\ndata: {}\n\n');
    if (resumeAt !== -1) for (const event of liveHistory.slice(resumeAt + 1)) writeMessage(res, event);
    liveStreams.add(res);
    req.on('close', () => liveStreams.delete(res));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', url);
    const image = /^\/images\/([^/]+)\/([^/]+)\/([a-f0-9]{40}-\d+x\d+\.[a-z]+)$/.exec(u.pathname);
    if (image && req.method === 'GET') {
      const file =
        image[1] === projectId && image[2] === dataset
          ? await readFile(path.join(contentDir, 'images', image[3]!)).catch(() => undefined)
          : undefined;
      if (!file) throw new HttpError(404, 'Not found');
      res.writeHead(200, { 'Content-Type': image[3]!.endsWith('.png') ? 'image/png' : 'image/jpeg' });
      res.end(file);
      return;
    }
    if (/^\/v[\w-]+\/check\/cors$/.test(u.pathname)) {
      json(res, 200, { result: { allowed: true, withCredentials: true } });
      return;
    }
    const route = /^\/v[\w-]+\/data\/(query|mutate|live\/events)\/([\w-]+)$/.exec(u.pathname);
    if (!route) throw new HttpError(404, 'Not found');
    if (route[2] !== dataset) throw new HttpError(404, `Dataset "${route[2]}" not found`);
    if (route[1] === 'query') {
      if (queries === 'failing') throw new HttpError(503, 'Service unavailable');
      if (queries === 'hanging') return; // never answered (until close)
      return query(req, res, u);
    }
    if (route[1] === 'mutate') return mutate(req, res);
    return live(req, res, u);
  }

  const standIn: SanityStandIn = {
    url,
    projectId,
    dataset,
    readToken,
    editorToken,
    requests,
    liveRequests,
    document: (id) => structuredClone(documents.get(id)),
    documents: () => structuredClone([...documents.values()]),
    publish: (doc, { live: notify = true } = {}) => {
      documents.delete(`drafts.${doc._id}`);
      documents.set(doc._id, { ...structuredClone(doc), _updatedAt: new Date().toISOString(), _rev: revision() });
      if (notify) emitLive([doc._id]);
    },
    saveDraft: (doc) => {
      const id = `drafts.${publishedId(doc._id)}`;
      documents.set(id, { ...structuredClone(doc), _id: id, _updatedAt: new Date().toISOString(), _rev: revision() });
    },
    put: (doc) => void documents.set(doc._id, structuredClone(doc)),
    liveConnections: () => liveStreams.size,
    dropLiveConnections: () => {
      for (const stream of liveStreams) stream.destroy();
      liveStreams.clear();
    },
    setLiveAvailable: (available) => void (liveAvailable = available),
    setQueries: (mode) => void (queries = mode),
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of liveStreams) stream.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
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

/** The server environment of a draft preview framed by the Studio at `studioUrl`. */
export const previewEnv = (standIn: SanityStandIn, studioUrl: string) => ({
  SANITY_API_READ_TOKEN: standIn.readToken,
  SANITY_STUDIO_URL: studioUrl,
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
