// The one content module every route loader uses. Runs the GROQ of schemas/queries.ts against
// Sanity (SANITY_PROJECT_ID set) or the bundled dataset, and maps the results to the shapes of
// ~/lib/content-types (images become ResponsiveImages served from our own origin). Results are
// cached in memory until clearContentCache() (revalidation). The mapping is in mapping.server.ts.
// With `{ draft: true }` (the editor's preview) the same queries and mapping run on the drafts, with
// stega marks in the texts, fresh on every call: nothing of a draft is cached.
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
import { bundledSource, draftSource, sanitySource, type ContentSource } from './source.server';

export { ContentError } from './mapping.server';
export { followPublishes, type LiveChange } from './live-events.server';
export { sanityClient, SANITY_API_VERSION } from './source.server';

/** Which content to load: the published one (default, cached) or the editor's drafts (preview). */
export interface ContentOptions {
  /** The drafts, stega-marked, uncached; needs the preview configured (SANITY_API_READ_TOKEN, SANITY_STUDIO_URL). */
  draft?: boolean;
}

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

let drafts: ContentSource | undefined;
/** A state of its own for each draft load (nothing cached between calls), on one shared client. */
function draftState(): ContentState {
  const config = sanityConfig();
  if (!config.projectId || !config.preview) throw new Error('The draft preview is not configured.');
  drafts ??= draftSource({
    projectId: config.projectId,
    dataset: config.dataset,
    apiHost: config.apiHost,
    token: config.preview.readToken,
    studioUrl: config.preview.studioUrl,
  });
  return { source: drafts, legal: new Map() };
}

const stateFor = (options?: ContentOptions) => (options?.draft ? draftState() : current());

/**
 * A deep copy without stega marks: for what must stay plain text in a preview (meta tags,
 * structured data, ids, links, values compared in code).
 */
export async function withoutStega<T>(value: T): Promise<T> {
  const { stegaClean } = await import('@sanity/client/stega');
  return stegaClean(value) as T;
}

/** A draft's settings values that are ids or links: never stega-marked. */
async function plainSettings(settings: SiteSettings): Promise<SiteSettings> {
  const [youtubeId, groupLinks, photoNetworkUrl, email] = await Promise.all([
    withoutStega(settings.heroVideo.youtubeId),
    withoutStega(settings.groupLinks),
    withoutStega(settings.photoNetwork.url),
    withoutStega(settings.operator.email),
  ]);
  return {
    ...settings,
    heroVideo: { ...settings.heroVideo, youtubeId },
    groupLinks,
    photoNetwork: { ...settings.photoNetwork, url: photoNetworkUrl },
    operator: { ...settings.operator, email },
  };
}

/** A draft landing page's values that are ids, links or dates: never stega-marked. */
async function plainLanding(content: LandingContent): Promise<LandingContent> {
  const [programmes, mediaReferences] = await Promise.all([
    Promise.all(content.programmes.map(async (p) => ({ ...p, number: await withoutStega(p.number) }))),
    Promise.all(
      content.mediaReferences.map(async (m) => ({
        ...m,
        url: await withoutStega(m.url),
        ...(m.date === undefined ? {} : { date: await withoutStega(m.date) }),
      })),
    ),
  ]);
  return { ...content, programmes, mediaReferences };
}

/** The image pipeline (one per process; its cache is content-addressed and survives content changes). */
export function getImagePipeline(): ImagePipeline {
  return (pipeline ??= new ImagePipeline({ cacheDir: sanityConfig().imageCacheDir }));
}

/** Forgets every loaded result (and re-reads the bundled dataset): the next call fetches fresh content. */
export function clearContentCache() {
  state = undefined;
  drafts = undefined;
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

export function getSiteSettings(options?: ContentOptions): Promise<SiteSettings> {
  return settingsOf(stateFor(options));
}

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
      const mapped = await mapSettings(settings as SettingsResult, getImagePipeline());
      return s.source === drafts ? plainSettings(mapped) : mapped;
    },
  );
}

export function getLandingContent(options?: ContentOptions): Promise<LandingContent> {
  const s = stateFor(options);
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
      const content = await mapLanding(settings, landing as LandingResult, getImagePipeline());
      return s.source === drafts ? plainLanding(content) : content;
    },
  );
}

export function getLegalPage(slug: LegalSlug, options?: ContentOptions): Promise<LegalPage> {
  const s = stateFor(options);
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
  await Promise.all([getLandingContent(), ...LEGAL_PAGES.map((p) => getLegalPage(p.slug))]);
}
