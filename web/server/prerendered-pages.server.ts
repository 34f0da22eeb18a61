// Serves the HTML files React Router prerendered at build time. A static file cannot carry a
// per-response CSP nonce, so each response gets a fresh nonce added to its <script> tags. The
// pages are held in memory, split at every "<script", which makes adding the nonce a join.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function htmlFileFor(clientDir: string, pathname: string) {
  return path.join(clientDir, ...pathname.split('/').filter(Boolean), 'index.html');
}

export const normalizePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export class PrerenderedPages {
  private readonly pages = new Map<string, string[]>();

  constructor(
    private readonly clientDir: string,
    readonly paths: readonly string[],
  ) {
    this.reload();
  }

  /** Reads every prerendered page again (after a rebuild or a content revalidation). */
  reload() {
    for (const p of this.paths) {
      try {
        this.pages.set(normalizePath(p), readFileSync(htmlFileFor(this.clientDir, p), 'utf8').split('<script'));
      } catch {
        this.pages.delete(normalizePath(p)); // not prerendered: the server renders it per request
      }
    }
  }

  /** The page for `pathname` with `nonce` on every script tag, or undefined if not prerendered. */
  render(pathname: string, nonce: string): string | undefined {
    return this.pages.get(normalizePath(pathname))?.join(`<script nonce="${nonce}"`);
  }
}
