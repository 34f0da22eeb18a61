import { expect, test } from 'vitest';
import { imageSrc, imageSrcSet, renditionUrl } from './image-urls';

const image = { key: 'a67c8db1545830ab8be8e7c6bf0288a4a53ccb76-1600x1067', widths: [160, 800, 1600] };

test('rendition URLs, the fallback and the srcset strings of an image', () => {
  expect(renditionUrl(image.key, 800, 'avif')).toBe(
    '/images/a67c8db1545830ab8be8e7c6bf0288a4a53ccb76-1600x1067-800.avif',
  );
  expect(imageSrc(image)).toBe(`/images/${image.key}-1600.webp`);
  expect(imageSrcSet(image, 'avif')).toBe(
    `/images/${image.key}-160.avif 160w, /images/${image.key}-800.avif 800w, /images/${image.key}-1600.avif 1600w`,
  );
  expect(imageSrcSet(image, 'webp')).toContain(`/images/${image.key}-800.webp 800w`);
});
