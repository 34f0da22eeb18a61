// Serves the pages React Router prerendered (HTML and the `.data` file a client-side navigation
// fetches) as fixed bytes: the build's files at start, then whatever a content sync rendered, held
// in memory only (the build folder may be read-only, and a new instance renders its own). Instead
// of a per-response CSP nonce, which would force copying and compressing the page on every request,
// each page's CSP lists the hashes of its inline scripts, computed when the page is taken in.
// Identity, gzip and brotli variants are made once (or taken from the files beside a build page
// when they still match it) and held in memory.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotli, gzip, precompressedBeside } from './precompress.server';
import { inlineScriptHashes } from '../http/http.server';
import { staticFile, type StaticFile } from './static-files.server';

export function htmlFileFor(clientDir: string, pathname: string) {
  return path.join(clientDir, ...pathname.split('/').filter(Boolean), 'index.html');
}

export const normalizePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The URL of a prerendered route's data, as React Router's build names it (`/` → `/_.data`). */
export const dataPathFor = (pathname: string) => {
  const p = normalizePath(pathname);
  return p === '/' ? '/_.data' : `${p}.data`;
};

/** The headers of a page whose inline scripts have these CSP hashes (security headers, caching, type). */
export type PageHeaders = (scriptHashes: string[]) => Record<string, string>;

/** One route as a content sync rendered it. */
export interface RenderedPage {
  /** The route's path as the build lists it (`/`, `/agb`). */
  path: string;
  html: string;
  /** The route's `.data` (what a client-side navigation to it loads). */
  data: string;
}

/** Caching and type of a `.data` file; `no-cache` because a publish changes it under the same URL. */
export const DATA_HEADERS = { 'Cache-Control': 'no-cache', 'Content-Type': 'text/x-script' };

export class PrerenderedPages {
  /** HTML by page path and `.data` by its URL. */
  private files = new Map<string, StaticFile>();

  constructor(
    private readonly clientDir: string,
    readonly paths: readonly string[],
    private readonly headersFor: PageHeaders,
    /** Headers of the `.data` files (the security headers, then DATA_HEADERS). */
    private readonly dataHeaders: Record<string, string> = DATA_HEADERS,
  ) {}

  /**
   * Takes in the build's pages (at start) and then replaces all of them at once: a request gets
   * the old set or the new one, never a mix.
   */
  async load() {
    const loaded = await Promise.all(
      this.paths.map(async (p) => [p, await this.loadBuildPage(p), await this.loadBuildData(p)] as const),
    );
    const files = new Map<string, StaticFile>();
    // A path without a file is not prerendered: the server renders it per request.
    for (const [p, page, data] of loaded) {
      if (page) files.set(normalizePath(p), page);
      if (data) files.set(dataPathFor(p), data);
    }
    this.generation++;
    this.files = files;
  }

  /** Counts replacements, so that a slow brotli pass never brings back older pages. */
  private generation = 0;

  /**
   * Replaces every page with these renderings, all at once, held in memory only. They are served
   * as soon as their gzip copies exist (milliseconds); brotli at its highest level takes far longer
   * (about a tenth of a second per page), so the brotli copies join when `compressed` settles.
   */
  async replace(rendered: readonly RenderedPage[]): Promise<{ compressed: Promise<void> }> {
    const generation = ++this.generation;
    const pages = rendered.map(({ path: p, html, data }) => ({
      path: p,
      html: Buffer.from(html, 'utf8'),
      data: Buffer.from(data, 'utf8'),
    }));
    const gzipped = await Promise.all(
      pages.map(async (page) => [await gzip(page.html), await gzip(page.data)] as const),
    );
    const swap = (brotlis?: (readonly [Buffer, Buffer])[]) => {
      this.files = new Map(
        pages.flatMap((page, i) => [
          [normalizePath(page.path), this.page(page.html, gzipped[i]![0], brotlis?.[i]![0])] as const,
          [
            dataPathFor(page.path),
            staticFile({ identity: page.data, gzip: gzipped[i]![1], br: brotlis?.[i]![1], headers: this.dataHeaders }),
          ] as const,
        ]),
      );
    };
    swap();
    const compressed = Promise.all(
      pages.map(async (page) => [await brotli(page.html), await brotli(page.data)] as const),
    ).then((brotlis) => {
      if (generation === this.generation) swap(brotlis);
    });
    return { compressed };
  }

  private page(html: Buffer, gzip: Buffer, br: Buffer | undefined) {
    return staticFile({
      identity: html,
      gzip,
      br,
      headers: this.headersFor(inlineScriptHashes(html.toString('utf8'))),
    });
  }

  private async loadBuildPage(pathname: string): Promise<StaticFile | undefined> {
    const file = htmlFileFor(this.clientDir, pathname);
    const html = await readFile(file).catch(() => undefined);
    if (!html) return undefined;
    const [gzip, br] = await Promise.all([
      precompressedBeside(file, html, 'gzip'),
      precompressedBeside(file, html, 'br'),
    ]);
    return this.page(html, gzip, br);
  }

  private async loadBuildData(pathname: string): Promise<StaticFile | undefined> {
    const data = await readFile(path.join(this.clientDir, ...dataPathFor(pathname).split('/'))).catch(() => undefined);
    if (!data) return undefined;
    const [gz, br] = await Promise.all([gzip(data), brotli(data)]);
    return staticFile({ identity: data, gzip: gz, br, headers: this.dataHeaders });
  }

  /** The page (or `.data` file) for `pathname`, or undefined if it is not prerendered. */
  get(pathname: string): StaticFile | undefined {
    return this.files.get(normalizePath(pathname));
  }
}
