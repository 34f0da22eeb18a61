// A ResponsiveImage from the content module as <picture>: AVIF and WebP sources from our own
// origin, width and height set (no layout shift), lazy unless `priority` (the hero's images).
// A lazy image also asks for low priority: Chrome raises images it finds in the viewport to high,
// and then the hero's seal and signature competed with the first view's fonts and styles (in
// Lighthouse the effect stays within the runs' spread: LCP medians 1,530–1,581 ms either way).
import type { CSSProperties } from 'react';
import type { ResponsiveImage } from '~/lib/content-types';
import { imageSrc, imageSrcSet } from '~/lib/image-urls';

export interface PictureProps {
  /** Nothing is rendered without an image (optional content such as a media logo). */
  image: ResponsiveImage | undefined;
  /** The `sizes` attribute: how wide the image is shown, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  /** Class of the <picture> element (style the <img> inside it). */
  className?: string;
  /** Above the fold: loaded eagerly with high priority. */
  priority?: boolean;
  /** Has transparent parts (default: what the content says): no blurred preview behind it. */
  transparent?: boolean;
  /**
   * In or near the first view (within the browser's lazy-loading distance), but not what it is
   * about (the seal, the signature, the portrait below them): the image gets its box, and so its
   * request, only after the first paint instead of competing with it (global.css; decision 058).
   * The picture has the image's size from the start. Not with `priority`.
   */
  afterFirstPaint?: boolean;
}

export function Picture({ image, sizes, className, priority = false, transparent, afterFirstPaint }: PictureProps) {
  if (!image) return null;
  // The preview sits behind the image as its background, so it would stay visible through a
  // transparent image (a grey blur around the signature). A preview image is a property that the
  // stylesheet after the first paint makes the background (after-first-paint.css, decision 058).
  const placeholder: CSSProperties | undefined =
    image.placeholder && !(transparent ?? image.transparent)
      ? image.placeholder.startsWith('data:')
        ? ({ '--placeholder': `url("${image.placeholder}")` } as CSSProperties)
        : { backgroundColor: image.placeholder }
      : undefined;
  return (
    <picture
      className={className}
      data-after-first-paint={afterFirstPaint || undefined}
      style={afterFirstPaint ? { aspectRatio: `${image.width} / ${image.height}` } : undefined}
    >
      <source type="image/avif" srcSet={imageSrcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, 'webp')} sizes={sizes} />
      <img
        src={imageSrc(image)}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : 'low'}
        style={placeholder}
      />
    </picture>
  );
}
