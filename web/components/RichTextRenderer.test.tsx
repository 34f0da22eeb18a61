import { vercelStegaCombine } from '@vercel/stega';
import { describe, expect, test } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PortableTextBlock } from '~/lib/content-types';
import { headingId, RichTextRenderer } from './RichTextRenderer';

/** A block of Portable Text: one plain span of `text` (also its key) unless `extra` says otherwise. */
const block = (text: string, style = 'normal', extra: object = {}) => ({
  _type: 'block',
  _key: text,
  style,
  markDefs: [],
  children: [{ _type: 'span', _key: `${text}-s`, text, marks: [] }],
  ...extra,
});
/** The renderer's HTML for `value`. */
const render = (value: PortableTextBlock[]) => renderToStaticMarkup(<RichTextRenderer value={value} />);

describe('headingId', () => {
  test('German headings become readable anchors', () => {
    expect(headingId('§ 5 Widerrufsrecht')).toBe('5-widerrufsrecht');
    expect(headingId('Änderungen dieser Erklärung')).toBe('aenderungen-dieser-erklaerung');
    expect(headingId('Straße\u00adnverkehr')).toBe('strassenverkehr');
  });

  test('a heading keeps its anchor in the preview, whose texts carry stega marks (also inside a word)', () => {
    const mark = (text: string) =>
      vercelStegaCombine(text, { origin: 'sanity.io', href: '/studio/intent/edit/id=legalPage-agb;path=body' });
    expect(headingId(mark('§ 5 Widerrufsrecht'))).toBe('5-widerrufsrecht');
    expect(headingId(`${mark('Wider')}${mark('rufsrecht')}`)).toBe('widerrufsrecht');
  });
});

describe('RichTextRenderer typography', () => {
  test('typographic apostrophes, a dash never starting a line, "E-Mail" kept on one line', () => {
    const html = render([
      block('a', 'normal', {
        markDefs: [{ _key: 'l', _type: 'link', href: '/imprint' }],
        children: [
          { _type: 'span', _key: 'a1', text: "RIDER'S PERFECTION – per E-Mail an die im ", marks: [] },
          { _type: 'span', _key: 'a2', text: 'Impressum', marks: ['l'] },
          { _type: 'span', _key: 'a3', text: ' genannte E-Mail-Adresse', marks: ['strong'] },
        ],
      }),
    ]);
    expect(html).toBe(
      '<p>RIDER’S PERFECTION\u00a0– per <span class="nowrap">E-Mail</span> an die im ' +
        '<a href="/imprint">Impressum</a><strong> genannte <span class="nowrap">E-Mail</span>-Adresse</strong></p>',
    );
  });
});

describe('RichTextRenderer', () => {
  test('headings get readable anchors; lists and paragraphs render', () => {
    const html = render([
      block('§ 5 Widerrufsrecht', 'h2'),
      block('Datenerfassung auf dieser Website', 'h3'),
      block('Absatz'),
      block('Punkt', 'normal', { listItem: 'bullet', level: 1 }),
    ]);
    expect(html).toContain('<h2 id="5-widerrufsrecht">§ 5 Widerrufsrecht</h2>');
    expect(html).toContain('<h3 id="datenerfassung-auf-dieser-website">');
    expect(html).toContain('<p>Absatz</p>');
    expect(html).toContain('<ul><li>Punkt</li></ul>');
    expect(headingId('Änderungen dieser Datenschutzerklärung')).toBe('aenderungen-dieser-datenschutzerklaerung');
  });

  test('external links open safely, mail links stay; unknown blocks render nothing', () => {
    const html = render([
      block('l', 'normal', {
        markDefs: [
          { _key: 'a', _type: 'link', href: 'https://example.org' },
          { _key: 'm', _type: 'link', href: 'mailto:kontakt@example.org' },
        ],
        children: [
          { _type: 'span', _key: '1', text: 'Web', marks: ['a'] },
          { _type: 'span', _key: '2', text: ' und ', marks: [] },
          { _type: 'span', _key: '3', text: 'Mail', marks: ['m'] },
        ],
      }),
      { _type: 'operatorDetails', _key: 'x' } as unknown as PortableTextBlock,
    ]);
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">Web</a>');
    expect(html).toContain('<a href="mailto:kontakt@example.org">Mail</a>');
    expect(html).not.toContain('operatorDetails');
  });
});
