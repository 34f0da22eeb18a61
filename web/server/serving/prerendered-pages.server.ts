// Serves the HTML files React Router prerendered (at build time, and again on each content
// revalidation) as fixed bytes. Instead of a per-response CSP nonce, which would force copying and
// compressing the page on every request, each page's CSP lists the hashes of its inline scripts,
// computed when the page is loaded. Identity, gzip and brotli variants are made once (or taken from
// the files beside the page when they still match it) and held in memory.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { precompressedBeside } from './precompress.server';
import { inlineScriptHashes } from '../http/http.server';
import { staticFile, type StaticFile } from './static-files.server';

export function htmlFileFor(clientDir: string, pathname: string) {
  return path.join(clientDir, ...pathname.split('/').filter(Boolean), 'index.html');
}

export const normalizePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The headers of a page whose inline scripts have these CSP hashes (security headers, caching, type). */
export type PageHeaders = (scriptHashes: string[]) => Record<string, string>;

export class PrerenderedPages {
  private pages = new Map<string, StaticFile>();

  constructor(
    private readonly clientDir: string,
    readonly paths: readonly string[],
    private readonly headersFor: PageHeaders,
  ) {}

  /**
   * Reads every prerendered page (at start, and after a rebuild or a content revalidation) and
   * then replaces all of them at once: a request gets the old set or the new one, never a mix.
   */
  async load() {
    const loaded = await Promise.all(this.paths.map(async (p) => [normalizePath(p), await this.loadPage(p)] as const));
    const pages = new Map<string, StaticFile>();
    // A path without a file is not prerendered: the server renders it per request.
    for (const [p, page] of loaded) if (page) pages.set(p, page);
    this.pages = pages;
  }

  private async loadPage(pathname: string): Promise<StaticFile | undefined> {
    const file = htmlFileFor(this.clientDir, pathname);
    let html: Buffer;
    try {
      html = await readFile(file);
    } catch {
      return undefined;
    }
    const [gzip, br] = await Promise.all([
      precompressedBeside(file, html, 'gzip'),
      precompressedBeside(file, html, 'br'),
    ]);
    return staticFile({
      identity: html,
      gzip,
      br,
      headers: this.headersFor(inlineScriptHashes(html.toString('utf8'))),
    });
  }

  /** The page for `pathname`, or undefined if it is not prerendered. */
  get(pathname: string): StaticFile | undefined {
    return this.pages.get(normalizePath(pathname));
  }
}
