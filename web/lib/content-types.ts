// The shapes of the content every page receives from the content module
// (web/server/content/content.server.ts), derived from the result types that `npm run typegen`
// writes for the queries of schemas/queries.ts. What a query selects is what a page gets, except:
// - an image (the IMAGE projection of the queries) becomes a ResponsiveImage served from our origin,
// - Portable Text becomes the renderer's block type,
// - a field left empty (null in GROQ) is absent (undefined).
// A new field therefore needs the schema, the query and `npm run typegen`, nothing here.
import type { PortableTextBlock } from '@portabletext/react';
import type {
  CommunityGroupsQueryResult,
  LandingPageQueryResult,
  LegalPageQueryResult,
  SiteSettingsQueryResult,
} from '~schemas/sanity.types';
import type { TYPE_NAMES } from '~/copy/dashboard';
import type { SIGNUP_COPY } from '~/copy/signup';
import type { Assert, ExactKeys } from './exact-keys';

export type { PortableTextBlock };
export type UserType = 'reiter' | 'trainer';
// The texts that name each audience name exactly these.
type _SignupUserTypes = Assert<ExactKeys<typeof SIGNUP_COPY.userTypes, UserType>>;
type _SignupDoneTexts = Assert<ExactKeys<typeof SIGNUP_COPY.done.text, UserType>>;
type _SignupDoneButtons = Assert<ExactKeys<typeof SIGNUP_COPY.done.button, UserType>>;
type _TypeNames = Assert<ExactKeys<typeof TYPE_NAMES, UserType>>;

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
  /** The image may have transparent parts (the signature): no preview, it would show through. */
  transparent?: boolean;
}

/** The result shape of the queries' IMAGE projection. */
export interface ImageProjection {
  alt: string | null;
  asset: { _id: string; url: string | null; width: number | null; height: number | null; lqip: string | null } | null;
}

type NullKeys<T> = { [K in keyof T]: null extends T[K] ? K : never }[keyof T];

/** A query result as the pages get it (see the header of this file). */
export type Content<T> = T extends ImageProjection
  ? ResponsiveImage
  : T extends readonly (infer Item)[]
    ? Item extends { _type: 'block' }
      ? PortableTextBlock[]
      : Content<Item>[]
    : T extends object
      ? { [K in Exclude<keyof T, NullKeys<T>>]: Content<T[K]> } & {
          [K in NullKeys<T>]?: Content<NonNullable<T[K]>>;
        }
      : T;

// Typegen adds a variant with every field null (a document that exists but is empty); the content
// module refuses that one, so the pages never see it.
export type SettingsResult = Exclude<NonNullable<SiteSettingsQueryResult>, { siteTitle: null }>;
export type LandingResult = Exclude<NonNullable<LandingPageQueryResult>, { sections: null }>;
type Landing = LandingResult;

export type SiteSettings = Content<SettingsResult>;
export type Programme = Content<Landing['programmes'][number]>;
export type HorseCase = Content<Landing['horses'][number]>;
export type MediaReference = Content<Landing['mediaReferences'][number]>;
export type QuestionCard = Content<Landing['questions'][number]>;
export type LearningSlide = Content<Landing['learningSlides'][number]>;
export type FaqItem = Content<Landing['faq'][number]>;
/** Headings and short texts of each landing-page section (German copy from the content). */
export type SectionTexts = Content<Landing['sections']['showcase']>;

export interface LandingContent {
  settings: SiteSettings;
  sections: Content<Landing['sections']>;
  programmes: Programme[];
  horses: HorseCase[];
  mediaReferences: MediaReference[];
  questions: QuestionCard[];
  learningSlides: LearningSlide[];
  faq: FaqItem[];
}

type Legal = NonNullable<LegalPageQueryResult>;
export type LegalSlug = Legal['slug'];
/** A legal page; its operator-details block is already replaced by the operator's details. */
export type LegalPage = Omit<Content<Legal>, 'body'> & { body: PortableTextBlock[] };

/** One WhatsApp group of the community's pool (server only: pages never get invitation links). */
export type CommunityGroup = NonNullable<CommunityGroupsQueryResult>[number];
