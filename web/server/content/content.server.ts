// The one content module every route loader uses. Runs the GROQ of schemas/queries.ts against
// Sanity (SANITY_PROJECT_ID set) or the bundled dataset, and maps the results to the shapes of
// ~/lib/content-types (images become ResponsiveImages served from our own origin). Results are
// cached in memory until clearContentCache() (revalidation). The mapping is in mapping.server.ts.
import { landingPageQuery, legalPageQuery, siteSettingsQuery } from '../../../schemas/queries';
import type {
  LandingPageQueryResult,
  LegalPageQueryResult,
  SiteSettingsQueryResult,
} from '../../../schemas/sanity.types';
import type {
  LandingContent,
  LandingResult,
  SettingsResult,
  LegalPage,
  LegalSlug,
  SiteSettings,
} from '~/lib/content-types';
import { LEGAL_PAGES } from '~/lib/public-pages';
import { sanityConfig } from '../config.server';
import { ImagePipeline } from './images.server';
import { blocks, mapLanding, mapSettings, operatorBlocks, required, withoutNulls } from './mapping.server';
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
      return mapSettings(settings as SettingsResult, getImagePipeline());
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
      return mapLanding(settings, landing as LandingResult, getImagePipeline());
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
