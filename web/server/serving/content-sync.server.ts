// Every instance serves the content published now. The signed Sanity webhook announces that content
// may have changed: on PostgreSQL the announcement is a NOTIFY that every instance hears (the
// sender too, on its own connection), on PGlite (one process) the sync runs directly. Sanity's live
// events are not announced: every instance follows them itself and calls syncContent('live')
// (start.server.ts, decision record 036). A sync loads the content
// from the source past every cache, compares its fingerprint with the one of the pages being
// served, and only when it differs renders every prerendered page again (HTML and .data, through
// React Router's request handler exactly as the build's prerender step requests them) and swaps
// them in memory. A content error keeps the pages being served. An instance syncs once at start,
// before it listens, so that a new instance serves the published content from its first answer.
// See docs/decisions/ (content sync).
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { z } from 'zod';
import { loadFreshContent, type FreshContent } from '../content/content.server';
import { getDatabase } from '../db/db.server';
import { log } from '../log.server';
import type { PrerenderedPages, RenderedPage } from './prerendered-pages.server';
import { dataPathFor } from './prerendered-pages.server';

/** Who announced a change ('live': this instance's own subscription to Sanity's live events). */
export type ContentChangeOrigin = 'webhook' | 'live' | 'start' | 'manual';
/** Why a sync runs: an announced change, or this instance catching up on its own. */
export type SyncReason = ContentChangeOrigin | 'reconnect' | 'retry';

/** The PostgreSQL NOTIFY channel of content changes. */
export const CONTENT_CHANNEL = 'content_changes';

export interface SyncResult {
  /** True when the content differed from what was served and the pages were swapped. */
  changed: boolean;
  /** The prerendered paths rendered again (none when unchanged, failed, or without a build). */
  paths: string[];
  ms: number;
  /** The fingerprint of the content served after this sync. */
  fingerprint: string;
  /** The content or render error that kept the pages being served. */
  error?: string;
}

export interface PrerenderTarget {
  build: ServerBuild;
  pages: PrerenderedPages;
}

let target: PrerenderTarget | undefined;
/** Called by the HTTP layer (production build): the routes to render and the store serving them. */
export function registerPrerenderTarget(t: PrerenderTarget | undefined) {
  target = t;
}

/** Until the first sync: the pages of the build, whose content's fingerprint is not known. */
const BUILD_FINGERPRINT = 'build';

const status = {
  fingerprint: BUILD_FINGERPRINT,
  /** When the pages being served were rendered by this instance (undefined: the build's). */
  renderedAt: undefined as string | undefined,
  /** How many times this instance rendered its pages. */
  renders: 0,
};

/** What this instance serves (for /healthz: instances that agree show the same fingerprint). */
export const contentStatus = () => ({
  fingerprint: status.fingerprint === BUILD_FINGERPRINT ? status.fingerprint : status.fingerprint.slice(0, 16),
  renderedAt: status.renderedAt ?? null,
  renders: status.renders,
});

const shortFingerprint = (fingerprint: string) => fingerprint.slice(0, 12);

