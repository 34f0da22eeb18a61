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

// Runs at build time: / is prerendered.
export async function loader() {
  return { content: await getLandingContent(), publicUrl: publicUrlConfig() };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return pageMeta({ title: SITE_NAME, path: '/' });
  const { content, publicUrl } = data;
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
  const { settings, sections, ...content } = loaderData.content;
  return (
    <SignupProvider groupLinks={settings.groupLinks}>
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
