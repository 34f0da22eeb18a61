// Checks of a response's Content-Security-Policy against its HTML, written apart from the server's
// own code so that a test does not re-use what it tests.
import { createHash } from 'node:crypto';

export const scriptSrc = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))!;

/** The text of every inline script the browser could run (no src, not a JSON data block). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/application\/(ld\+)?json/.test(attributes!))
    .map(([, , text]) => text!);
}

/** The inline scripts of `html` that the CSP's script-src does not allow by hash. */
export function scriptsWithoutHash(html: string, csp: string): string[] {
  const sources = scriptSrc(csp).split(/\s+/);
  return inlineScripts(html).filter(
    (text) => !sources.includes(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`),
  );
}
