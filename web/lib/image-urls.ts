// URLs of an image's renditions on our origin (/images/<key>-<width>.<avif|webp>, made by
// web/server/content/images.server.ts). The route data carries only the key and the widths; the
// srcset strings are built here, on the server and in the browser alike (they were half the route
// data of the start page). Mails get one JPEG (or PNG) rendition: most mail programs show neither
// AVIF nor WebP.
import type { ResponsiveImage } from './content-types';

/** Formats of the site's pages, and the formats of mails. */
export type ImageFormat = 'avif' | 'webp' | MailImageFormat;
export type MailImageFormat = 'jpg' | 'png';

/** A Sanity image asset's id: `image-<sha1>-<width>x<height>-<extension>`. */
export const ASSET_ID = /^image-([a-f0-9]{40}-(\d+)x(\d+))-([a-z0-9]+)$/;

/** `image-<sha1>-<w>x<h>-<ext>` → `<sha1>-<w>x<h>` (content-addressed: a new file gets a new key). */
export function assetKey(assetId: string) {
  const match = ASSET_ID.exec(assetId);
  if (!match) throw new Error(`Not an image asset id: ${assetId}`);
  return { key: match[1]!, ext: match[4]!, width: Number(match[2]), height: Number(match[3]) };
}

/** Widths offered in srcset; the largest rendition is the original's width, at most 1920. */
export const RENDITION_WIDTHS = [160, 320, 480, 800, 1200, 1600, 1920] as const;
const MAX_WIDTH = 1920;

export function renditionWidths(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, MAX_WIDTH);
  const widths: number[] = RENDITION_WIDTHS.filter((w) => w < largest);
  widths.push(largest);
  return widths;
}

/** The width of a mail's image file: twice a 600 px mail's column, for sharp images on phones. */
export const MAIL_IMAGE_WIDTH = 1200;

/**
 * The one rendition of an image that a mail shows: JPEG (PNG when the original is one: it may be
 * transparent), `MAIL_IMAGE_WIDTH` wide or the original's width when that is smaller.
 */
export function mailRendition(assetId: string): { url: string; width: number; height: number } {
  const { key, ext, width, height } = assetKey(assetId);
  const fileWidth = Math.min(MAIL_IMAGE_WIDTH, width);
  const format: MailImageFormat = ext === 'png' ? 'png' : 'jpg';
  return {
    url: renditionUrl(key, fileWidth, format),
    width: fileWidth,
    height: Math.round((height * fileWidth) / width),
  };
}

export const renditionUrl = (key: string, width: number, format: ImageFormat) => `/images/${key}-${width}.${format}`;

/** The fallback URL: the largest WebP rendition. */
export const imageSrc = (image: Pick<ResponsiveImage, 'key' | 'widths'>) =>
  renditionUrl(image.key, image.widths[image.widths.length - 1]!, 'webp');

/** A `srcset` value, e.g. "/images/x-640.avif 640w, /images/x-1280.avif 1280w". */
export const imageSrcSet = (image: Pick<ResponsiveImage, 'key' | 'widths'>, format: ImageFormat) =>
  image.widths.map((w) => `${renditionUrl(image.key, w, format)} ${w}w`).join(', ');
