// Every schema type compiles without problems; every document of the bundled dataset passes the
// Studio's validation; broken content is caught by the rules that keep the page intact.
/* eslint-disable @typescript-eslint/no-explicit-any -- the tests break documents and walk compiled schema types, both untyped JSON */
import { describe, expect, test } from 'vitest';
import { schemaTypes, SINGLETONS } from './index';
import { PLACEHOLDER_WARNING, placeholderIn, placeholdersInBlocks } from './placeholders';
import { bundledDataset, compiledSchema, documentErrors, schemaProblems } from '../tests/support/sanity-schema';
import { launchReadySettings } from '../tests/support/launch-ready';

/** A document of the dataset, as the test support reads it (schemas/ imports nothing of the server). */
type SanityDocument = ReturnType<typeof bundledDataset>[number];

const dataset = bundledDataset();
const schema = compiledSchema();
const byId = (id: string) =>
  structuredClone(dataset.find((d) => d._id === id)!) as SanityDocument & Record<string, any>;

describe('schema types', () => {
  test('compile without errors or warnings', () => {
    expect(schemaProblems()).toEqual([]);
  });

  test.each(schemaTypes.map((t) => [t.name, t] as const))('%s has a German title and compiles', (name, type) => {
    expect(type.title).toMatch(/\S/);
    expect(schema.get(name)).toBeDefined();
  });

  test('every image field requires alt text', () => {
    const imageFields: string[] = [];
    const walk = (type: any, where: string) => {
      for (const field of type.fields ?? []) {
        const t = field.type;
        if (t.name === 'image' || (t.jsonType === 'object' && t.type?.name === 'image')) {
          imageFields.push(`${where}.${field.name}`);
          expect(
            t.fields.map((f: any) => f.name),
            `${where}.${field.name}`,
          ).toContain('alt');
          expect(
            t.fields.find((f: any) => f.name === 'alt').type.validation,
            `${where}.${field.name}.alt`,
          ).toBeTruthy();
        } else if (t.jsonType === 'object' && !where.includes(field.name)) walk(t, `${where}.${field.name}`);
      }
    };
    for (const t of schemaTypes) walk(schema.get(t.name), t.name);
    expect(imageFields.length).toBeGreaterThanOrEqual(10);
  });
});

describe('the bundled dataset', () => {
  const documents = dataset.filter((d) => !d._type.startsWith('sanity.'));

  test('holds both singletons with their fixed ids and only known types', () => {
    for (const id of Object.values(SINGLETONS)) expect(dataset.some((d) => d._id === id)).toBe(true);
    const known = new Set<string>(schemaTypes.map((t) => t.name));
    for (const d of documents) expect(known.has(d._type), d._type).toBe(true);
  });

  test.each(documents.map((d) => [d._id, d] as const))('%s passes validation', async (_id, document) => {
    expect(await documentErrors(document, dataset, schema)).toEqual([]);
  });
});

