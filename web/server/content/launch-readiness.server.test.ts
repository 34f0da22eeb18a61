import { describe, expect, test } from 'vitest';
import type { PortableTextBlock } from '~/lib/content-types';
import { landingFixture } from '../../../tests/fixtures/landing';
import { NOT_WHATSAPP } from '~/lib/launch-readiness';
import { launchPlaceholders } from './launch-readiness.server';
import { operatorBlocks } from './mapping.server';

const ready = structuredClone(landingFixture);
ready.settings.photoNetwork.url = 'https://www.instagram.com/lena.hartmann.reitet/';
ready.settings.operator.email = 'kontakt@lena-hartmann.de';
const group = (audience: 'reiter' | 'trainer', name: string, inviteUrl: string) => ({
  key: `${audience}-${name}`,
  audience,
  name,
  inviteUrl,
  capacity: 1000,
  active: true,
});
const readyGroups = [
  group('reiter', 'Reiterclub', 'https://chat.whatsapp.com/Ab12Cd34Ef56Gh78'),
  group('trainer', 'Trainerinnen', 'https://chat.whatsapp.com/Zy98Xw76Vu54Ts32'),
];
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
      launchPlaceholders({
        settings: ready.settings,
        communityGroups: readyGroups,
        mediaReferences: ready.mediaReferences,
        legalPages: [],
      }),
    ).toEqual([]);
  });

  test('each placeholder is named once, with its place in the Studio (in the Studio’s words) and what marks it', () => {
    const settings = structuredClone(ready.settings);
    // The riders' only group still has the bundled link; the trainers have no active group.
    const communityGroups = [
      group('reiter', 'Reiterclub', 'https://chat.whatsapp.com/PLATZHALTER-REITERCLUB'),
      { ...group('trainer', 'Trainerinnen', 'https://chat.whatsapp.com/Zy98Xw76Vu54Ts32'), active: false },
    ];
    settings.photoNetwork.url = 'https://www.instagram.com/dein.profil/';
    settings.operator = { ...settings.operator, postalCode: '[PLZ]', email: 'kontakt@example.org' };
    const imprint = {
      title: 'Impressum',
      // The operator's details, rendered from the settings into the imprint, are not listed twice.
      body: [text('Angaben gemäß § 5 DDG'), ...operatorBlocks(settings.operator), text('Telefon: [Nummer]', 'x')],
    };
    const found = launchPlaceholders({
      settings,
      communityGroups,
      mediaReferences: ready.mediaReferences,
      legalPages: [imprint],
    });
    expect(found.map((p) => [p.where, p.marker])).toEqual([
      ['Website-Einstellungen › WhatsApp-Gruppen (Community) › „Reiterclub“ › Einladungslink', 'PLATZHALTER'],
      ['Website-Einstellungen › WhatsApp-Gruppen (Community) › aktive Gruppe für Trainerinnen', 'missing'],
      ['Website-Einstellungen › Instagram (Über mich) › Profil-Adresse', 'dein.profil'],
      ['Website-Einstellungen › Betreiberin (Impressum) › PLZ', '[…]'],
      ['Website-Einstellungen › Betreiberin (Impressum) › E-Mail-Adresse', 'example.org'],
      ['Rechtstexte › Impressum › Text', '[…]'],
    ]);
    expect(found[0]!.value).toBe('https://chat.whatsapp.com/PLATZHALTER-REITERCLUB');
  });

  test('an active group whose link is not a WhatsApp invitation is named as the Studio labels its field', () => {
    const communityGroups = [
      group('reiter', 'Reiterclub', 'https://evil.example/phish'),
      group('reiter', 'Zweite', 'https://chat.whatsapp.com/Ab12\r\nSet-Cookie: a=1'),
      { ...group('reiter', 'Alte', 'https://evil.example/old'), active: false },
      group('trainer', 'Trainerinnen', 'https://chat.whatsapp.com/Zy98Xw76Vu54Ts32'),
    ];
    const found = launchPlaceholders({
      settings: ready.settings,
      communityGroups,
      mediaReferences: ready.mediaReferences,
      legalPages: [],
    });
    expect(found).toEqual([
      {
        where: 'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Reiterclub“ › Einladungslink',
        value: 'https://evil.example/phish',
        marker: NOT_WHATSAPP,
      },
      {
        where: 'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Zweite“ › Einladungslink',
        value: 'https://chat.whatsapp.com/Ab12\\u000d\\u000aSet-Cookie: a=1',
        marker: NOT_WHATSAPP,
      },
    ]);
  });
});
