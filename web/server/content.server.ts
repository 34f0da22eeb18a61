// The one content module every route loader uses. Runs the GROQ of schemas/queries.ts against
// Sanity (SANITY_PROJECT_ID set) or the bundled dataset, and maps the results to the shapes of
// ~/lib/content-types (images become ResponsiveImages served from our own origin). Results are
// cached in memory until clearContentCache() (revalidation).
import { landingPageQuery, legalPageQuery, siteSettingsQuery } from '../../schemas/queries';
import type { LandingPageQueryResult, LegalPageQueryResult, SiteSettingsQueryResult } from '../../schemas/sanity.types';
import type {
  FaqItem,
  HorseCase,
  LandingContent,
  LearningSlide,
  LegalPage,
  LegalSlug,
  MediaReference,
  PortableTextBlock,
  Programme,
  QuestionCard,
  SectionTexts,
  SiteSettings,
} from '~/lib/content-types';
import { sanityConfig } from './config.server';
import { ImagePipeline, type RawImage } from './images.server';
import { bundledSource, sanitySource, type ContentSource } from './content/source.server';

export const LEGAL_SLUGS: readonly LegalSlug[] = ['imprint', 'datenschutz', 'agb'];

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
    async () =>
      mapSettings(required(await s.source.fetch<SiteSettingsQueryResult>(siteSettingsQuery), 'Website-Einstellungen')),
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
      return mapLanding(settings, required(page, 'Startseite'));
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
      return {
        slug,
        title: text(page.title, `Titel des Rechtstexts „${slug}“`),
        dateLabel: text(page.dateLabel, `Stand des Rechtstexts „${slug}“`),
        body,
      };
    },
  );
}

/** Loads everything the prerendered pages show (images register their originals on the way). */
export async function loadAllContent() {
  await Promise.all([getLandingContent(), ...LEGAL_SLUGS.map(getLegalPage)]);
}

// ---------------------------------------------------------------- mapping

class ContentError extends Error {
  override name = 'ContentError';
}

function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new ContentError(`Content error: ${what} is missing.`);
  return value;
}
const text = (value: string | null | undefined, what: string) => required(value?.trim() || undefined, what);
const optionalText = (value: string | null | undefined) => value?.trim() || undefined;
const blocks = (value: unknown, what: string) => {
  const list = required(value as PortableTextBlock[] | null | undefined, what);
  if (!Array.isArray(list) || list.length === 0) throw new ContentError(`Content error: ${what} is empty.`);
  return list;
};
const image = (value: RawImage | null | undefined, what: string) =>
  getImagePipeline().responsive(required(value, what), what);
const optionalImage = (value: RawImage | null | undefined, what: string) =>
  value?.asset ? getImagePipeline().responsive(value, what) : Promise.resolve(undefined);

async function mapSettings(s: NonNullable<SiteSettingsQueryResult>): Promise<SiteSettings> {
  const where = 'Website-Einstellungen';
  const [signature, seal, portrait, thumbnail, shareImage] = await Promise.all([
    image(s.signature, `${where}: Unterschrift`),
    image(s.seal, `${where}: Siegel`),
    optionalImage(s.portrait, `${where}: Porträt`),
    image(s.heroVideo?.thumbnail, `${where}: Vorschaubild des Videos`),
    optionalImage(s.shareImage, `${where}: Vorschaubild für soziale Netzwerke`),
  ]);
  const operator = required(s.operator, `${where}: Betreiberangaben`);
  return {
    siteTitle: text(s.siteTitle, `${where}: Titel der Website`),
    siteDescription: text(s.siteDescription, `${where}: Beschreibung`),
    founderName: text(s.founderName, `${where}: Name der Gründerin`),
    tagline: text(s.tagline, `${where}: Leitsatz`),
    quote: text(s.quote, `${where}: Zitat`),
    quoteAuthor: optionalText(s.quoteAuthor),
    signature,
    seal,
    ...(portrait ? { portrait } : {}),
    biographyTitle: text(s.biographyTitle, `${where}: Überschrift der Biografie`),
    biography: blocks(s.biography, `${where}: Biografie`),
    photoNetwork: {
      label: text(s.photoNetwork?.label, `${where}: Beschriftung des Instagram-Buttons`),
      url: text(s.photoNetwork?.url, `${where}: Instagram-Profil`),
    },
    heroVideo: {
      youtubeId: text(s.heroVideo?.youtubeId, `${where}: YouTube-Video-ID`),
      title: text(s.heroVideo?.title, `${where}: Titel des Videos`),
      thumbnail,
    },
    groupLinks: {
      reiter: text(s.groupLinks?.reiter, `${where}: Link zur Reiterclub-Gruppe`),
      trainer: text(s.groupLinks?.trainer, `${where}: Link zur Trainerinnen-Gruppe`),
    },
    communityPrice: s.communityPrice ?? 0,
    operator: {
      name: text(operator.name, `${where}: Name der Betreiberin`),
      businessName: optionalText(operator.businessName),
      street: text(operator.street, `${where}: Straße`),
      postalCode: text(operator.postalCode, `${where}: PLZ`),
      city: text(operator.city, `${where}: Ort`),
      country: text(operator.country, `${where}: Land`),
      email: text(operator.email, `${where}: E-Mail-Adresse`),
      phone: optionalText(operator.phone),
      vatId: optionalText(operator.vatId),
      responsibleForContent: optionalText(operator.responsibleForContent),
    },
    ...(shareImage ? { shareImage } : {}),
  };
}

