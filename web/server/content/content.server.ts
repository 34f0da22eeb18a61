// The one content module every route loader uses. Runs the GROQ of schemas/queries.ts against
// Sanity (SANITY_PROJECT_ID set) or the bundled dataset, and maps the results to the shapes of
// ~/lib/content-types (images become ResponsiveImages served from our own origin). Results are
// cached in memory until a content sync adopts freshly loaded content (or clearContentCache()).
// The mapping is in mapping.server.ts. With `{ draft: true }` (the editor's preview) the same
// queries and mapping run on the drafts, with stega marks in the texts, fresh on every call:
// nothing of a draft is cached.
import { createHash } from 'node:crypto';
import {
  communityGroupsQuery,
  decisionMailsQuery,
  landingPageQuery,
  legalPageQuery,
  newsletterQuery,
  newslettersQuery,
  siteSettingsQuery,
} from '~schemas/queries';
import type {
  CommunityGroupsQueryResult,
  DecisionMailsQueryResult,
  LandingPageQueryResult,
  LegalPageQueryResult,
  NewsletterQueryResult,
  NewslettersQueryResult,
  SiteSettingsQueryResult,
} from '~schemas/sanity.types';
import type {
  LandingContent,
  LandingResult,
  SettingsResult,
  LegalPage,
  LegalSlug,
  SiteSettings,
  CommunityGroup,
} from '~/lib/content-types';
import type { NewsletterCheck } from '~/lib/newsletter';
import { LEGAL_PAGES } from '~/lib/public-pages';
import { sanityConfig } from '../config.server';
import { log } from '../log.server';
import { checkDecisionMails, type DecisionMailTexts } from './decision-mails.server';
import { ImagePipeline } from './images.server';
import { blocks, mapLanding, mapSettings, operatorBlocks, required, withoutNulls } from './mapping.server';
import { bundledSource, draftSource, sanitySource, type ContentSource } from './source.server';
import { launchPlaceholders } from './launch-readiness.server';
import { loadNewsletter, type LoadedNewsletter, type NewsletterSummary } from './newsletters.server';

export { ContentError } from './mapping.server';
export { followPublishes } from './live-events.server';
export { sanityClient } from './source.server';
export { decisionMailTextFor, type DecisionMailTexts } from './decision-mails.server';
export { renderedContentContext } from './rendered-content.server';
export { logPlaceholders } from './launch-readiness.server';
export type { NewsletterSummary } from './newsletters.server';

/** Which content to load: the published one (default, cached) or the editor's drafts (preview). */
export interface ContentOptions {
  /** The drafts, stega-marked, uncached; needs the preview configured (SANITY_API_READ_TOKEN, SANITY_STUDIO_URL). */
  draft?: boolean;
}

