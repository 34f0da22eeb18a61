import type { Route } from './+types/home';
import { ScrollMotion } from '~/components/ScrollMotion';
import { SignupProvider } from '~/components/signup/SignupProvider';
import { imageSrc } from '~/lib/image-urls';
import { pageMeta, SITE_NAME } from '~/lib/seo';
import { businessJsonLd, coursesJsonLd, faqJsonLd } from '~/lib/structured-data';
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
import { getLandingContent } from '~/server/content/content.server';
import { publicUrlConfig } from '~/server/config.server';
import { loadDraft } from '~/server/preview/preview.server';

// Runs at build time: / is prerendered. At run time only for an editor's preview (the drafts).
export async function loader({ request }: Route.LoaderArgs) {
  const publicUrl = publicUrlConfig();
  const draft = await loadDraft(request, () => getLandingContent({ draft: true }));
  if (draft) return { ...draft, publicUrl };
  return { content: await getLandingContent(), publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  // Meta tags and structured data never carry a preview's stega marks.
  const content = data && ('preview' in data ? data.plainContent : data.content);
  if (!data || !content) return pageMeta({ title: SITE_NAME, path: '/' });
  const { publicUrl } = data;
  const { settings } = content;
  const share = settings.shareImage ?? settings.heroVideo.thumbnail;
  return pageMeta({
    title: SITE_NAME,
    description: settings.siteDescription,
    path: '/',
    publicUrl,
    image: { src: imageSrc(share), width: share.width, height: share.height, alt: share.alt },
    jsonLd: [
      businessJsonLd(settings, publicUrl),
      ...coursesJsonLd(content.programmes, settings, publicUrl),
      faqJsonLd(content.faq),
    ],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  // A draft that cannot make the page yet: the preview says why (root.tsx) instead.
  if (!loaderData.content) return null;
  const { settings, sections, ...content } = loaderData.content;
  return (
    <SignupProvider>
      <a className="skip-link" href="#inhalt">
        {LABELS.skipToContent}
      </a>
      <Header settings={settings} />
      <main id="inhalt" tabIndex={-1}>
        <div id="top" />
        <Intro settings={settings} ctaLabel={sections.switch.cta} />
        <Showcase texts={sections.showcase} programmes={content.programmes} />
        <HeroVideo texts={sections.video} video={settings.heroVideo} />
        <BeforeAfter texts={sections.beforeAfter} horses={content.horses} />
        <MediaReferences texts={sections.media} references={content.mediaReferences} />
        <Questions texts={sections.questions} questions={content.questions} />
        <Learning texts={sections.learning} slides={content.learningSlides} />
        <RiderTrainerSwitch texts={sections.switch} price={settings.communityPrice} />
        <Faq texts={sections.faq} items={content.faq} />
      </main>
      <Footer settings={settings} />
      <ScrollMotion />
    </SignupProvider>
  );
}
