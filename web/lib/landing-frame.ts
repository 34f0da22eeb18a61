// What the landing page's controls compute with in the browser: the route data of `/`. The page's
// texts and images are in its HTML and stay there (<Static> elements, web/components/Static.tsx);
// the browser gets only what a control changes or needs to name, so the document stays small (its
// hydration data used to repeat the whole content).
import type { LandingContent } from './content-types';
import { imageSrc } from './image-urls';
import type { ShareImage } from './seo';

export interface LandingFrame {
  /** The video that a click on the thumbnail embeds. */
  video: { youtubeId: string; title: string };
  /** The showcase's steps, whose number and title follow the scroll. */
  programmes: { number: string; title: string }[];
  /** The before/after horses' names (each divider's label). */
  horses: string[];
  /** The two sliders: their names and how many slides each has. */
  sliders: Record<'media' | 'learning', { label: string; count: number }>;
  /** The page's description and share image (its meta tags). */
  meta: { description: string; image: ShareImage };
}

export function landingFrame(content: LandingContent): LandingFrame {
  const { settings, sections } = content;
  const share = settings.shareImage ?? settings.heroVideo.thumbnail;
  return {
    video: { youtubeId: settings.heroVideo.youtubeId, title: settings.heroVideo.title },
    programmes: content.programmes.map(({ number, title }) => ({ number, title })),
    horses: content.horses.map((horse) => horse.name),
    sliders: {
      media: { label: sections.media.title, count: content.mediaReferences.length },
      learning: { label: sections.learning.title, count: content.learningSlides.length },
    },
    meta: {
      description: settings.siteDescription,
      image: { src: imageSrc(share), width: share.width, height: share.height, alt: share.alt },
    },
  };
}