interface ContentState {
  source: ContentSource;
  /** The editor's drafts: texts stega-marked, except where code reads them. */
  draft?: boolean;
  /** Originals are registered as this state's content loads; renditions are cached on disk. */
  pipeline: ImagePipeline;
  settings?: Promise<SiteSettings>;
  landing?: Promise<LandingContent>;
  community?: Promise<CommunityGroup[]>;
  legal: Map<LegalSlug, Promise<LegalPage>>;
  decisionMails?: Promise<DecisionMailTexts>;
  newsletters?: Promise<LoadedNewsletter[]>;
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

let drafts: ContentSource | undefined;
/**
 * A state of its own for each draft load (nothing cached between calls), on one shared client. A
 * draft's images join the pipeline of the content being served, which serves their renditions.
 */
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
  return { source: drafts, draft: true, pipeline: current().pipeline, legal: new Map() };
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
  const [youtubeId, photoNetworkUrl, email] = await Promise.all([
    withoutStega(settings.heroVideo.youtubeId),
    withoutStega(settings.photoNetwork.url),
    withoutStega(settings.operator.email),
  ]);
  return {
    ...settings,
    heroVideo: { ...settings.heroVideo, youtubeId },
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

/** The image pipeline of the content being served (its rendition cache on disk survives content changes). */
export function getImagePipeline(): ImagePipeline {
  return current().pipeline;
}

/** Forgets every loaded result (and re-reads the bundled dataset): the next call fetches fresh content. */
export function clearContentCache() {
  state = undefined;
  drafts = undefined;
}

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

export const getSiteSettings = (options?: ContentOptions) => settingsOf(stateFor(options));
export const getLandingContent = (options?: ContentOptions) => landingOf(stateFor(options));
export const getLegalPage = (slug: LegalSlug, options?: ContentOptions) => legalOf(stateFor(options), slug);
/** The community's pool of WhatsApp groups as published (never drafts: the stable links serve visitors). */
export const getCommunityGroups = () => communityOf(current());

/**
 * The texts of the decision mails in the content this instance serves (read when a mail is sent,
 * so a published change applies to the next one). Never drafts.
 */
export const getDecisionMailTexts = () => decisionMailsOf(current());

/**
 * Every published newsletter, most recently changed first, each with what keeps it from being sent
 * (`problems`, German; empty when it can be sent). Read from the content this instance serves: a
 * publish in the Studio arrives with the next content sync, as every other change does.
 */
export async function getNewsletters(): Promise<NewsletterSummary[]> {
  return (await newslettersOf(current())).map((n) => n.summary);
}

/**
 * One newsletter, checked: `{ newsletter, problems: [] }` when it can be sent, `{ newsletter: null,
 * problems }` when not, null when there is none with this id. Published content, or with
 * `{ draft: true }` the editor's draft (fresh, without stega marks: the mail preview shows it).
 */
export async function getNewsletter(id: string, options?: ContentOptions): Promise<NewsletterCheck | null> {
  if (!options?.draft) return (await newslettersOf(current())).find((n) => n.summary.id === id)?.check ?? null;
  const s = draftState();
  const raw = await s.source.fetch<NewsletterQueryResult>(newsletterQuery, { id });
  return raw ? (await loadNewsletter(await withoutStega(raw), s.source, s.pipeline)).check : null;
}

function newslettersOf(s: ContentState): Promise<LoadedNewsletter[]> {
  return memo(
    () => s.newsletters,
    (p) => (s.newsletters = p),
    async () => {
      const raw = (await s.source.fetch<NewslettersQueryResult>(newslettersQuery)) ?? [];
      return Promise.all(raw.map((n) => loadNewsletter(n, s.source, s.pipeline)));
    },
  );
}

function decisionMailsOf(s: ContentState): Promise<DecisionMailTexts> {
  return memo(
    () => s.decisionMails,
    (p) => (s.decisionMails = p),
    async () => {
      const result = await s.source.fetch<DecisionMailsQueryResult>(decisionMailsQuery);
      // What replaces a text that cannot be sent: the bundled dataset's (checked on its own).
      const fallback =
        s.source.kind === 'bundled'
          ? undefined
          : checkDecisionMails(
              await bundledSource(sanityConfig().contentDir).fetch<DecisionMailsQueryResult>(decisionMailsQuery),
              undefined,
            );
      const problems: string[] = [];
      const texts = checkDecisionMails(result, fallback, problems);
      for (const problem of problems) log.warn(`Content: decision mails: ${problem}`);
      return texts;
    },
  );
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
      const mapped = await mapSettings(settings as SettingsResult, s.pipeline);
      return s.draft ? plainSettings(mapped) : mapped;
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
      const content = await mapLanding(settings, landing as LandingResult, s.pipeline);
      return s.draft ? plainLanding(content) : content;
    },
  );
}

function communityOf(s: ContentState): Promise<CommunityGroup[]> {
  return memo(
    () => s.community,
    (p) => (s.community = p),
    async () => (await s.source.fetch<CommunityGroupsQueryResult>(communityGroupsQuery)) ?? [],
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

/** The placeholders the published content still holds (launch readiness; cached content, cheap). */
export async function publishedPlaceholders() {
  const [landing, legalPages, communityGroups] = await Promise.all([
    getLandingContent(),
    Promise.all(LEGAL_PAGES.map((p) => getLegalPage(p.slug))),
    getCommunityGroups(),
  ]);
  return launchPlaceholders({
    settings: landing.settings,
    communityGroups,
    mediaReferences: landing.mediaReferences,
    legalPages,
  });
}

/** Loads everything the prerendered pages show (images register their originals on the way). */
export async function loadAllContent() {
  await loadEverything(current());
}

function loadEverything(s: ContentState) {
  return Promise.all([
    settingsOf(s),
    landingOf(s),
    Promise.all(LEGAL_PAGES.map((p) => legalOf(s, p.slug))),
    // In the fingerprint, so that a change of the mails alone is adopted too. A broken mail text
    // must not keep a publish of the pages out: its error goes into the fingerprint instead.
    decisionMailsOf(s).catch((error: unknown) => ({ error: String(error) })),
    communityOf(s),
    // In the fingerprint, so that a published newsletter reaches every instance; loading registers
    // the originals of its images, which the image route then serves.
    newslettersOf(s).then((all) => all.map((n) => n.check)),
  ] as const);
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
  // The decision mails, the community's pool and the newsletters are part of the fingerprint: a
  // changed mail text, a replaced invitation link or a published newsletter is a change every
  // instance adopts, although no page shows it.
  const [settings, landing, legal, decisionMails, community, newsletters] = await loadEverything(fresh);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ settings, landing, legal, decisionMails, community, newsletters }))
    .digest('hex');
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
