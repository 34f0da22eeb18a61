// Security headers for every response. Scripts run only from our origin, with the response's nonce
// (server-rendered pages) or with one of the page's inline script hashes (prerendered pages, whose
// bytes are fixed); the only other host the page may ever talk to is the video provider, after a click.
import { createHash, randomBytes } from 'node:crypto';

export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export const newNonce = () => randomBytes(16).toString('base64');

/** What may run besides scripts from our origin: a nonce, or the hashes of a fixed page's inline scripts. */
export type ScriptPermit = { nonce: string } | { hashes: readonly string[] };

function scriptSources(permit: ScriptPermit) {
  if ('nonce' in permit) return `'self' 'nonce-${permit.nonce}'`;
  return ["'self'", ...permit.hashes.map((hash) => `'${hash}'`)].join(' ');
}

/** Who may show the page in a frame: nobody, or (a page in the editor's preview) the Studio. */
export interface FramingOptions {
  /** The one origin allowed to frame the page (the Studio's); without it no page may frame it. */
  frameAncestor?: string;
}

export function contentSecurityPolicy(permit: ScriptPermit, { frameAncestor }: FramingOptions = {}) {
  return [
    "default-src 'self'",
    `script-src ${scriptSources(permit)}`,
    // React writes style attributes (progress line, slider position); no inline <style> scripts.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${VIDEO_EMBED_ORIGIN}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestor ?? "'none'"}`,
  ].join('; ');
}

export function securityHeaders(
  permit: ScriptPermit,
  https: boolean,
  framing: FramingOptions = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(permit, framing),
    'X-Content-Type-Options': 'nosniff',
    // X-Frame-Options cannot name one allowed origin (ALLOW-FROM is obsolete): a page the Studio
    // may frame relies on CSP frame-ancestors alone.
    ...(framing.frameAncestor ? {} : { 'X-Frame-Options': 'DENY' }),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

// Every <script> element with content and without src. JSON data blocks (JSON-LD) are never run and
// need no hash; other types are hashed too, because a page may run their text later as a script
// (the prerendered pages copy an inert module script into a real one once the first view is painted).
const INLINE_SCRIPT = /<script(?=[\s>])([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;
const HAS_SRC = /\bsrc\s*=/i;

/** The CSP hash sources (`sha256-…`) of the inline scripts in `html`, each once, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (HAS_SRC.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
