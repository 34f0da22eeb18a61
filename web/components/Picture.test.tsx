import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { ResponsiveImage } from '~/lib/content-types';
import { Picture } from './Picture';

const image: ResponsiveImage = {
  alt: 'Luna nachher',
  width: 1600,
  height: 1067,
  key: 'abc-1600x1067',
  widths: [800, 1600],
  placeholder: 'data:image/webp;base64,AAAA',
};

describe('Picture', () => {
  test('AVIF before WebP, width and height set, lazy by default', () => {
    const html = renderToStaticMarkup(<Picture image={image} sizes="100vw" className="x" />);
    expect(html.indexOf('type="image/avif"')).toBeLessThan(html.indexOf('type="image/webp"'));
    expect(html).toContain('srcSet="/images/abc-1600x1067-800.avif 800w');
    expect(html).toMatch(/<img[^>]+width="1600"[^>]+height="1067"/);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('alt="Luna nachher"');
    // The preview as a property: after-first-paint.css makes it the background (decision 058).
    expect(html).toContain('--placeholder:url(&quot;data:image/webp;base64,AAAA&quot;)');
    expect(html).not.toContain('background-image');
    expect(html).toMatch(/^<picture class="x">/);
  });

  test('a transparent image (the signature) gets no blurred preview behind it', () => {
    // The preview would stay visible through the transparent parts once the image has loaded.
    const signature = { ...image, transparent: true };
    for (const html of [
      renderToStaticMarkup(<Picture image={signature} sizes="220px" />),
      renderToStaticMarkup(<Picture image={image} sizes="220px" transparent />),
      renderToStaticMarkup(<Picture image={{ ...signature, placeholder: '#d9cfbd' }} sizes="220px" />),
    ]) {
      expect(html).not.toContain('background');
      expect(html).toContain('alt="Luna nachher"');
    }
  });

  test('priority images load eagerly with high priority; no image renders nothing', () => {
    const html = renderToStaticMarkup(<Picture image={image} sizes="96px" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(renderToStaticMarkup(<Picture image={undefined} sizes="1px" />)).toBe('');
  });

  test('other images load lazily with low priority, also when the browser finds them in the first view', () => {
    const html = renderToStaticMarkup(<Picture image={image} sizes="80px" />);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('fetchPriority="low"');
  });
});
