// Serves the HTML files React Router prerendered at build time. A static file cannot carry a
// per-response CSP nonce, so each response gets a fresh nonce added to its executable <script>
// tags. The pages are held in memory, split at each of those tags, which makes adding the nonce a
// join. JSON data blocks (JSON-LD) are not executed and get no nonce: the browser hides a nonce
// from the DOM, and React would report the difference as a hydration mismatch.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function htmlFileFor(clientDir: string, pathname: string) {
  return path.join(clientDir, ...pathname.split('/').filter(Boolean), 'index.html');
}

const EXECUTABLE_SCRIPT = /<script(?=[\s>])(?![^>]*\btype="application\/(?:ld\+)?json")/;

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
        this.pages.set(normalizePath(p), readFileSync(htmlFileFor(this.clientDir, p), 'utf8').split(EXECUTABLE_SCRIPT));
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
