// The content module over the bundled dataset: every loader answers the contract shapes with the
// business's fixed facts (programme table, five horses, five FAQ items, legal pages dated October 2025).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  clearContentCache,
  getCommunityGroups,
  getLandingContent,
  getLegalPage,
  getSiteSettings,
} from '~/server/content/content.server';
import type { ResponsiveImage } from '~/lib/content-types';
import { imageSrc, imageSrcSet } from '~/lib/image-urls';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

beforeAll(() => {
  delete process.env.SANITY_PROJECT_ID;
  clearContentCache();
});

function expectImage(image: ResponsiveImage | undefined) {
  expect(image).toBeDefined();
  expect(image!.alt.length).toBeGreaterThan(5);
  expect(image!.width).toBeGreaterThan(0);
  expect(image!.height).toBeGreaterThan(0);
  expect(image!.key).toMatch(/^[a-f0-9]{40}-\d+x\d+$/);
  expect(image!.widths.length).toBeGreaterThan(0);
  expect(image!.widths).toEqual([...image!.widths].sort((a, b) => a - b));
  expect(imageSrc(image!)).toMatch(/^\/images\/[a-f0-9]{40}-\d+x\d+-\d+\.webp$/);
  expect(imageSrcSet(image!, 'avif')).toMatch(/^(\/images\/\S+\.avif \d+w)(, \/images\/\S+\.avif \d+w)*$/);
}

