import { describe, expect, test } from 'vitest';
import { renditionUrl } from '~/lib/image-urls';
import { assetKey, renditionWidths } from './images.server';

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
});
