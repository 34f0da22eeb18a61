// The one content module every route loader uses. Runs the GROQ of schemas/queries.ts against
// Sanity (SANITY_PROJECT_ID set) or the bundled dataset, and maps the results to the shapes of
// ~/lib/content-types (images become ResponsiveImages served from our own origin). Results are
// cached in memory until clearContentCache() (revalidation).
import { landingPageQuery, legalPageQuery, siteSettingsQuery } from '../../../schemas/queries';
import type { LandingPageQueryResult, LegalPageQueryResult, SiteSettingsQueryResult } from '../../../schemas/sanity.types';
import type {
  Content,
  LandingContent,
  LandingResult,
  SettingsResult,
  LegalPage,
  LegalSlug,
  PortableTextBlock,
  SiteSettings,
} from '~/lib/content-types';
import { LEGAL_PAGES } from '~/lib/public-pages';
import { sanityConfig } from '../config.server';
import { ImagePipeline, type RawImage } from './images.server';
import { bundledSource, sanitySource, type ContentSource } from './source.server';

interface ContentState {
  source: ContentSource;
  settings?: Promise<SiteSettings>;
  landing?: Promise<LandingContent>;
  legal: Map<LegalSlug, Promise<LegalPage>>;
}

let state: ContentState | undefined;
let pipeline: ImagePipeline | undefined;

function current(): ContentState {
  if (!state) {
    const config = sanityConfig();
    const source = config.projectId
      ? sanitySource({
          projectId: config.projectId,
          dataset: config.dataset,
          token: config.token,
          apiHost: config.apiHost,
        })
      : bundledSource(config.contentDir);
    state = { source, legal: new Map() };
  }
  return state;
}

/** The image pipeline (one per process; its cache is content-addressed and survives content changes). */
export function getImagePipeline(): ImagePipeline {
  return (pipeline ??= new ImagePipeline({ cacheDir: sanityConfig().imageCacheDir }));
}

/** Forgets every loaded result (and re-reads the bundled dataset): the next call fetches fresh content. */
export function clearContentCache() {
  state = undefined;
  // Originals are registered again as content loads (the rendition cache on disk stays).
  pipeline = undefined;
}

/** Which source the content comes from (for logs and the revalidation answer). */
export const contentSourceKind = () => current().source.kind;

function memo<T>(get: () => Promise<T> | undefined, set: (p: Promise<T> | undefined) => void, load: () => Promise<T>) {
  let promise = get();
  if (!promise) {
    promise = load();
    set(promise);
    // A failed load is not cached: the next call tries again.
    promise.catch(() => set(undefined));
  }
  return promise;
}

export function getSiteSettings(): Promise<SiteSettings> {
  const s = current();
  return memo(
    () => s.settings,
    (p) => (s.settings = p),
    async () => {
      const settings = required(
        await s.source.fetch<SiteSettingsQueryResult>(siteSettingsQuery),
        'Website-Einstellungen',
      );
      required(settings.siteTitle, 'Website-Einstellungen: Titel der Website');
      return mapSettings(settings as SettingsResult);
    },
  );
}

export function getLandingContent(): Promise<LandingContent> {
  const s = current();
  return memo(
    () => s.landing,
    (p) => (s.landing = p),
    async () => {
      const [settings, page] = await Promise.all([
        getSiteSettings(),
        s.source.fetch<LandingPageQueryResult>(landingPageQuery),
      ]);
      const landing = required(page, 'Startseite');
      required(landing.sections, 'Startseite: Abschnitte');
      return mapLanding(settings, landing as LandingResult);
    },
  );
}

export function getLegalPage(slug: LegalSlug): Promise<LegalPage> {
  const s = current();
  return memo(
    () => s.legal.get(slug),
    (p) => (p ? s.legal.set(slug, p) : s.legal.delete(slug)),
    async () => {
      const page = required(
        await s.source.fetch<LegalPageQueryResult>(legalPageQuery, { slug }),
        `Rechtstext „${slug}“`,
      );
      let body = blocks(page.body, `Rechtstext „${slug}“`);
      if (body.some((b) => b._type === 'operatorDetails')) {
        const { operator } = await getSiteSettings();
        body = body.flatMap((b) => (b._type === 'operatorDetails' ? operatorBlocks(operator) : [b]));
      }
      return { ...withoutNulls(page), slug, body };
    },
  );
}

/** Loads everything the prerendered pages show (images register their originals on the way). */
export async function loadAllContent() {
  await Promise.all([getLandingContent(), ...LEGAL_PAGES.map((p) => getLegalPage(p.slug))]);
}

// ---------------------------------------------------------------- mapping
// What a query selects is what a page gets (~/lib/content-types): the mapping only turns images
// into ResponsiveImages and empty fields (null) into absent ones. Required fields are the schema's
// business: the Studio refuses to publish without them, and a test holds the bundled dataset to
// the schema.

class ContentError extends Error {
  override name = 'ContentError';
}

function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new ContentError(`Content error: ${what} is missing.`);
  return value;
}
const blocks = (value: unknown, what: string) => {
  const list = required(value as PortableTextBlock[] | null | undefined, what);
  if (!Array.isArray(list) || list.length === 0) throw new ContentError(`Content error: ${what} is empty.`);
  return list;
};
const image = (value: RawImage | null | undefined, what: string) =>
  getImagePipeline().responsive(required(value, what), what);
const optionalImage = (value: RawImage | null | undefined, what: string) =>
  value?.asset ? getImagePipeline().responsive(value, what) : Promise.resolve(undefined);

/**
 * A query result without its nulls: an empty field (and an image left out) becomes absent, a
 * dangling reference disappears.
 */
function withoutNulls<T>(value: T): Content<T> {
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

async function mapSettings(s: SettingsResult): Promise<SiteSettings> {
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

async function mapLanding(settings: SiteSettings, page: LandingResult): Promise<LandingContent> {
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
function operatorBlocks(o: SiteSettings['operator']): PortableTextBlock[] {
  blockKey = 0;
  const paragraph = (children: ReturnType<typeof span>[], markDefs: object[] = []) =>
    ({ _type: 'block', _key: `od${blockKey++}`, style: 'normal', markDefs, children }) as PortableTextBlock;
  const heading = (value: string) =>
    ({
      _type: 'block',
      _key: `od${blockKey++}`,
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
