// Newsletters as the content module hands them to the dashboard and the mail queue: from the
// bundled dataset and from Sanity (a local stand-in of its API), checked on the server with the
// Studio's rules, their images served as JPEG renditions from our own origin, a published
// newsletter adopted like any other content change, a broken one listed with its problems without
// keeping the rest of the content from loading.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { mailRendition } from '~/lib/image-urls';
import {
  getImagePipeline,
  getLandingContent,
  getNewsletter,
  getNewsletters,
  loadFreshContent,
} from '~/server/content/content.server';
import { contentSources } from '../support/content-source';

const SAMPLE = 'newsletter-sitz';
const sources = contentSources();
const { useBundled, useStandIn } = sources;

describe.each([
  ['the bundled dataset', useBundled],
  ['Sanity', () => useStandIn()],
])('newsletters from %s', (_source, use) => {
  test('the sample is listed, ready to send, and loads as a checked newsletter', async () => {
    use();
    expect(await getNewsletters()).toEqual([
      {
        id: SAMPLE,
        subject: 'Dein Becken schwingt mit: drei Übungen für einen losgelassenen Sitz',
        audience: 'reiter',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        problems: [],
      },
    ]);
    const { newsletter, problems } = (await getNewsletter(SAMPLE))!;
    expect(problems).toEqual([]);
    expect(newsletter!.body.map((part) => part._type)).toContain('image');
    expect(newsletter!.body.find((part) => part._type === 'button')).toMatchObject({ url: '/gruppe/reiter' });
    expect(await getNewsletter('gibt-es-nicht')).toBeNull();
  });

  test('its image is served as a JPEG rendition from our own origin (the original registered while loading)', async () => {
    use();
    const { newsletter } = (await getNewsletter(SAMPLE))!;
    const image = newsletter!.body.find((part) => part._type === 'image')!;
    const { url } = mailRendition((image as { asset: { _id: string } }).asset._id);
    expect(url).toMatch(/^\/images\/[a-f0-9]{40}-1200x900-1200\.jpg$/);
    const file = await getImagePipeline().rendition(url.slice('/images/'.length));
    expect(file).toBeDefined();
    const bytes = readFileSync(file!);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]); // a JPEG
  });
});

describe('newsletters from Sanity: what the server refuses, and publishing', () => {
  const sample = () => sources.standIn.document(SAMPLE)!;

  test('an image from another host, a javascript: link, a subject over 90 characters: problems, not an exception', async () => {
    const foreign = `image-${'b'.repeat(40)}-800x600-jpg`;
    sources.standIn.put({
      _id: foreign,
      _type: 'sanity.imageAsset',
      url: 'https://images.example.com/pferd.jpg',
      metadata: { _type: 'sanity.imageMetadata', dimensions: { width: 800, height: 600 } },
    });
    const body = structuredClone(sample().body) as Record<string, unknown>[];
    const img = body.findIndex((part) => part._type === 'image');
    body[img] = { ...body[img], asset: { _type: 'reference', _ref: foreign } };
    const linked = body.findIndex((part) => (part.markDefs as unknown[] | undefined)?.length);
    (body[linked]!.markDefs as { href: string }[])[0]!.href = 'javascript:alert(1)';
    sources.standIn.publish({ ...sample(), _id: 'newsletter-kaputt', subject: 'x'.repeat(95), body }, { live: false });
    useStandIn();

    const broken = (await getNewsletters()).find((n) => n.id === 'newsletter-kaputt')!;
    expect(broken.problems).toEqual([
      'Betreff: Der Betreff ist 95 Zeichen lang; höchstens 90 passen in die Betreffzeile.',
      `Text, Abschnitt ${img + 1} (Bild): Das Bild liegt auf einem fremden Server (images.example.com). Bitte lade es im Studio hoch: Bilder kommen nur aus der Mediathek dieses Projekts.`,
      `Text, Abschnitt ${linked + 1} (Absatz): Der Link „javascript:alert(1)“ ist nicht erlaubt: nur https://…, http://…, mailto:… oder eine Seite dieser Website wie /gruppe/reiter.`,
    ]);
    expect(await getNewsletter('newsletter-kaputt')).toEqual({ newsletter: null, problems: broken.problems });
    // Refused before any download (else the problem would be that it could not be loaded); the
    // pages and the other newsletter load as before.
    expect((await getLandingContent()).horses).toHaveLength(5);
    expect((await getNewsletter(SAMPLE))!.problems).toEqual([]);
  });

  test('a published newsletter changes the content fingerprint: every instance adopts it', async () => {
    useStandIn();
    const served = (await getNewsletters()).map((n) => n.id);
    const before = await loadFreshContent();
    expect((await loadFreshContent()).fingerprint).toBe(before.fingerprint);
    sources.standIn.publish({ ...sample(), _id: 'newsletter-neu', subject: 'Neu im Oktober' }, { live: false });
    const after = await loadFreshContent();
    expect(after.fingerprint).not.toBe(before.fingerprint);
    // Until adopted, the served content stays as it was; then the new newsletter is listed.
    expect((await getNewsletters()).map((n) => n.id)).toEqual(served);
    after.adopt();
    expect((await getNewsletters()).map((n) => n.id)).toContain('newsletter-neu');
  });
});
