import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkLink, checkNewsletter, newsletterPreviewPath, NEWSLETTER_LIMITS } from './newsletter';

const SHA = 'a'.repeat(40);
const DATASET = 'https://cdn.sanity.io/images/proj/production/';
const options = { isDatasetImage: (url: string) => url.startsWith(DATASET) };

const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: `s${text.length}`, text, marks });
const paragraph = (text: string, href?: string) => ({
  _type: 'block',
  _key: `b${text.length}`,
  style: 'normal',
  markDefs: href ? [{ _type: 'link', _key: 'l1', href }] : [],
  children: [span(text, href ? ['l1'] : [])],
});
const image = (url = `${DATASET}${SHA}-1200x900.jpg`, alt: string | null = 'Ein Pferd im Schritt') => ({
  _type: 'image',
  _key: 'img',
  alt,
  asset: { _id: `image-${SHA}-1200x900-jpg`, url, width: 1200, height: 900 },
});
const button = (url = '/gruppe/reiter', label = 'Zur Gruppe') => ({ _type: 'button', _key: 'btn', label, url });

function raw(overrides: Record<string, unknown> = {}) {
  return {
    id: 'newsletter-1',
    updatedAt: '2025-10-14T08:00:00Z',
    subject: 'Drei Übungen für deinen Sitz',
    preheader: 'Kurz vor dem Aufsteigen',
    audience: 'alle',
    body: [
      { ...paragraph('Überschrift'), style: 'h2' },
      paragraph('Mehr auf unserer Website', '/'),
      { ...paragraph('Erstens'), listItem: 'number', level: 1 },
      { ...paragraph('Zweitens'), listItem: 'number', level: 1 },
      image(),
      button(),
    ],
    ...overrides,
  };
}

const problemsOf = (doc: unknown) => checkNewsletter(doc, options).problems;

