import { describe, expect, test } from 'vitest';
import { sameSitePath } from './enable.server';

describe('sameSitePath: where the preview may redirect to', () => {
  test.each([
    ['/', '/'],
    ['/agb', '/agb'],
    ['/agb?sanity-preview-perspective=drafts#p-3', '/agb?sanity-preview-perspective=drafts#p-3'],
    ['agb', '/agb'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('%j stays on the site as %j', (target, expected) => {
    expect(sameSitePath(target)).toBe(expected);
  });

  test.each([
    '//evil.example/x',
    '///evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '\\/evil.example',
    'https://evil.example/x',
    'HTTPS://evil.example',
    ' https://evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    '/\t/evil.example',
    'http://this-site.invalid@evil.example/',
  ])('%j never leaves the site', (target) => {
    const path = sameSitePath(target);
    // A browser resolves the Location against the site: the origin must stay the site's.
    expect(new URL(path, 'https://site.example').origin).toBe('https://site.example');
    expect(path).toMatch(/^\/(?![/\\])/);
  });

  test('a leading run of slashes on the site collapses into one', () => {
    expect(sameSitePath('https://evil.example//evil.example/')).toBe('/');
    expect(sameSitePath('/x//y')).toBe('/x//y');
  });
});
