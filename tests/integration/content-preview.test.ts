// The content module's drafts (the editor's preview) against the local stand-in of Sanity's API:
// the same queries and mapping with the `drafts` perspective and the preview's read token, every
// text stega-marked with the document and field it came from (the stand-in's Content Source Map
// → @sanity/client's stega), ids and links plain, nothing cached, and an unfinished draft explained
// in German. The published content stays what it was.
import { createClient } from '@sanity/client';
import { stegaClean } from '@sanity/client/stega';
import { vercelStegaDecode } from '@vercel/stega';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { clearContentCache, ContentError, getLandingContent, getLegalPage } from '~/server/content/content.server';
import { SANITY_API_VERSION } from '~/server/content/source.server';
import { contentSources } from '../support/content-source';
import { previewEnv, type SanityStandIn } from '../support/sanity-standin';

const STUDIO = 'https://studio.example.org';
const sources = contentSources({ env: (s) => previewEnv(s, STUDIO) });
let standIn: SanityStandIn;

beforeAll(() => {
  standIn = sources.standIn;
  sources.useStandIn();
});
beforeEach(() => clearContentCache());

/** Where a stega-marked text says it comes from: `{id, type, path}` of its edit link. */
function source(text: string) {
  const decoded = vercelStegaDecode(text) as { href?: string } | undefined;
  const href = new URL(decoded?.href ?? 'about:blank');
  return { id: href.searchParams.get('id'), type: href.searchParams.get('type'), path: href.searchParams.get('path') };
}
const marked = (text: string | undefined) => text !== undefined && stegaClean(text) !== text;

describe('drafts in the stand-in', () => {
  test('need a token, as in Sanity: 401 without one, the draft with the read token', async () => {
    const client = (token?: string) =>
      createClient({
        projectId: standIn.projectId,
        dataset: standIn.dataset,
        apiHost: standIn.url,
        useProjectHostname: false,
        useCdn: false,
        apiVersion: SANITY_API_VERSION,
        perspective: 'drafts',
        ...(token ? { token } : {}),
      });
    const agb = standIn.document('legalPage-agb')!;
    standIn.saveDraft({ ...agb, title: 'AGB (Entwurf)' });
    await expect(client().fetch('*[_id == "legalPage-agb"][0].title')).rejects.toMatchObject({ statusCode: 401 });
    await expect(client('not-a-token').fetch('*[0]')).rejects.toMatchObject({ statusCode: 401 });
    expect(await client(standIn.readToken).fetch('*[_id == "legalPage-agb"][0].title')).toBe('AGB (Entwurf)');
    standIn.publish(agb, { live: false });
  });
});

describe('the content module with { draft: true }', () => {
  test('shows the drafts, every text marked with its document and field; the published content is untouched', async () => {
    const settings = standIn.document('siteSettings')!;
    standIn.saveDraft({ ...settings, tagline: 'Ein Entwurf des Leitsatzes' });
    const published = await getLandingContent();
    const draft = await getLandingContent({ draft: true });

    expect(published.settings.tagline).not.toContain('Entwurf');
    expect(stegaClean(draft.settings.tagline)).toBe('Ein Entwurf des Leitsatzes');
    expect(source(draft.settings.tagline)).toEqual({ id: 'siteSettings', type: 'siteSettings', path: 'tagline' });
    const horse = draft.horses[0]!;
    expect(source(horse.name)).toMatchObject({ type: 'horseCase', path: 'name' });
    expect(source(draft.sections.faq.title)).toEqual({
      id: 'landingPage',
      type: 'landingPage',
      path: 'sections.faq.title',
    });
    // Apart from the marks, the drafts are the same content through the same mapping.
    expect(stegaClean(draft)).toEqual({
      ...published,
      settings: { ...published.settings, tagline: stegaClean(draft.settings.tagline) },
    });
    standIn.publish(settings, { live: false });
  });

  test('Portable Text spans are marked with their block and span keys', async () => {
    const page = await getLegalPage('agb', { draft: true });
    const block = page.body.find((b) => b._type === 'block' && b.style === 'normal') as {
      _key: string;
      style: string;
      children: { _key: string; text: string }[];
    };
    // Styles, keys and types are what the renderer compares: never marked.
    expect(block.style).toBe('normal');
    const span = block.children[0]!;
    expect(source(span.text)).toEqual({
      id: 'legalPage-agb',
      type: 'legalPage',
      path: `body[_key=="${block._key}"].children[_key=="${span._key}"].text`,
    });
  });

  test('ids, links and dates stay plain: code compares them and browsers follow them', async () => {
    const draft = await getLandingContent({ draft: true });
    expect(marked(draft.settings.tagline)).toBe(true);
    const plain = [
      ...draft.programmes.map((p) => p.number),
      ...draft.mediaReferences.flatMap((m) => [m.url, m.date ?? '']),
      draft.settings.heroVideo.youtubeId,
      draft.settings.photoNetwork.url,
      draft.settings.operator.email,
    ];
    expect(plain.filter(marked)).toEqual([]);
    const imprint = await getLegalPage('imprint', { draft: true });
    const hrefs = JSON.stringify(imprint.body).match(/"href":"[^"]*"/g) ?? [];
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter(marked)).toEqual([]);
    expect(imprint.slug).toBe('imprint');
  });

  test('nothing of a draft is cached: every call reads the drafts as they are now', async () => {
    const settings = standIn.document('siteSettings')!;
    standIn.saveDraft({ ...settings, tagline: 'Erste Fassung' });
    expect(stegaClean((await getLandingContent({ draft: true })).settings.tagline)).toBe('Erste Fassung');
    standIn.saveDraft({ ...settings, tagline: 'Zweite Fassung' });
    expect(stegaClean((await getLandingContent({ draft: true })).settings.tagline)).toBe('Zweite Fassung');
    standIn.publish(settings, { live: false });
  });

  test('an unfinished draft fails with a German explanation of what is missing', async () => {
    const settings = standIn.document('siteSettings')!;
    const { siteTitle: _title, ...noTitle } = settings;
    standIn.saveDraft(noTitle as typeof settings);
    const error = await getLandingContent({ draft: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).explanation).toBe(
      '„Website-Einstellungen: Titel der Website“ ist noch nicht ausgefüllt.',
    );
    const horse = standIn.document('horseCase-1')!;
    standIn.publish(settings, { live: false });
    standIn.saveDraft({ ...horse, beforeImage: { ...(horse.beforeImage as object), alt: '' } });
    const missingAlt = await getLandingContent({ draft: true }).catch((e: unknown) => e);
    expect((missingAlt as ContentError).explanation).toMatch(
      /^„Pferd „.+“: Vorher-Bild“: Der Alternativtext fehlt noch\.$/,
    );
    // The published page is not affected by any of it.
    expect((await getLandingContent()).settings.siteTitle).toBeTruthy();
    standIn.publish(horse, { live: false });
  });
});
