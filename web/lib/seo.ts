// Title, description, robots, canonical URL, Open Graph and Twitter tags for a page, in React
// Router's meta descriptor format. JSON-LD objects ride along as `script:ld+json` descriptors.
export const SITE_NAME = 'Bewegungscoaching für Pferd und Reiter';

export interface ShareImage {
  /** Absolute or root-relative URL. */
  src: string;
  width?: number;
  height?: number;
  alt?: string;
}

export interface PageMetaInput {
  title: string;
  description?: string;
  path: string;
  noindex?: boolean;
  /** Absolute base of the site (config's publicUrl); without it no canonical/og:url is emitted. */
  publicUrl?: string;
  image?: ShareImage;
  /** Structured data for the page (schema.org objects). */
  jsonLd?: object[];
}

/** `path` resolved against the site's public base URL. */
export function absoluteUrl(publicUrl: string, path: string) {
  if (/^https?:\/\//.test(path)) return path;
  return `${publicUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

const fullTitle = (title: string) => (title === SITE_NAME ? title : `${title} | ${SITE_NAME}`);

export function pageMeta({ title, description, path, noindex, publicUrl, image, jsonLd = [] }: PageMetaInput) {
  const titleText = fullTitle(title);
  const url = publicUrl ? absoluteUrl(publicUrl, path) : undefined;
  const imageUrl = image && publicUrl ? absoluteUrl(publicUrl, image.src) : image?.src;
  return [
    { title: titleText },
    ...(description ? [{ name: 'description', content: description }] : []),
    ...(noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
    ...(url && !noindex ? [{ tagName: 'link', rel: 'canonical', href: url }] : []),
    ...(noindex
      ? []
      : [
          { property: 'og:type', content: 'website' },
          { property: 'og:locale', content: 'de_DE' },
          { property: 'og:site_name', content: SITE_NAME },
          { property: 'og:title', content: titleText },
          ...(description ? [{ property: 'og:description', content: description }] : []),
          ...(url ? [{ property: 'og:url', content: url }] : []),
          ...(imageUrl
            ? [
                { property: 'og:image', content: imageUrl },
                ...(image?.width ? [{ property: 'og:image:width', content: String(image.width) }] : []),
                ...(image?.height ? [{ property: 'og:image:height', content: String(image.height) }] : []),
                ...(image?.alt ? [{ property: 'og:image:alt', content: image.alt }] : []),
              ]
            : []),
          { name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
          { name: 'twitter:title', content: titleText },
          ...(description ? [{ name: 'twitter:description', content: description }] : []),
          ...(imageUrl ? [{ name: 'twitter:image', content: imageUrl }] : []),
          ...(image?.alt ? [{ name: 'twitter:image:alt', content: image.alt }] : []),
        ]),
    ...jsonLd.map((data) => ({ 'script:ld+json': data })),
  ];
}