describe('a newsletter document', () => {
  test('a complete one passes: trimmed, with defaults, links as the mail carries them', () => {
    const { newsletter, problems } = checkNewsletter(
      raw({ subject: '  Drei Übungen  ', preheader: '   ', body: [paragraph('Hallo', ' https://example.org/a b ')] }),
      options,
    );
    expect(problems).toEqual([]);
    expect(newsletter).toMatchObject({ subject: 'Drei Übungen', preheader: undefined, audience: 'alle' });
    expect(newsletter!.body[0]).toMatchObject({ style: 'normal', markDefs: [{ href: 'https://example.org/a%20b' }] });
  });

  test(`a subject over ${NEWSLETTER_LIMITS.subject} characters is refused, naming its length; ${NEWSLETTER_LIMITS.subject} pass`, () => {
    expect(problemsOf(raw({ subject: 'x'.repeat(90) }))).toEqual([]);
    expect(problemsOf(raw({ subject: 'x'.repeat(91) }))).toEqual([
      'Betreff: Der Betreff ist 91 Zeichen lang; höchstens 90 passen in die Betreffzeile.',
    ]);
  });

  test('a missing subject, a line break in it, a preheader over 140 characters, an unknown audience', () => {
    expect(problemsOf(raw({ subject: ' ' }))).toEqual(['Betreff: Der Betreff fehlt.']);
    expect(problemsOf(raw({ subject: undefined }))).toEqual(['Betreff: Der Betreff fehlt.']);
    expect(problemsOf(raw({ subject: 'Zwei\nZeilen' }))).toEqual([
      'Betreff: Bitte schreibe das in eine Zeile, ohne Zeilenumbruch.',
    ]);
    expect(problemsOf(raw({ preheader: 'p'.repeat(141) }))).toEqual([
      'Vorschautext: Der Vorschautext ist 141 Zeichen lang; erlaubt sind höchstens 140.',
    ]);
    expect(problemsOf(raw({ audience: 'pferde' }))).toEqual([
      'Zielgruppe: Bitte wähle, wer den Newsletter bekommt: alle, Reiterinnen oder Trainerinnen.',
    ]);
  });

  test('an empty body is refused', () => {
    expect(problemsOf(raw({ body: [] }))).toEqual(['Text: Der Text fehlt.']);
    expect(problemsOf(raw({ body: null }))).toEqual(['Text: Der Text fehlt.']);
  });

  test('a javascript: link, in a paragraph or the button, is refused with its place', () => {
    const problems = problemsOf(
      raw({ body: [paragraph('Klick', 'javascript:alert(1)'), button('javascript:alert(2)')] }),
    );
    expect(problems).toEqual([
      'Text, Abschnitt 1 (Absatz): Der Link „javascript:alert(1)“ ist nicht erlaubt: nur https://…, http://…, mailto:… oder eine Seite dieser Website wie /gruppe/reiter.',
      'Text, Abschnitt 2 (Button): Der Link „javascript:alert(2)“ ist nicht erlaubt: nur https://…, http://…, mailto:… oder eine Seite dieser Website wie /gruppe/reiter.',
    ]);
  });

  test('an image from another host is refused; so is one without a file or without alt text', () => {
    expect(problemsOf(raw({ body: [image('https://images.example.com/x.jpg')] }))).toEqual([
      'Text, Abschnitt 1 (Bild): Das Bild liegt auf einem fremden Server (images.example.com). Bitte lade es im Studio hoch: Bilder kommen nur aus der Mediathek dieses Projekts.',
    ]);
    expect(problemsOf(raw({ body: [{ ...image(), asset: null }] }))).toEqual([
      'Text, Abschnitt 1 (Bild): Bitte lade das Bild hoch (aus der Mediathek dieses Projekts).',
    ]);
    expect(
      problemsOf(raw({ body: [{ ...image(), asset: { _id: 'https://evil.example/x.jpg', url: null } }] })),
    ).toEqual(['Text, Abschnitt 1 (Bild): Bitte lade das Bild hoch (aus der Mediathek dieses Projekts).']);
    expect(problemsOf(raw({ body: [image(undefined, 'Pfd')] }))).toEqual([
      'Text, Abschnitt 1 (Bild): Bitte beschreibe das Bild in mindestens 5 Zeichen (Alternativtext für Menschen, die es nicht sehen).',
    ]);
  });

  test('a link to a WhatsApp group is refused: the stable /gruppe/… links lead there', () => {
    for (const href of ['https://chat.whatsapp.com/AbC', 'https://wa.me/491234', 'http://WWW.WhatsApp.com/x'])
      expect(problemsOf(raw({ body: [paragraph('Gruppe', href)] })), href).toEqual([
        'Text, Abschnitt 1 (Absatz): Bitte verlinke die WhatsApp-Gruppe über /gruppe/reiter oder /gruppe/trainer, nie direkt: der Einladungslink kann sich ändern oder die Gruppe voll sein.',
      ]);
    expect(problemsOf(raw({ body: [paragraph('Gruppe', '/gruppe/trainer')] }))).toEqual([]);
  });

  test('two buttons, an unknown part, an unknown style, list or mark are refused', () => {
    expect(problemsOf(raw({ body: [button(), button()] }))).toEqual([
      'Text: Ein Newsletter hat höchstens einen Button.',
    ]);
    expect(problemsOf(raw({ body: [{ _type: 'video', _key: 'v' }] }))).toEqual([
      'Text, Abschnitt 1: Dieser Teil kann nicht in einer E-Mail stehen (nur Absätze, Überschriften, Listen, Bilder und ein Button).',
    ]);
    const problems = problemsOf(
      raw({
        body: [
          { ...paragraph('Titel'), style: 'h1' },
          { ...paragraph('Punkt'), listItem: 'check' },
          { ...paragraph('Code'), children: [span('Code', ['code'])] },
        ],
      }),
    );
    expect(problems).toEqual([
      'Text, Abschnitt 1 (Absatz): Nur Absätze, Überschriften und Zwischenüberschriften sind möglich.',
      'Text, Abschnitt 2 (Absatz): Nur Aufzählungen und Nummerierungen sind möglich.',
      'Text, Abschnitt 3 (Absatz): Nur fett, kursiv und Links sind möglich.',
    ]);
  });

  test('a button needs a label of at most 40 characters and an address', () => {
    expect(problemsOf(raw({ body: [button('/gruppe/reiter', ' ')] }))).toEqual([
      'Text, Abschnitt 1 (Button): Bitte beschrifte den Button (höchstens 40 Zeichen).',
    ]);
    expect(problemsOf(raw({ body: [button('/gruppe/reiter', 'x'.repeat(41))] }))).toHaveLength(1);
    expect(problemsOf(raw({ body: [button('')] }))).toEqual([
      'Text, Abschnitt 1 (Button): Bitte gib die Adresse ein, zu der der Button führt.',
    ]);
  });

  test('anything that is not a newsletter gets problems, never an exception', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = checkNewsletter(value, options);
        expect(result.newsletter === null).toBe(result.problems.length > 0);
      }),
    );
  });
});

describe('links', () => {
  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.org/',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example/x',
    'gruppe/reiter',
    '#anker',
    'mailto:',
    'https://',
  ])('%j is refused', (href) => {
    expect(checkLink(href).problem).toBeDefined();
  });

  test.each([
    ['https://example.org/tipps?x=1#a', 'https://example.org/tipps?x=1#a'],
    ['http://example.org', 'http://example.org/'],
    ['mailto:hallo@example.org', 'mailto:hallo@example.org'],
    ['/gruppe/reiter', '/gruppe/reiter'],
    [' /imprint ', '/imprint'],
    ['/a/../gruppe/trainer?utm_source=newsletter', '/gruppe/trainer?utm_source=newsletter'],
  ])('%j becomes %j', (href, expected) => {
    expect(checkLink(href)).toEqual({ href: expected });
  });

  test('whatever is accepted is an http(s) or mailto address, or a path on this site', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((s) => `/${s}`),
        ),
        (href) => {
          const link = checkLink(href);
          if (link.problem !== undefined) return;
          if (link.href.startsWith('/')) {
            expect(new URL(link.href, 'https://site.example').origin).toBe('https://site.example');
          } else {
            expect(['http:', 'https:', 'mailto:']).toContain(new URL(link.href).protocol);
          }
        },
      ),
    );
  });
});

test('the preview path names the published id of a draft or release version', () => {
  expect(newsletterPreviewPath('drafts.newsletter-1')).toBe('/newsletter/vorschau/newsletter-1');
  expect(newsletterPreviewPath('versions.r1.newsletter-1')).toBe('/newsletter/vorschau/newsletter-1');
  expect(newsletterPreviewPath('a/b')).toBe('/newsletter/vorschau/a%2Fb');
});