describe('rules that stop a broken page', () => {
  const errorsOf = (doc: SanityDocument, data = dataset) => documentErrors(doc, data, schema);

  test('an image without alt text', async () => {
    const horse = byId('horseCase-1');
    delete horse.beforeImage.alt;
    expect((await errorsOf(horse)).join('\n')).toMatch(/beforeImage/);
  });

  test('a missing image', async () => {
    const horse = byId('horseCase-2');
    delete horse.afterImage;
    expect((await errorsOf(horse)).join('\n')).toMatch(/afterImage: (Bitte lade ein Bild hoch|Required)/);
  });

  test('four horses instead of five, and six FAQ items', async () => {
    const page = byId('landingPage');
    page.horses = page.horses.slice(0, 4);
    page.faqItems = [...page.faqItems, { ...page.faqItems[0], _key: 'extra' }];
    const errors = (await errorsOf(page)).join('\n');
    expect(errors).toMatch(/horses: .*genau 5/);
    expect(errors).toMatch(/faqItems/);
  });

  test('programmes out of order', async () => {
    const page = byId('landingPage');
    page.programmes = [page.programmes[1], page.programmes[0], ...page.programmes.slice(2)];
    expect((await errorsOf(page)).join('\n')).toMatch(/programmes: .*Reihenfolge 01 bis 05 .*02, 01/);
  });

  test('a programme number outside 01–05 or taken twice', async () => {
    const p = byId('programme-03');
    p.number = '06';
    expect((await errorsOf(p)).join('\n')).toMatch(/number/);
    p.number = '01';
    expect((await errorsOf(p)).join('\n')).toMatch(/number: Die Nummer 01 hat schon ein anderes Programm/);
  });

  test('links that are not https', async () => {
    const settings = byId('siteSettings');
    settings.photoNetwork.url = 'http://www.instagram.com/x/';
    settings.communityGroups[1].inviteUrl = 'https://example.org/gruppe';
    const errors = (await errorsOf(settings)).join('\n');
    expect(errors).toMatch(/photoNetwork\.url/);
    expect(errors).toMatch(/communityGroups\.{"_key":"trainerinnen-1"}\.inviteUrl: .*chat\.whatsapp\.com/);
  });

  test('a WhatsApp link with a control character (the server would skip it)', async () => {
    const settings = byId('siteSettings');
    settings.communityGroups[0].inviteUrl = 'https://chat.whatsapp.com/Ab12\r\nSet-Cookie: x=1';
    expect((await errorsOf(settings)).join('\n')).toMatch(
      /communityGroups\.{"_key":"reiterclub-1"}\.inviteUrl: .*chat\.whatsapp\.com/,
    );
  });

  test('a group with a capacity outside 1–1,024, without a name or an audience', async () => {
    const settings = byId('siteSettings');
    settings.communityGroups[0].capacity = 1025;
    settings.communityGroups[1].capacity = 0;
    settings.communityGroups.push({ _key: 'ohne', _type: 'communityGroup', inviteUrl: 'https://chat.whatsapp.com/X' });
    const errors = (await errorsOf(settings)).join('\n');
    expect(errors).toMatch(/reiterclub-1.*capacity: .*1 bis 1\.024/);
    expect(errors).toMatch(/trainerinnen-1.*capacity: .*1 bis 1\.024/);
    expect(errors).toMatch(/ohne.*audience: /);
    expect(errors).toMatch(/ohne.*name: /);
  });

  test('a pool without an active group for an audience', async () => {
    const settings = byId('siteSettings');
    settings.communityGroups[1].active = false;
    expect((await errorsOf(settings)).join('\n')).toMatch(
      /communityGroups: Es fehlt eine aktive Gruppe für: Trainerinnen/,
    );
    settings.communityGroups = [];
    expect((await errorsOf(settings)).join('\n')).toMatch(/Reiterinnen \(Reiterclub\), Trainerinnen/);
  });

  test('a community price other than 0 €, a malformed video id, a missing operator street', async () => {
    const settings = byId('siteSettings');
    settings.communityPrice = 9;
    settings.heroVideo.youtubeId = 'nope';
    delete settings.operator.street;
    const errors = (await errorsOf(settings)).join('\n');
    expect(errors).toMatch(/communityPrice/);
    expect(errors).toMatch(/heroVideo\.youtubeId/);
    expect(errors).toMatch(/operator\.street/);
  });

  test('decision mails: an unknown placeholder, a missing rejection, an empty type entry, a type twice', async () => {
    const mails = byId('decisionMails');
    mails.approval.body = 'Hallo {vorname}, du schriebst: {nachricht}';
    delete mails.rejection;
    mails.byType = [
      { _key: 'a', _type: 'decisionMailVariant', applicationType: 'Mentee' },
      { _key: 'b', _type: 'decisionMailVariant', applicationType: 'Mentee', rejection: mails.approval },
    ];
    const errors = (await errorsOf(mails)).join('\n');
    expect(errors).toMatch(/approval\.body: Unbekannter Platzhalter „\{nachricht\}“/);
    expect(errors).toMatch(/rejection: (Die Absage fehlt|Required)/);
    expect(errors).toMatch(/byType.*Bitte schreibe eine Zusage, eine Absage oder beides/);
    expect(errors).toMatch(/byType: Für „Mentee“ gibt es zwei Einträge/);
  });

  test('a legal page without date or a second page for the same slug', async () => {
    const agb = byId('legalPage-agb');
    agb.dateLabel = 'Oktober 2025';
    expect((await errorsOf(agb)).join('\n')).toMatch(/dateLabel/);
    const copy = { ...byId('legalPage-agb'), _id: 'legalPage-agb-2' };
    expect((await errorsOf(copy)).join('\n')).toMatch(/slug: Für diese Seite gibt es schon/);
  });
});