async function render(handler: ReturnType<typeof createRequestHandler>, url: string, what: string) {
  const response = await handler(new Request(`http://localhost${url}`), new RouterContextProvider());
  const text = await response.text();
  if (response.status !== 200 && response.status !== 202)
    throw new Error(`Rendering ${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

async function renderPages({ build }: PrerenderTarget): Promise<RenderedPage[]> {
  const handler = createRequestHandler(build, 'production');
  const rendered: RenderedPage[] = [];
  for (const p of build.prerender) {
    const data = await render(handler, dataPathFor(p), p);
    const html = await render(handler, `${p}/`.replace(/\/\/+/g, '/'), p);
    rendered.push({ path: p, html, data });
  }
  return rendered;
}

async function runSync(reason: SyncReason): Promise<SyncResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const kept = (error: unknown): SyncResult => {
    const message = error instanceof Error ? error.message : String(error);
    log.error(
      reason === 'start'
        ? `Content sync at start failed; serving the build's pages: ${message}`
        : `Content sync (${reason}) failed; the pages being served stay: ${message}`,
    );
    scheduleRetry();
    return { changed: false, paths: [], ms: ms(), fingerprint: status.fingerprint, error: message };
  };

  let fresh: FreshContent;
  try {
    fresh = await loadFreshContent();
  } catch (error) {
    return kept(error);
  }
  const loaded = ms();
  cancelRetry();
  if (fresh.fingerprint === status.fingerprint) {
    log.info(
      `Content sync (${reason}): content unchanged (${shortFingerprint(fresh.fingerprint)}), pages kept (${ms()} ms)`,
    );
    return { changed: false, paths: [], ms: ms(), fingerprint: status.fingerprint };
  }

  // The route loaders read the served content: adopt the fresh one for the render, and go back to
  // the previous one if rendering fails, so that pages and server-rendered routes stay consistent.
  const undo = fresh.adopt();
  let paths: string[] = [];
  let phases = `content ${loaded} ms`;
  if (target) {
    try {
      const rendered = await renderPages(target);
      const renderedAt = ms();
      const { compressed } = await target.pages.replace(rendered);
      paths = rendered.map((page) => page.path);
      phases += `, render ${renderedAt - loaded} ms, swap ${ms() - renderedAt} ms`;
      const swappedAt = ms();
      if (reason === 'start') {
        // Before its first answer an instance has every encoding ready, as the build's pages had.
        await compressed;
        phases += `, brotli ${ms() - swappedAt} ms`;
      } else
        compressed.then(
          () => log.info(`Content sync (${reason}): brotli copies ready after ${ms() - swappedAt} ms`),
          (error: unknown) => log.error({ err: error }, 'Compressing the rendered pages with brotli failed'),
        );
    } catch (error) {
      undo();
      return kept(error);
    }
  }
  status.fingerprint = fresh.fingerprint;
  status.renderedAt = new Date().toISOString();
  status.renders++;
  log.info(
    `Content sync (${reason}): rendered ${paths.join(', ') || 'no prerendered pages'} from ${fresh.source} content ` +
      `${shortFingerprint(fresh.fingerprint)} in ${ms()} ms (${phases})`,
  );
  // New images: make their renditions now, in the background, instead of on the first visit. Not
  // at start: a fresh instance leaves that to the first requests rather than to every replica at once.
  if (reason !== 'start')
    fresh.pipeline.warm().catch((error: unknown) => log.error({ err: error }, 'Generating image renditions failed'));
  return { changed: true, paths, ms: ms(), fingerprint: status.fingerprint };
}

let running: Promise<SyncResult> | undefined;
let queued: Promise<SyncResult> | undefined;

/**
 * Loads the content from the source and, when it differs from what is served, renders every
 * prerendered page again and swaps them in. Calls during a run coalesce into one follow-up run (a
 * burst of announcements renders at most twice), so the last publish always wins. Never rejects:
 * an error is logged and returned, and the pages being served stay.
 */
export function syncContent(reason: SyncReason): Promise<SyncResult> {
  if (!running) {
    running = runSync(reason).finally(() => (running = undefined));
    return running;
  }
  queued ??= running.then(() => {
    queued = undefined;
    return syncContent(reason);
  });
  return queued;
}

// After a failed sync the content source is asked again, less often each time: a Sanity outage
// during a start or a publish must not leave an instance on old content until the next publish.
const RETRY_MS = [30_000, 60_000, 120_000, 300_000, 600_000];
let retryTimer: NodeJS.Timeout | undefined;
let retries = 0;

function scheduleRetry() {
  if (retryTimer) return;
  const delay = RETRY_MS[Math.min(retries, RETRY_MS.length - 1)]!;
  retries++;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void syncContent('retry');
  }, delay).unref();
}

function cancelRetry() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retries = 0;
}

/** A NOTIFY payload: `{origin, detail?}` (anything else counts as a manual announcement). */
const announcement = z.object({ origin: z.enum(['webhook', 'live', 'start', 'manual']) });

/**
 * Says that content may have changed. On PostgreSQL a NOTIFY reaches every instance (this one too),
 * each of which syncs; resolves once it is sent. On PGlite this one process syncs and then resolves.
 */
export async function announceContentChange(origin: ContentChangeOrigin, detail?: string): Promise<void> {
  const database = getDatabase();
  const said = detail ? `${origin}: ${detail.slice(0, 200)}` : origin;
  if (database.kind === 'postgres') {
    await database.notify(CONTENT_CHANNEL, JSON.stringify({ origin, detail: detail?.slice(0, 200) }));
    log.info(`Content change announced to every instance (${said})`);
    return;
  }
  log.info(`Content change announced (${said})`);
  await syncContent(origin);
}

/**
 * Starts following content changes: on PostgreSQL, LISTEN (after a lost connection, whatever was
 * announced meanwhile is caught up with a sync). Then, with `initialSync`, renders the pages from
 * the content source as it is now; the caller listens for requests only after that.
 */
export async function startContentSync({ initialSync }: { initialSync: boolean }): Promise<SyncResult | undefined> {
  const database = getDatabase();
  if (database.kind === 'postgres')
    await database.listen(
      CONTENT_CHANNEL,
      (payload) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(payload);
        } catch {
          parsed = undefined;
        }
        const message = announcement.safeParse(parsed);
        void syncContent(message.success ? message.data.origin : 'manual');
      },
      () => void syncContent('reconnect'),
    );
  return initialSync ? syncContent('start') : undefined;
}
