// Query results → the shapes of ~/lib/content-types. What a query selects is what a page gets: the
// mapping only turns images into ResponsiveImages, empty fields (null) into absent ones, and the
// imprint's operator details into Portable Text. Required fields are the schema's business: the
// Studio refuses to publish without them, and a test holds the bundled dataset to the schema.
import type {
  Content,
  LandingContent,
  LandingResult,
  PortableTextBlock,
  SettingsResult,
  SiteSettings,
} from '~/lib/content-types';
import { ContentError, type ImagePipeline, type RawImage } from './images.server';

export { ContentError };

export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined)
    throw new ContentError(`Content error: ${what} is missing.`, `„${what}“ ist noch nicht ausgefüllt.`);
  return value;
}
export const blocks = (value: unknown, what: string) => {
  const list = required(value as PortableTextBlock[] | null | undefined, what);
  if (!Array.isArray(list) || list.length === 0)
    throw new ContentError(`Content error: ${what} is empty.`, `„${what}“ ist noch leer.`);
  return list;
};
const imagesOf = (pipeline: ImagePipeline) => ({
  image: (value: RawImage | null | undefined, what: string) => pipeline.responsive(required(value, what), what),
  optionalImage: (value: RawImage | null | undefined, what: string) =>
    value?.asset ? pipeline.responsive(value, what) : Promise.resolve(undefined),
});

/**
 * A query result without its nulls: an empty field (and an image left out) becomes absent, a
 * dangling reference disappears.
 */
export function withoutNulls<T>(value: T): Content<T> {
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(withoutNulls) as Content<T>;
  if (value === null || typeof value !== 'object') return value as Content<T>;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  ) as Content<T>;
}

/** The entries of a list of references (a reference to a deleted document resolves to null). */
const entries = <T>(list: (T | null)[]) => list.filter((item): item is T => item !== null);

export async function mapSettings(s: SettingsResult, pipeline: ImagePipeline): Promise<SiteSettings> {
  const { image, optionalImage } = imagesOf(pipeline);
  const where = 'Website-Einstellungen';
  const [signature, seal, portrait, thumbnail, shareImage] = await Promise.all([
    image(s.signature, `${where}: Unterschrift`),
    image(s.seal, `${where}: Siegel`),
    optionalImage(s.portrait, `${where}: Porträt`),
    image(s.heroVideo?.thumbnail, `${where}: Vorschaubild des Videos`),
    optionalImage(s.shareImage, `${where}: Vorschaubild für soziale Netzwerke`),
  ]);
  const heroVideo = required(s.heroVideo, `${where}: Video`);
  return withoutNulls({ ...s, signature, seal, portrait, heroVideo: { ...heroVideo, thumbnail }, shareImage });
}

export async function mapLanding(
  settings: SiteSettings,
  page: LandingResult,
  pipeline: ImagePipeline,
): Promise<LandingContent> {
  const { image, optionalImage } = imagesOf(pipeline);
  const [horses, mediaReferences, learningSlides] = await Promise.all([
    Promise.all(
      entries(page.horses).map(async (h) => ({
        ...h,
        beforeImage: await image(h.beforeImage, `Pferd „${h.name}“: Vorher-Bild`),
        afterImage: await image(h.afterImage, `Pferd „${h.name}“: Nachher-Bild`),
      })),
    ),
    Promise.all(
      entries(page.mediaReferences).map(async (m, i) => ({
        ...m,
        logo: await optionalImage(m.logo, `Medienreferenz ${i + 1}: Logo`),
      })),
    ),
    Promise.all(
      entries(page.learningSlides).map(async (l, i) => ({
        ...l,
        image: await optionalImage(l.image, `Folie ${i + 1}: Bild`),
      })),
    ),
  ]);
  return { settings, ...withoutNulls({ ...page, horses, mediaReferences, learningSlides }) };
}

// ---------------------------------------------------------------- imprint: operator details

let blockKey = 0;
const span = (value: string, marks: string[] = []) => ({ _type: 'span', _key: `od${blockKey++}`, text: value, marks });

/** The operator's details from the site settings as Portable Text (placed where the imprint says). */
/** The key prefix of the blocks operatorBlocks makes (their text comes from the site settings). */
export const OPERATOR_BLOCK_KEY = 'od';

export function operatorBlocks(o: SiteSettings['operator']): PortableTextBlock[] {
  blockKey = 0;
  const paragraph = (children: ReturnType<typeof span>[], markDefs: object[] = []) =>
    ({
      _type: 'block',
      _key: `${OPERATOR_BLOCK_KEY}${blockKey++}`,
      style: 'normal',
      markDefs,
      children,
    }) as PortableTextBlock;
  const heading = (value: string) =>
    ({
      _type: 'block',
      _key: `${OPERATOR_BLOCK_KEY}${blockKey++}`,
      style: 'h3',
      markDefs: [],
      children: [span(value)],
    }) as PortableTextBlock;
  const address = [o.businessName, o.name, o.street, `${o.postalCode} ${o.city}`, o.country].filter(Boolean).join('\n');
  const out: PortableTextBlock[] = [paragraph([span(address)])];
  out.push(heading('Kontakt'));
  const mail = { _key: 'mail', _type: 'link', href: `mailto:${o.email}` };
  out.push(
    paragraph([span('E-Mail: '), span(o.email, ['mail']), ...(o.phone ? [span(`\nTelefon: ${o.phone}`)] : [])], [mail]),
  );
  if (o.vatId)
    out.push(
      heading('Umsatzsteuer-ID'),
      paragraph([span(`Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: ${o.vatId}`)]),
    );
  if (o.responsibleForContent)
    out.push(
      heading('Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV'),
      paragraph([span(o.responsibleForContent)]),
    );
  return out;
}
