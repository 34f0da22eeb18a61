import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, newNonce, securityHeaders } from './security-headers.server';

const scriptSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('script-src'));
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('security headers', () => {
  test('the CSP allows scripts only from our origin and the nonce, never unsafe-inline', () => {
    const csp = contentSecurityPolicy({ nonce: 'abc' });
    expect(scriptSrc(csp)).toBe("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  test('a fixed page: our origin and the hashes of its inline scripts, never unsafe-inline', () => {
    const csp = contentSecurityPolicy({ hashes: ['sha256-AAA=', 'sha256-BBB='] });
    expect(scriptSrc(csp)).toBe("script-src 'self' 'sha256-AAA=' 'sha256-BBB='");
    // Everything but script-src is the same as with a nonce.
    expect(csp.replace(scriptSrc(csp)!, '')).toBe(
      contentSecurityPolicy({ nonce: 'x' }).replace("script-src 'self' 'nonce-x'", ''),
    );
  });

  test("a page the editor previews may be framed by the Studio's origin only; every other page by nobody", () => {
    const framed = securityHeaders({ nonce: 'n' }, true, { frameAncestor: 'https://studio.example.org' });
    expect(framed['Content-Security-Policy']).toContain('frame-ancestors https://studio.example.org');
    // X-Frame-Options cannot name an origin: it would forbid the Studio's frame.
    expect(framed['X-Frame-Options']).toBeUndefined();
    const other = securityHeaders({ nonce: 'n' }, true);
    expect(other['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(other['X-Frame-Options']).toBe('DENY');
    // Nothing else differs.
    expect(framed['Content-Security-Policy']!.replace('https://studio.example.org', "'none'")).toBe(
      other['Content-Security-Policy'],
    );
  });

  test('HSTS only for an https PUBLIC_URL', () => {
    expect(securityHeaders({ nonce: 'n' }, false)['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ nonce: 'n' }, true)['Strict-Transport-Security']).toMatch(/max-age=\d+/);
  });

  test('nonces are fresh', () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(newNonce()).toMatch(/^[A-Za-z0-9+/=]{24}$/);
  });
});

describe('inline script hashes', () => {
  test('every inline script is hashed over its exact text (UTF-8), data blocks and src scripts are not', () => {
    const html =
      '<head><script>a()</script><script type="module">import "/x.js";</script>' +
      '<script type="application/ld+json">{"a":1}</script><script src="/y.js"></script>' +
      '<script type="text/x-deferred-module" id="m">\nimport "/z.js";</script>' +
      '<scripts-not-a-tag>b()</scripts-not-a-tag><script>ä("ö")</script><SCRIPT>a()</SCRIPT></head>';
    expect(inlineScriptHashes(html)).toEqual([
      sha256('a()'),
      sha256('import "/x.js";'),
      sha256('\nimport "/z.js";'),
      sha256('ä("ö")'),
    ]);
  });

  test('a page without inline scripts has no hashes', () => {
    expect(inlineScriptHashes('<p>no scripts</p><script src="/a.js"></script>')).toEqual([]);
  });
});
