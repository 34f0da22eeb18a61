import { vercelStegaCombine } from '@vercel/stega';
import { describe, expect, test } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { headingId, RichTextRenderer } from './RichTextRenderer';

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
    const html = renderToStaticMarkup(
      <RichTextRenderer
        value={[
          {
            _type: 'block',
            _key: 'a',
            style: 'normal',
            markDefs: [{ _key: 'l', _type: 'link', href: '/imprint' }],
            children: [
              { _type: 'span', _key: 'a1', text: "RIDER'S PERFECTION – per E-Mail an die im ", marks: [] },
              { _type: 'span', _key: 'a2', text: 'Impressum', marks: ['l'] },
              { _type: 'span', _key: 'a3', text: ' genannte E-Mail-Adresse', marks: ['strong'] },
            ],
          },
        ]}
      />,
    );
    expect(html).toBe(
      '<p>RIDER’S PERFECTION\u00a0– per <span class="nowrap">E-Mail</span> an die im ' +
        '<a href="/imprint">Impressum</a><strong> genannte <span class="nowrap">E-Mail</span>-Adresse</strong></p>',
    );
  });
});
