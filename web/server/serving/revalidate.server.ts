// Publishing without a developer: POST /api/revalidate (a Sanity webhook) re-renders the
// prerendered pages from fresh content inside the running server. The pages are rendered through
// React Router's request handler in-process, exactly as the build's prerender step requests them
// (HTML and .data), written into the client build directory, and then reloaded into memory.
// See docs/decisions/ (revalidation).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { onPeerMessage, tellPeers } from '../http/http.server';
import { clearContentCache, contentSourceKind, getImagePipeline, loadAllContent } from '../content/content.server';
import { htmlFileFor, type PrerenderedPages } from './prerendered-pages.server';

export const SIGNATURE_HEADER = 'sanity-webhook-signature';
const SIGNATURE_FORMAT = /^t=(\d+)[, ]+v1=([^, ]+)$/;

/** The Sanity webhook signature: `t=<ms>,v1=<base64url HMAC-SHA256 of "<t>.<body>">`. */
export function signSanityWebhook(body: string, secret: string, timestamp = Date.now()) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('base64url');
  return `t=${timestamp},v1=${signature}`;
}

/** True when `header` is a valid signature of exactly this body with this secret. */
export function verifySanityWebhook(body: string, header: string | null | undefined, secret: string) {
  const match = SIGNATURE_FORMAT.exec(header?.trim() ?? '');
  if (!match || !body) return false;
  const timestamp = Number(match[1]);
  const expected = Buffer.from(signSanityWebhook(body, secret, timestamp).split('v1=')[1]!);
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface PrerenderTarget {
  build: ServerBuild;
  clientDir: string;
  pages: PrerenderedPages;
}

let target: PrerenderTarget | undefined;
/** Called by the HTTP layer (production build): where prerendered pages live and are served from. */
export function registerPrerenderTarget(t: PrerenderTarget) {
  target = t;
  // Another worker process re-rendered the pages (and wrote them): take them and the fresh content.
  onPeerMessage('prerendered-pages-changed', async () => {
    clearContentCache();
    await t.pages.load();
  });
}

export interface RevalidationResult {
  source: 'bundled' | 'sanity';
  paths: string[];
  ms: number;
}

const dataPathFor = (p: string) => (p.endsWith('/') ? `${p}_.data` : `${p}.data`);

async function render(handler: ReturnType<typeof createRequestHandler>, url: string, what: string) {
  const response = await handler(new Request(`http://localhost${url}`), new RouterContextProvider());
  const text = await response.text();
  if (response.status !== 200 && response.status !== 202)
    throw new Error(`Re-rendering ${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

async function writeAtomically(file: string, contents: string) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, contents);
  await rename(tmp, file);
}

async function rerender(): Promise<RevalidationResult> {
  const started = performance.now();
  clearContentCache();
  // Load (and validate) everything first: a content error leaves the current pages untouched.
  await loadAllContent();
  const paths: string[] = [];
  if (target) {
    const { build, clientDir, pages } = target;
    const handler = createRequestHandler(build, 'production');
    const files: [string, string][] = [];
    for (const p of build.prerender) {
      const dataPath = dataPathFor(p);
      files.push([path.join(clientDir, ...dataPath.split('/').filter(Boolean)), await render(handler, dataPath, p)]);
      files.push([htmlFileFor(clientDir, p), await render(handler, `${p}/`.replace(/\/\/+/g, '/'), p)]);
      paths.push(p);
    }
    for (const [file, contents] of files) await writeAtomically(file, contents);
    await pages.load();
    tellPeers({ type: 'prerendered-pages-changed' });
  }
  // New images: make their renditions now, in the background, instead of on the first visit.
  getImagePipeline()
    .warm()
    .catch((error: unknown) => console.error('Generating image renditions failed:', error));
  return { source: contentSourceKind(), paths, ms: Math.round(performance.now() - started) };
}

let running: Promise<RevalidationResult> | undefined;
let queued: Promise<RevalidationResult> | undefined;

/**
 * Re-renders every prerendered page from fresh content. Calls during a run are coalesced into one
 * follow-up run (a burst of webhooks renders at most twice), so the last publish always wins.
 */
export function revalidatePrerenderedPages(): Promise<RevalidationResult> {
  if (!running) {
    running = rerender().finally(() => (running = undefined));
    return running;
  }
  queued ??= running
    .catch(() => undefined)
    .then(() => {
      queued = undefined;
      return revalidatePrerenderedPages();
    });
  return queued;
}
