// The shapes of the content every page receives from the content module
// (web/server/content.server.ts). Route loaders return these; sections render them.
// Owned by the content work (issue 3); the landing page builds against it.
import type { PortableTextBlock } from '@portabletext/react';

export type { PortableTextBlock };
export type UserType = 'reiter' | 'trainer';

/** An image served from our own origin in responsive AVIF/WebP sizes. */
export interface ResponsiveImage {
  alt: string;
  /** Intrinsic size of the largest rendition (for width/height attributes: no layout shift). */
  width: number;
  height: number;
  /** Rendition key `<sha1>-<w>x<h>`: URLs come from ~/lib/image-urls (imageSrc, imageSrcSet). */
  key: string;
  /** Rendition widths, ascending; the last is the largest (the fallback). */
  widths: number[];
  /** A tiny blurred preview as a data URL or a CSS colour, shown until the image loads. */
  placeholder?: string;
}

export interface SiteSettings {
  siteTitle: string;
  siteDescription: string;
  founderName: string;
  tagline: string;
  /** The quote about riding in sync with the horse. */
  quote: string;
  quoteAuthor?: string;
  signature: ResponsiveImage;
  seal: ResponsiveImage;
  portrait?: ResponsiveImage;
  biographyTitle: string;
  biography: PortableTextBlock[];
  photoNetwork: { label: string; url: string };
  heroVideo: { youtubeId: string; title: string; thumbnail: ResponsiveImage };
  groupLinks: { reiter: string; trainer: string };
  /** Always 0 (the community is free). */
  communityPrice: number;
  operator: {
    name: string;
    businessName?: string;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    email: string;
    phone?: string;
    vatId?: string;
    responsibleForContent?: string;
  };
  shareImage?: ResponsiveImage;
}

export interface Programme {
  number: '01' | '02' | '03' | '04' | '05';
  title: string;
  description: PortableTextBlock[];
  duration: string;
}

export interface HorseCase {
  name: string;
  age: string;
  beforeImage: ResponsiveImage;
  afterImage: ResponsiveImage;
  beforeText: string;
  afterText: string;
}

export interface MediaReference {
  outlet: string;
  title: string;
  excerpt?: string;
  url?: string;
  logo?: ResponsiveImage;
  date?: string;
}

export interface QuestionCard {
  question: string;
  answer?: string;
}

export interface LearningSlide {
  title: string;
  text: string;
  image?: ResponsiveImage;
}

export interface FaqItem {
  question: string;
  answer: PortableTextBlock[];
}

/** Headings and short texts of each landing-page section (German copy from the content). */
export interface SectionTexts {
  eyebrow?: string;
  title: string;
  intro?: string;
  /** Label of the section's call to action, where it has one. */
  cta?: string;
}

export interface LandingContent {
  settings: SiteSettings;
  sections: {
    showcase: SectionTexts;
    video: SectionTexts;
    beforeAfter: SectionTexts;
    media: SectionTexts;
    questions: SectionTexts;
    learning: SectionTexts;
    switch: SectionTexts & { riderLabel: string; trainerLabel: string; riderText: string; trainerText: string };
    faq: SectionTexts;
  };
  programmes: Programme[];
  horses: HorseCase[];
  mediaReferences: MediaReference[];
  questions: QuestionCard[];
  learningSlides: LearningSlide[];
  faq: FaqItem[];
}

export type LegalSlug = 'imprint' | 'datenschutz' | 'agb';

export interface LegalPage {
  slug: LegalSlug;
  title: string;
  /** Shown as "Stand: Oktober 2025". */
  dateLabel: string;
  body: PortableTextBlock[];
}
