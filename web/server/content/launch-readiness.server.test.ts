import { describe, expect, test } from 'vitest';
import type { PortableTextBlock } from '~/lib/content-types';
import { landingFixture } from '../../../tests/fixtures/landing';
import { launchPlaceholders } from './launch-readiness.server';
import { operatorBlocks } from './mapping.server';

const ready = structuredClone(landingFixture);
ready.settings.photoNetwork.url = 'https://www.instagram.com/lena.hartmann.reitet/';
ready.settings.operator.email = 'kontakt@lena-hartmann.de';
ready.settings.groupLinks = {
  reiter: 'https://chat.whatsapp.com/Ab12Cd34Ef56Gh78',
  trainer: 'https://chat.whatsapp.com/Zy98Xw76Vu54Ts32',
};
const text = (t: string, key = 'p'): PortableTextBlock =>
  ({
    _type: 'block',
    _key: key,
    style: 'normal',
    markDefs: [],
    children: [{ _type: 'span', _key: 's', text: t }],
  }) as PortableTextBlock;

describe('launch readiness', () => {
  test('content without placeholders is ready', () => {
    expect(
      launchPlaceholders({ settings: ready.settings, mediaReferences: ready.mediaReferences, legalPages: [] }),
    ).toEqual([]);
  });

  test('each placeholder is named once, with where it is and what marks it', () => {
    const settings = structuredClone(ready.settings);
    settings.groupLinks.reiter = 'https://chat.whatsapp.com/PLATZHALTER-REITERCLUB';
    settings.groupLinks.trainer = '';
    settings.photoNetwork.url = 'https://www.instagram.com/dein.profil/';
    settings.operator = { ...settings.operator, postalCode: '[PLZ]', email: 'kontakt@example.org' };
    const imprint = {
      title: 'Impressum',
      // The operator's details, rendered from the settings into the imprint, are not listed twice.
      body: [text('Angaben gemäß § 5 DDG'), ...operatorBlocks(settings.operator), text('Telefon: [Nummer]', 'x')],
    };
    const found = launchPlaceholders({ settings, mediaReferences: ready.mediaReferences, legalPages: [imprint] });
    expect(found.map((p) => [p.where, p.marker])).toEqual([
      ['Site settings › WhatsApp groups › riders’ invitation', 'PLATZHALTER'],
      ['Site settings › WhatsApp groups › trainers’ invitation', 'missing'],
      ['Site settings › Instagram › profile address', 'dein.profil'],
      ['Site settings › Imprint (operator) › postcode', '[…]'],
      ['Site settings › Imprint (operator) › e-mail address', 'example.org'],
      ['Impressum › text', '[…]'],
    ]);
    expect(found[0]!.value).toBe('https://chat.whatsapp.com/PLATZHALTER-REITERCLUB');
  });
});
