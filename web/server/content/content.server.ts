// The one content module every route loader uses. Runs the GROQ of schemas/queries.ts against
// Sanity (SANITY_PROJECT_ID set) or the bundled dataset, and maps the results to the shapes of
// ~/lib/content-types (images become ResponsiveImages served from our own origin). Results are
// cached in memory until a content sync adopts freshly loaded content (or clearContentCache()).
// The mapping is in mapping.server.ts.
import { createHash } from 'node:crypto';
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
  /** Originals are registered as this state's content loads; renditions are cached on disk. */
  pipeline: ImagePipeline;
  settings?: Promise<SiteSettings>;
  landing?: Promise<LandingContent>;
  legal: Map<LegalSlug, Promise<LegalPage>>;
}

let state: ContentState | undefined;

function newState(): ContentState {
  const config = sanityConfig();
  const source = config.projectId
    ? sanitySource({
        projectId: config.projectId,
        dataset: config.dataset,
        token: config.token,
        apiHost: config.apiHost,
      })
    : bundledSource(config.contentDir);
  return { source, pipeline: new ImagePipeline({ cacheDir: config.imageCacheDir }), legal: new Map() };
}

const current = () => (state ??= newState());

/** The image pipeline of the content being served (its rendition cache on disk survives content changes). */
export function getImagePipeline(): ImagePipeline {
  return current().pipeline;
}

/** Forgets every loaded result (and re-reads the bundled dataset): the next call fetches fresh content. */
export function clearContentCache() {
  state = undefined;
}

/** Which source the content comes from (for logs). */
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

export const getSiteSettings = () => settingsOf(current());
export const getLandingContent = () => landingOf(current());
export const getLegalPage = (slug: LegalSlug) => legalOf(current(), slug);

function settingsOf(s: ContentState): Promise<SiteSettings> {
  return memo(
    () => s.settings,
    (p) => (s.settings = p),
    async () => {
      const settings = required(
        await s.source.fetch<SiteSettingsQueryResult>(siteSettingsQuery),
        'Website-Einstellungen',
      );
      required(settings.siteTitle, 'Website-Einstellungen: Titel der Website');
      return mapSettings(settings as SettingsResult, s.pipeline);
    },
  );
}

function landingOf(s: ContentState): Promise<LandingContent> {
  return memo(
    () => s.landing,
    (p) => (s.landing = p),
    async () => {
      const [settings, page] = await Promise.all([
        settingsOf(s),
        s.source.fetch<LandingPageQueryResult>(landingPageQuery),
      ]);
      const landing = required(page, 'Startseite');
      required(landing.sections, 'Startseite: Abschnitte');
      return mapLanding(settings, landing as LandingResult, s.pipeline);
    },
  );
}

function legalOf(s: ContentState, slug: LegalSlug): Promise<LegalPage> {
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
        const { operator } = await settingsOf(s);
        body = body.flatMap((b) => (b._type === 'operatorDetails' ? operatorBlocks(operator) : [b]));
      }
      return { ...withoutNulls(page), slug, body };
    },
  );
}

/** Loads everything the prerendered pages show (images register their originals on the way). */
export async function loadAllContent() {
  await loadEverything(current());
}

function loadEverything(s: ContentState) {
  return Promise.all([settingsOf(s), landingOf(s), Promise.all(LEGAL_PAGES.map((p) => legalOf(s, p.slug)))] as const);
}

/** Content loaded from the source, not served yet: compare its fingerprint, then adopt it or drop it. */
export interface FreshContent {
  source: ContentSource['kind'];
  /** sha256 (hex) of everything the prerendered pages show, as loaded and mapped. */
  fingerprint: string;
  /** The image pipeline that knows this content's originals (to warm its renditions). */
  pipeline: ImagePipeline;
  /** From now on every loader answers from this content; the function returned goes back. */
  adopt(): () => void;
}

/**
 * Loads everything the prerendered pages show straight from the source, past every cache, without
 * touching the content being served: a content error (thrown) leaves the served content as it was.
 */
export async function loadFreshContent(): Promise<FreshContent> {
  const fresh = newState();
  const [settings, landing, legal] = await loadEverything(fresh);
  const fingerprint = createHash('sha256').update(JSON.stringify({ settings, landing, legal })).digest('hex');
  return {
    source: fresh.source.kind,
    fingerprint,
    pipeline: fresh.pipeline,
    adopt: () => {
      const previous = state;
      state = fresh;
      return () => void (state = previous);
    },
  };
}
