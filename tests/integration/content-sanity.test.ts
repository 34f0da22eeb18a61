// The @sanity/client path against a local stand-in of Sanity's query API: the same queries give
// the same content as the bundled dataset, drafts stay invisible, a publish shows after the cache
// is dropped, and images are copied from the "CDN" into our own cache (no visitor ever asks it).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { clearContentCache, getImagePipeline, getLandingContent, getLegalPage } from '~/server/content/content.server';
import { contentSources } from '../support/content-source';

const sources = contentSources();
const { useBundled, useStandIn } = sources;

describe('content from Sanity (stand-in)', () => {
  test('the same queries answer the same content as the bundled dataset', async () => {
    useBundled();
    const bundled = await getLandingContent();
    const bundledAgb = await getLegalPage('agb');
    useStandIn();
    const before = sources.standIn.requests.length;
    const fromSanity = await getLandingContent();
    expect(sources.standIn.requests.slice(before).some((r) => r.includes('/data/query/production'))).toBe(true);
    expect(fromSanity).toEqual(bundled);
    expect(await getLegalPage('agb')).toEqual(bundledAgb);
  });

  test('images are downloaded into our cache and served as renditions from our origin', async () => {
    useStandIn();
    const { horses } = await getLandingContent();
    expect(sources.standIn.requests.some((r) => r.startsWith(`/images/${sources.standIn.projectId}/`))).toBe(true);
    const originals = readdirSync(path.join(sources.cacheDir, 'originals'));
    expect(originals.length).toBeGreaterThanOrEqual(10);
    const { key, widths } = horses[0]!.beforeImage;
    const name = `${key}-${widths[0]}.avif`;
    const file = await getImagePipeline().rendition(name);
    expect(file && existsSync(file)).toBe(true);
    expect(
      await getImagePipeline().rendition('0000000000000000000000000000000000000000-10x10-480.avif'),
    ).toBeUndefined();
  });

  test('drafts are never shown; a published change shows once the cache is dropped', async () => {
    useStandIn();
    const agb = sources.standIn.document('legalPage-agb')!;
    sources.standIn.saveDraft({ ...agb, title: 'Entwurf: AGB' });
    clearContentCache();
    expect((await getLegalPage('agb')).title).toBe('Allgemeine Geschäftsbedingungen');
    await getLandingContent();

    const settings = sources.standIn.document('siteSettings')!;
    sources.standIn.publish({ ...settings, tagline: 'Ein neuer Leitsatz aus dem Studio' });
    expect((await getLandingContent()).settings.tagline).not.toBe('Ein neuer Leitsatz aus dem Studio'); // cached
    clearContentCache();
    expect((await getLandingContent()).settings.tagline).toBe('Ein neuer Leitsatz aus dem Studio');
    sources.standIn.publish(settings);
  });

  test('a document that breaks the page fails loudly instead of rendering a hole', async () => {
    useStandIn();
    const horse = sources.standIn.document('horseCase-3')!;
    sources.standIn.publish({ ...horse, afterImage: { ...(horse.afterImage as object), alt: '' } });
    clearContentCache();
    await expect(getLandingContent()).rejects.toThrow(/Pferd „Amira“: Nachher-Bild has no alt text/);
    sources.standIn.publish(horse);
    clearContentCache();
  });
});