describe('a newsletter the Studio refuses to publish', () => {
  const errorsOf = async (doc: SanityDocument) => (await documentErrors(doc, dataset, schema)).join('\n');
  const sample = () => byId('newsletter-sitz');
  const linked = (doc: ReturnType<typeof sample>) => doc.body.findIndex((b: any) => b.markDefs?.length);
  const key = (doc: ReturnType<typeof sample>, i: number) => JSON.stringify({ _key: doc.body[i]._key });

  test('the sample passes; a subject over 90 characters is refused, naming its length', async () => {
    const newsletter = sample();
    expect(await errorsOf(newsletter)).toBe('');
    newsletter.subject = 'x'.repeat(91);
    expect(await errorsOf(newsletter)).toBe(
      'subject: Der Betreff ist 91 Zeichen lang; höchstens 90 passen in die Betreffzeile.',
    );
    newsletter.subject = 'x'.repeat(90);
    newsletter.preheader = 'p'.repeat(141);
    expect(await errorsOf(newsletter)).toMatch(/^preheader: Der Vorschautext ist 141 Zeichen lang/);
  });

  test('a missing subject, audience or body', async () => {
    const newsletter = sample();
    delete newsletter.subject;
    newsletter.audience = 'pferde';
    newsletter.body = [];
    const errors = await errorsOf(newsletter);
    expect(errors).toMatch(/subject: Der Betreff fehlt/);
    expect(errors).toMatch(/audience: /);
    expect(errors).toMatch(/body: Der Text fehlt/);
  });

  test('a javascript: link, a WhatsApp invitation as a link, a button to javascript:', async () => {
    const newsletter = sample();
    const i = linked(newsletter);
    newsletter.body[i].markDefs[0].href = 'javascript:alert(1)';
    expect(await errorsOf(newsletter)).toMatch(
      new RegExp(
        `body\\.${escape(key(newsletter, i))}\\.markDefs.*href: Der Link „javascript:alert\\(1\\)“ ist nicht erlaubt`,
      ),
    );
    newsletter.body[i].markDefs[0].href = 'https://chat.whatsapp.com/ABC';
    expect(await errorsOf(newsletter)).toMatch(/href: Bitte verlinke die WhatsApp-Gruppe über \/gruppe\/reiter/);
    const b = newsletter.body.findIndex((part: any) => part._type === 'button');
    newsletter.body[i].markDefs[0].href = '/';
    newsletter.body[b].url = 'javascript:alert(2)';
    expect(await errorsOf(newsletter)).toMatch(/url: Der Link „javascript:alert\(2\)“ ist nicht erlaubt/);
  });

  test('an image without alt text or file, and two buttons', async () => {
    const newsletter = sample();
    const img = newsletter.body.findIndex((part: any) => part._type === 'image');
    newsletter.body[img].alt = 'Pfd';
    expect(await errorsOf(newsletter)).toMatch(/Bitte beschreibe das Bild in mindestens 5 Zeichen/);
    newsletter.body[img] = { _type: 'image', _key: 'ohne', alt: 'Ein Bild ohne Datei' };
    expect(await errorsOf(newsletter)).toMatch(/Bitte lade das Bild hoch/);
    const button = newsletter.body.find((part: any) => part._type === 'button');
    newsletter.body[img] = { ...button, _key: 'zweiter' };
    expect(await errorsOf(newsletter)).toMatch(/body: Ein Newsletter hat höchstens einen Button/);
  });
});

/** A string as a regular expression that matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('placeholders: the Studio warns before they are published', () => {
  const warningsOf = async (doc: SanityDocument) =>
    (await documentErrors(doc, dataset, schema, { placeholders: true })).filter((m) => m.endsWith(PLACEHOLDER_WARNING));

  test('the bundled settings hold placeholders: each of their fields warns', async () => {
    const warnings = await warningsOf(byId('siteSettings'));
    const fields = warnings.map((m) => m.split(':')[0]);
    // Both WhatsApp groups of the bundled pool still hold the placeholder invitation.
    expect(warnings.filter((m) => m.startsWith('communityGroups.') && m.includes('inviteUrl'))).toHaveLength(2);
    expect(fields).toEqual(
      expect.arrayContaining([
        'heroVideo.youtubeId',
        'photoNetwork.url',
        'operator.name',
        'operator.street',
        'operator.postalCode',
        'operator.city',
        'operator.email',
        'operator.phone',
      ]),
    );
  });

  test('real values: no warning (and publishing is never stopped by one)', async () => {
    const settings = launchReadySettings(byId('siteSettings'));
    expect(await warningsOf(settings)).toEqual([]);
    expect(await documentErrors(settings, dataset, schema)).toEqual([]);
  });

  test('a bracketed field or a placeholder link in a legal page warns', async () => {
    const imprint = byId('legalPage-imprint');
    expect(await warningsOf(imprint)).toEqual([]);
    imprint.body[1] = {
      ...imprint.body[1],
      _type: 'block',
      markDefs: [],
      children: [{ _type: 'span', _key: 'x', text: 'Telefon: [Telefonnummer]', marks: [] }],
    };
    expect(await warningsOf(imprint)).toEqual([`body: ${PLACEHOLDER_WARNING}`]);
  });

  test('what counts as a placeholder', () => {
    expect(placeholderIn('https://chat.whatsapp.com/PLATZHALTER-REITERCLUB')).toBe('PLATZHALTER');
    expect(placeholderIn('kontakt@example.org')).toBe('example.org');
    expect(placeholderIn('https://www.instagram.com/dein.profil/')).toBe('dein.profil');
    expect(placeholderIn('[PLZ]')).toBe('[…]');
    expect(placeholderIn('Lena Hartmann')).toBeUndefined();
    expect(placeholderIn(undefined)).toBeUndefined();
    expect(
      placeholdersInBlocks([{ children: [{ text: 'a [b]' }], markDefs: [{ href: 'https://x.example.com' }] }]),
    ).toEqual(['[…]', 'example.com']);
  });
});
