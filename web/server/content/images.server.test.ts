import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { renditionUrl } from '~/lib/image-urls';
import { assetKey, ImagePipeline, renditionWidths } from './images.server';

describe('image renditions', () => {
  test('widths never exceed the original and end with it (capped at 1920)', () => {
    expect(renditionWidths(1600)).toEqual([160, 320, 480, 800, 1200, 1600]);
    expect(renditionWidths(640)).toEqual([160, 320, 480, 640]);
    expect(renditionWidths(300)).toEqual([160, 300]);
    expect(renditionWidths(4000)).toEqual([160, 320, 480, 800, 1200, 1600, 1920]);
  });

  test('names are content-addressed: the asset hash and size are in every URL', () => {
    const { key, ext } = assetKey('image-a67c8db1545830ab8be8e7c6bf0288a4a53ccb76-1600x1067-jpg');
    expect([key, ext]).toEqual(['a67c8db1545830ab8be8e7c6bf0288a4a53ccb76-1600x1067', 'jpg']);
    expect(renditionUrl(key, 800, 'avif')).toBe('/images/a67c8db1545830ab8be8e7c6bf0288a4a53ccb76-1600x1067-800.avif');
    expect(() => assetKey('file-abc-pdf')).toThrow();
  });

  test('an image that may have transparent parts is marked so (PNG, or Sanity says it has alpha)', async () => {
    const pipeline = new ImagePipeline({ cacheDir: mkdtempSync(path.join(tmpdir(), 'bc-img-')) });
    const asset = (id: string, facts: object = {}) => ({
      alt: 'Unterschrift',
      asset: { _id: id, url: pathToFileURL('/nowhere.png').href, width: 800, height: 240, lqip: '#ccc', ...facts },
    });
    const sha = 'aa18b0e58a6003938f21f9113ce507939856cb82';
    expect(await pipeline.responsive(asset(`image-${sha}-800x240-png`), 'signature')).toMatchObject({
      transparent: true,
    });
    const jpg = await pipeline.responsive(asset(`image-${sha}-800x240-jpg`), 'photo');
    expect(jpg.transparent).toBeUndefined();
    expect(jpg.placeholder).toBe('#ccc');
    const webp = asset(`image-${sha}-800x240-webp`, { hasAlpha: true });
    expect(await pipeline.responsive(webp, 'logo')).toMatchObject({ transparent: true });
    const opaque = asset(`image-${sha}-800x240-png`, { hasAlpha: false });
    expect((await pipeline.responsive(opaque, 'photo')).transparent).toBeUndefined();
  });
});
