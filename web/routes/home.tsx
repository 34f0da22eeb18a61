import type { Route } from './+types/home';
import { ScrollMotion } from '~/components/ScrollMotion';
import { SignupProvider } from '~/components/signup/SignupProvider';
import { StaticContent, useServerContent } from '~/components/Static';
import { StructuredData } from '~/components/StructuredData';
import type { LandingContent } from '~/lib/content-types';
import { landingFrame, type LandingFrame } from '~/lib/landing-frame';
import { pageMeta, SITE_NAME } from '~/lib/seo';
import { landingJsonLd } from '~/lib/structured-data';
import { LABELS } from '~/copy/landing';
import { BeforeAfter } from '~/sections/BeforeAfter';
import { Faq } from '~/sections/Faq';
import { Footer } from '~/sections/Footer';
import { Header } from '~/sections/Header';
import { HeroVideo } from '~/sections/HeroVideo';
import { Intro } from '~/sections/Intro';
import { Learning } from '~/sections/Learning';
import { MediaReferences } from '~/sections/MediaReferences';
import { Questions } from '~/sections/Questions';
import { RiderTrainerSwitch } from '~/sections/RiderTrainerSwitch';
import { Showcase } from '~/sections/Showcase';
import { getLandingContent, renderedContentContext } from '~/server/content/content.server';
import { publicUrlConfig } from '~/server/config.server';
import { loadDraft } from '~/server/preview/preview.server';

// Runs at build time: / is prerendered. At run time only for an editor's preview (the drafts).
// The route data is the page's frame (~/lib/landing-frame): what its controls need in the browser.
// The content itself goes to the server's render only (its HTML holds it; web/components/Static.tsx),
// except in the preview, where an edit re-renders the page in the browser from fresh drafts.
export async function loader({ request }: Route.LoaderArgs) {
  const publicUrl = publicUrlConfig();
  const draft = await loadDraft(request, () => getLandingContent({ draft: true }));
  if (draft) return { ...draft, frame: draft.plainContent && landingFrame(draft.plainContent), publicUrl };
  return { frame: landingFrame(await getLandingContent()), publicUrl };
}

// The published content for the server's render, on every render of the page: a middleware, since
// the prerendering renders the HTML from the route data of its first pass without calling the
// loader again.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }) => {
    const content = await getLandingContent();
    const rendered: RenderedLanding = { content, structuredData: landingJsonLd(content, publicUrlConfig()) };
    context.set(renderedContentContext, rendered);
  },
];

/** What the server renders the page from beside its route data. */
interface RenderedLanding {
  content: LandingContent;
  /** JSON-LD, written by the server only (an editor's preview has none: it is never indexed). */
  structuredData: object[];
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data?.frame) return pageMeta({ title: SITE_NAME, path: '/' });
  const { description, image } = data.frame.meta;
  return pageMeta({ title: SITE_NAME, description, path: '/', publicUrl: data.publicUrl, image });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const rendered = useServerContent<RenderedLanding>();
  // In the preview the drafts are the route data; a draft that cannot make the page yet: the
  // preview says why (root.tsx) instead.
  const preview = 'preview' in loaderData;
  const content = preview ? loaderData.content : rendered?.content;
  const { frame } = loaderData;
  if (!frame || (preview && !content)) return null;
  return (
    <StaticContent value={Boolean(content)}>
      <LandingPage frame={frame} content={content} structuredData={preview ? undefined : rendered?.structuredData} />
    </StaticContent>
  );
}

/** `content` and `structuredData`: undefined in the browser, except the content in the preview (see web/components/Static.tsx). */
function LandingPage({
  frame,
  content,
  structuredData,
}: {
  frame: LandingFrame;
  content: LandingContent | undefined;
  structuredData: object[] | undefined;
}) {
  const settings = content?.settings;
  const sections = content?.sections;
  const part = <T,>(make: (c: LandingContent) => T) => (content ? make(content) : undefined);
  return (
    <SignupProvider>
      <a className="skip-link" href="#inhalt">
        {LABELS.skipToContent}
      </a>
      <Header settings={settings} />
      <main id="inhalt" tabIndex={-1}>
        <div id="top" />
        <Intro settings={settings} ctaLabel={sections?.switch.cta} />
        <Showcase
          steps={frame.programmes}
          content={part((c) => ({ texts: c.sections.showcase, programmes: c.programmes }))}
        />
        <HeroVideo
          video={frame.video}
          content={part((c) => ({ texts: c.sections.video, thumbnail: c.settings.heroVideo.thumbnail }))}
        />
        <BeforeAfter
          horses={frame.horses}
          content={part((c) => ({ texts: c.sections.beforeAfter, horses: c.horses }))}
        />
        <MediaReferences
          slider={frame.sliders.media}
          content={part((c) => ({ texts: c.sections.media, items: c.mediaReferences }))}
        />
        <Questions content={part((c) => ({ texts: c.sections.questions, questions: c.questions }))} />
        <Learning
          slider={frame.sliders.learning}
          content={part((c) => ({ texts: c.sections.learning, items: c.learningSlides }))}
        />
        <RiderTrainerSwitch content={part((c) => ({ texts: c.sections.switch, price: c.settings.communityPrice }))} />
        <Faq content={part((c) => ({ texts: c.sections.faq, items: c.faq }))} />
      </main>
      <Footer settings={settings} />
      <StructuredData data={structuredData} />
      <ScrollMotion />
    </SignupProvider>
  );
}
