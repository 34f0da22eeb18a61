import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, newNonce, securityHeaders } from './security-headers.server';

describe('security headers', () => {
  test('the CSP allows scripts only from our origin and the nonce, never unsafe-inline', () => {
    const csp = contentSecurityPolicy('abc');
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  test('HSTS only for an https PUBLIC_URL', () => {
    expect(securityHeaders('n', false)['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders('n', true)['Strict-Transport-Security']).toMatch(/max-age=\d+/);
  });

  test('nonces are fresh', () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(newNonce()).toMatch(/^[A-Za-z0-9+/=]{24}$/);
  });
});