describe('bundled content', () => {
  test('every bundled image has its blurred preview in assets.json (no image decoding at load)', () => {
    const assets = JSON.parse(readFileSync(path.join(ROOT, 'content', 'assets.json'), 'utf8')) as Record<
      string,
      { metadata: { lqip: string } }
    >;
    const files = readdirSync(path.join(ROOT, 'content', 'images'));
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files)
      expect(assets[`image-${file.slice(0, 40)}`]?.metadata.lqip, file).toMatch(/^data:image\//);
  });

  test('the programme table: numbers, titles and durations of the five programmes', async () => {
    const { programmes } = await getLandingContent();
    expect(programmes.map((p) => [p.number, p.title, p.duration])).toEqual([
      ['01', 'MAGICAL MOVEMENT', '10 Tage'],
      ['02', "RIDER'S PERFECTION", '10 Tage'],
      ['03', 'MASTERING THE MOVE', '6 Monate'],
      ['04', 'FGP-TRAINER', '12 Monate'],
      ['05', '1:1 EXKLUSIV', 'ab 3 Monaten'],
    ]);
    const fgp = JSON.stringify(programmes[3]!.description);
    for (const part of [
      'Live-Sessions',
      'ohne Aufzeichnung',
      'Wissens-PDFs',
      'Bewegungsanalyse',
      'Buchinterpretationen',
      '1:1-Coachings',
      'Berlin',
      'Reitsitz-Simulator',
    ])
      expect(fgp).toContain(part);
  });

  test('five horses with before and after images, five FAQ items, every section titled', async () => {
    const content = await getLandingContent();
    expect(content.horses).toHaveLength(5);
    for (const horse of content.horses) {
      expectImage(horse.beforeImage);
      expectImage(horse.afterImage);
      expect(horse.beforeText).not.toEqual(horse.afterText);
    }
    expect(content.faq).toHaveLength(5);
    for (const s of Object.values(content.sections)) expect(s.title.length).toBeGreaterThan(3);
    expect(content.mediaReferences.length).toBeGreaterThan(0);
    expect(content.questions.length).toBeGreaterThan(0);
    expect(content.learningSlides.length).toBeGreaterThan(0);
  });

  test('site settings: free community, images with alt text; no invitation link in what pages get', async () => {
    const settings = await getSiteSettings();
    expect(settings.communityPrice).toBe(0);
    expect(JSON.stringify(settings)).not.toContain('chat.whatsapp.com');
    expect(settings.photoNetwork.url).toMatch(/^https:\/\//);
    expect(settings.heroVideo.youtubeId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    for (const image of [settings.signature, settings.seal, settings.heroVideo.thumbnail]) expectImage(image);
  });

  test('the pool of WhatsApp groups: one active group per audience, placeholders until launch', async () => {
    expect(await getCommunityGroups()).toEqual([
      {
        key: 'reiterclub-1',
        audience: 'reiter',
        name: 'Reiterclub',
        inviteUrl: 'https://chat.whatsapp.com/PLATZHALTER-REITERCLUB',
        capacity: 1000,
        active: true,
      },
      {
        key: 'trainerinnen-1',
        audience: 'trainer',
        name: 'Trainerinnen',
        inviteUrl: 'https://chat.whatsapp.com/PLATZHALTER-TRAINERINNEN',
        capacity: 1000,
        active: true,
      },
    ]);
  });

  test('legal pages are dated October 2025; the imprint carries the operator from the settings', async () => {
    const settings = await getSiteSettings();
    for (const slug of ['imprint', 'datenschutz', 'agb'] as const) {
      const page = await getLegalPage(slug);
      expect(page.slug).toBe(slug);
      expect(page.dateLabel).toContain('Oktober 2025');
      expect(page.body.length).toBeGreaterThan(3);
    }
    const imprint = JSON.stringify((await getLegalPage('imprint')).body);
    expect(imprint).toContain('§ 5 DDG');
    expect(imprint).toContain(settings.operator.street);
    expect(imprint).not.toContain('operatorDetails');
    const agb = JSON.stringify((await getLegalPage('agb')).body);
    for (let n = 1; n <= 11; n++) expect(agb).toContain(`§ ${n} `);
    for (const part of ['14 Tagen', '48 Stunden', '50 %', '100 %']) expect(agb).toContain(part);
    const privacy = JSON.stringify((await getLegalPage('datenschutz')).body);
    for (const part of [
      'Datenerfassung',
      'Analyse',
      'TLS',
      'Anmeldeformular',
      'WhatsApp',
      'Rechte',
      'Änderungen',
      'Fragen',
      // Applications: what, why, and how long; accounts and their session cookie.
      'Bewerbungen als Mentee, Mentor oder Business Partner',
      '12 Monate nach ihrer letzten Änderung',
      'access_grant',
      'Dein Konto',
      'Sitzungs-Cookie',
      // The visitor count: nothing on the device, daily salt and hashes deleted, aggregates only,
      // GPC and DNT honoured, why no consent is needed.
      'Besucherzählung ohne Cookies',
      'Auf deinem Gerät wird nichts gespeichert',
      'nach dessen Ende (Zeitzone Europe/Berlin) automatisch gelöscht',
      'Tagessummen',
      'Global Privacy Control',
      '§ 25 Abs. 1 TDDDG',
      // The group links' click count: what it keeps and what it does not.
      'Klicks auf unsere Gruppenlinks',
      'zu welcher Gruppe er führte, den Tag und',
      'speichern wir dafür nicht, und wir setzen kein Cookie',
      // The newsletter: what is kept, the double opt-in and its record, how often, unsubscribing
      // (every mail, one click, the account), nothing counted, no mailing service.
      '6. Newsletter',
      'den Zeitpunkt deiner Anmeldung und den Zeitpunkt, zu dem du sie bestätigt hast',
      'Double-Opt-in',
      'als Nachweis deiner Einwilligung auf (Art. 7 Abs. 1 DSGVO)',
      'ein- bis zweimal im Monat',
      'mit einem Klick auf „Vom Newsletter abmelden“ am Ende jeder E-Mail',
      '"href":"/konto"',
      'keine Zählpixel',
      'ohne Umleitung über eine Zählstelle',
      'ohne Newsletter- oder Marketing-Dienstleister',
    ])
      expect(privacy).toContain(part);
  });
});
