// URLs of an image's renditions on our origin (/images/<key>-<width>.<avif|webp>, made by
// web/server/content/images.server.ts). The route data carries only the key and the widths; the
// srcset strings are built here, on the server and in the browser alike (they were half the route
// data of the start page).
import type { ResponsiveImage } from './content-types';

export type ImageFormat = 'avif' | 'webp';

export const renditionUrl = (key: string, width: number, format: ImageFormat) => `/images/${key}-${width}.${format}`;

/** The fallback URL: the largest WebP rendition. */
export const imageSrc = (image: Pick<ResponsiveImage, 'key' | 'widths'>) =>
  renditionUrl(image.key, image.widths[image.widths.length - 1]!, 'webp');

/** A `srcset` value, e.g. "/images/x-640.avif 640w, /images/x-1280.avif 1280w". */
export const imageSrcSet = (image: Pick<ResponsiveImage, 'key' | 'widths'>, format: ImageFormat) =>
  image.widths.map((w) => `${renditionUrl(image.key, w, format)} ${w}w`).join(', ');
