import { describe, expect, test } from 'vitest';
import { absoluteUrl, pageMeta, SITE_NAME } from './seo';

const find = (meta: ReturnType<typeof pageMeta>, key: string, value: string) =>
  meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe('page meta', () => {
  const meta = pageMeta({
    title: 'AGB',
    description: 'Die Bedingungen.',
    path: '/agb',
    publicUrl: 'https://example.org/',
    image: { src: '/images/share.jpg', width: 1200, height: 630, alt: 'Pferd' },
  });

  test('title carries the site name, except on the home page', () => {
    expect(meta[0]).toEqual({ title: `AGB | ${SITE_NAME}` });
    expect(pageMeta({ title: SITE_NAME, path: '/' })[0]).toEqual({ title: SITE_NAME });
  });
  test('canonical, og:url and the share image are absolute', () => {
    expect(find(meta, 'rel', 'canonical')).toMatchObject({ tagName: 'link', href: 'https://example.org/agb' });
    expect(find(meta, 'property', 'og:url')?.content).toBe('https://example.org/agb');
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://example.org/images/share.jpg');
    expect(find(meta, 'name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(find(meta, 'name', 'twitter:image')?.content).toBe('https://example.org/images/share.jpg');
    expect(find(meta, 'name', 'description')?.content).toBe('Die Bedingungen.');
  });
  test('noindex pages get robots noindex and no canonical or sharing tags', () => {
    const hidden = pageMeta({ title: 'Team', path: '/teamdashboard', noindex: true, publicUrl: 'https://example.org' });
    expect(find(hidden, 'name', 'robots')?.content).toBe('noindex, nofollow');
    expect(find(hidden, 'rel', 'canonical')).toBeUndefined();
    expect(find(hidden, 'property', 'og:title')).toBeUndefined();
  });
  test('JSON-LD objects become script:ld+json descriptors', () => {
    const withLd = pageMeta({ title: 'x', path: '/', jsonLd: [{ '@type': 'FAQPage' }] });
    expect(withLd.at(-1)).toEqual({ 'script:ld+json': { '@type': 'FAQPage' } });
  });
  test('absolute URLs pass through, slashes are joined once', () => {
    expect(absoluteUrl('https://a.de', 'https://b.de/x')).toBe('https://b.de/x');
    expect(absoluteUrl('https://a.de/', '/x')).toBe('https://a.de/x');
    expect(absoluteUrl('https://a.de', '/')).toBe('https://a.de/');
  });
});
