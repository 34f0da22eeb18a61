import { vercelStegaCombine } from '@vercel/stega';
import { describe, expect, test } from 'vitest';
import { headingId } from './RichText';

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
