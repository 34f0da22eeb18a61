import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { PortableTextBlock, ResponsiveImage } from '~/lib/content-types';
import { Picture } from './Picture';
import { headingId, RichTextRenderer as RichText } from './RichTextRenderer';

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
    expect(html).toContain('background-image:url(&quot;data:image/webp;base64,AAAA&quot;)');
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

describe('RichText', () => {
  const block = (text: string, style = 'normal', extra: object = {}) => ({
    _type: 'block',
    _key: text,
    style,
    markDefs: [],
    children: [{ _type: 'span', _key: `${text}-s`, text, marks: [] }],
    ...extra,
  });

  test('headings get readable anchors; lists and paragraphs render', () => {
    const html = renderToStaticMarkup(
      <RichText
        value={[
          block('§ 5 Widerrufsrecht', 'h2'),
          block('Datenerfassung auf dieser Website', 'h3'),
          block('Absatz'),
          block('Punkt', 'normal', { listItem: 'bullet', level: 1 }),
        ]}
      />,
    );
    expect(html).toContain('<h2 id="5-widerrufsrecht">§ 5 Widerrufsrecht</h2>');
    expect(html).toContain('<h3 id="datenerfassung-auf-dieser-website">');
    expect(html).toContain('<p>Absatz</p>');
    expect(html).toContain('<ul><li>Punkt</li></ul>');
    expect(headingId('Änderungen dieser Datenschutzerklärung')).toBe('aenderungen-dieser-datenschutzerklaerung');
  });

  test('external links open safely, mail links stay; unknown blocks render nothing', () => {
    const html = renderToStaticMarkup(
      <RichText
        value={[
          {
            _type: 'block',
            _key: 'l',
            style: 'normal',
            markDefs: [
              { _key: 'a', _type: 'link', href: 'https://example.org' },
              { _key: 'm', _type: 'link', href: 'mailto:kontakt@example.org' },
            ],
            children: [
              { _type: 'span', _key: '1', text: 'Web', marks: ['a'] },
              { _type: 'span', _key: '2', text: ' und ', marks: [] },
              { _type: 'span', _key: '3', text: 'Mail', marks: ['m'] },
            ],
          },
          { _type: 'operatorDetails', _key: 'x' } as unknown as PortableTextBlock,
        ]}
      />,
    );
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">Web</a>');
    expect(html).toContain('<a href="mailto:kontakt@example.org">Mail</a>');
    expect(html).not.toContain('operatorDetails');
  });
});
