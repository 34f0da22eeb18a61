import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { mailRendition, renditionUrl } from '~/lib/image-urls';
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

  test('a mail gets one rendition: JPEG on white, PNG for a PNG, 1200 px or the original width', async () => {
    const content = path.resolve(import.meta.dirname, '..', '..', '..', 'content', 'images');
    const pipeline = new ImagePipeline({ cacheDir: mkdtempSync(path.join(tmpdir(), 'bc-img-')) });
    const photo = '0968e656b3830f59a9d2b9ef9945337931522c4c';
    const seal = '676e0830a5a2a1828b27a97aabb62ef445621294';
    expect(mailRendition(`image-${photo}-1600x1200-jpg`)).toEqual({
      url: `/images/${photo}-1600x1200-1200.jpg`,
      width: 1200,
      height: 900,
    });
    const jpg = await pipeline.mailImage({
      _id: `image-${photo}-1200x900-jpg`,
      url: pathToFileURL(path.join(content, `${photo}-1200x900.jpg`)).href,
    });
    const png = await pipeline.mailImage({
      _id: `image-${seal}-640x640-png`,
      url: pathToFileURL(path.join(content, `${seal}-640x640.png`)).href,
    });
    expect([jpg, png]).toEqual([`/images/${photo}-1200x900-1200.jpg`, `/images/${seal}-640x640-640.png`]);
    const sharp = (await import('sharp')).default;
    const jpgFile = await pipeline.rendition(jpg.slice('/images/'.length));
    expect(await sharp(jpgFile!).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    const pngFile = await pipeline.rendition(png.slice('/images/'.length));
    expect(await sharp(pngFile!).metadata()).toMatchObject({ format: 'png', width: 640, hasAlpha: true });
    // No other size of a mail format is made on request.
    expect(await pipeline.rendition(`${photo}-1200x900-999.jpg`)).toBeUndefined();
  });
});