type Page = NonNullable<LandingPageQueryResult>;
type RawSection = { eyebrow: string | null; title: string | null; intro: string | null; cta: string | null } | null;

function section(s: RawSection | undefined, what: string): SectionTexts {
  const value = required(s, `Startseite: Abschnitt „${what}“`);
  return {
    eyebrow: optionalText(value.eyebrow),
    title: text(value.title, `Startseite: Überschrift des Abschnitts „${what}“`),
    intro: optionalText(value.intro),
    cta: optionalText(value.cta),
  };
}

const list = <T>(value: T[] | null | undefined, what: string) => required(value, what).filter((v) => v !== null);

async function mapLanding(settings: SiteSettings, page: Page): Promise<LandingContent> {
  const sections = required(page.sections, 'Startseite: Abschnitte');
  const sw = required(sections.switch, 'Startseite: Abschnitt „Reiterin/Trainerin“');

  const programmes: Programme[] = list(page.programmes, 'Startseite: Programme').map((p, i) => {
    const what = `Programm ${i + 1}`;
    const number = text(p.number, `${what}: Nummer`);
    if (!/^0[1-5]$/.test(number)) throw new ContentError(`Content error: ${what} has the number „${number}“ (01–05).`);
    return {
      number: number as Programme['number'],
      title: text(p.title, `${what}: Titel`),
      description: blocks(p.description, `${what}: Beschreibung`),
      duration: text(p.duration, `${what}: Dauer`),
    };
  });

  const horses: HorseCase[] = await Promise.all(
    list(page.horses, 'Startseite: Pferde').map(async (h, i) => {
      const what = `Pferd ${i + 1}`;
      const name = text(h.name, `${what}: Name`);
      const [beforeImage, afterImage] = await Promise.all([
        image(h.beforeImage, `Pferd „${name}“: Vorher-Bild`),
        image(h.afterImage, `Pferd „${name}“: Nachher-Bild`),
      ]);
      return {
        name,
        age: text(h.age, `Pferd „${name}“: Alter`),
        beforeImage,
        afterImage,
        beforeText: text(h.beforeText, `Pferd „${name}“: Vorher-Text`),
        afterText: text(h.afterText, `Pferd „${name}“: Nachher-Text`),
      };
    }),
  );

  const mediaReferences: MediaReference[] = await Promise.all(
    list(page.mediaReferences, 'Startseite: Medienreferenzen').map(async (m, i) => {
      const what = `Medienreferenz ${i + 1}`;
      const logo = await optionalImage(m.logo, `${what}: Logo`);
      return {
        outlet: text(m.outlet, `${what}: Medium`),
        title: text(m.title, `${what}: Titel`),
        excerpt: optionalText(m.excerpt),
        url: optionalText(m.url),
        ...(logo ? { logo } : {}),
        date: optionalText(m.date),
      };
    }),
  );

  const questions: QuestionCard[] = list(page.questions, 'Startseite: Fragekarten').map((q, i) => ({
    question: text(q.question, `Fragekarte ${i + 1}: Frage`),
    answer: optionalText(q.answer),
  }));

  const learningSlides: LearningSlide[] = await Promise.all(
    list(page.learningSlides, 'Startseite: „Ich zeige dir wie“-Folien').map(async (l, i) => {
      const what = `Folie ${i + 1}`;
      const slideImage = await optionalImage(l.image, `${what}: Bild`);
      return {
        title: text(l.title, `${what}: Titel`),
        text: text(l.text, `${what}: Text`),
        ...(slideImage ? { image: slideImage } : {}),
      };
    }),
  );

  const faq: FaqItem[] = list(page.faq, 'Startseite: FAQ').map((f, i) => ({
    question: text(f.question, `FAQ ${i + 1}: Frage`),
    answer: blocks(f.answer, `FAQ ${i + 1}: Antwort`),
  }));

  return {
    settings,
    sections: {
      showcase: section(sections.showcase, 'Programme'),
      video: section(sections.video, 'Video'),
      beforeAfter: section(sections.beforeAfter, 'Vorher – Nachher'),
      media: section(sections.media, 'Medienreferenzen'),
      questions: section(sections.questions, 'Ist es wahr, dass …'),
      learning: section(sections.learning, 'Ich zeige dir wie'),
      switch: {
        ...section(sw, 'Reiterin/Trainerin'),
        riderLabel: text(sw.riderLabel, 'Startseite: Beschriftung „Reiterin“'),
        trainerLabel: text(sw.trainerLabel, 'Startseite: Beschriftung „Trainerin“'),
        riderText: text(sw.riderText, 'Startseite: Text für Reiterinnen'),
        trainerText: text(sw.trainerText, 'Startseite: Text für Trainerinnen'),
      },
      faq: section(sections.faq, 'FAQ'),
    },
    programmes,
    horses,
    mediaReferences,
    questions,
    learningSlides,
    faq,
  };
}

// ---------------------------------------------------------------- imprint: operator details

let blockKey = 0;
const span = (value: string, marks: string[] = []) => ({ _type: 'span', _key: `od${blockKey++}`, text: value, marks });

/** The operator's details from the site settings as Portable Text (placed where the imprint says). */
export function operatorBlocks(o: SiteSettings['operator']): PortableTextBlock[] {
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
