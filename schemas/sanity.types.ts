// Provisional result types; replaced by `npm run typegen` output.
type Img = {
  alt: string | null;
  asset: { _id: string; url: string | null; width: number | null; height: number | null; lqip: string | null } | null;
} | null;
type Section = { eyebrow: string | null; title: string | null; intro: string | null; cta: string | null } | null;
type Blocks = Array<{ _type: string; _key: string; [k: string]: unknown }> | null;
export type SiteSettingsQueryResult = {
  siteTitle: string | null;
  siteDescription: string | null;
  founderName: string | null;
  tagline: string | null;
  quote: string | null;
  quoteAuthor: string | null;
  signature: Img;
  seal: Img;
  portrait: Img;
  biographyTitle: string | null;
  biography: Blocks;
  photoNetwork: { label: string | null; url: string | null } | null;
  heroVideo: { youtubeId: string | null; title: string | null; thumbnail: Img } | null;
  groupLinks: { reiter: string | null; trainer: string | null } | null;
  communityPrice: number | null;
  operator: {
    name: string | null;
    businessName: string | null;
    street: string | null;
    postalCode: string | null;
    city: string | null;
    country: string | null;
    email: string | null;
    phone: string | null;
    vatId: string | null;
    responsibleForContent: string | null;
  } | null;
  shareImage: Img;
} | null;
export type LandingPageQueryResult = {
  sections: {
    showcase: Section;
    video: Section;
    beforeAfter: Section;
    media: Section;
    questions: Section;
    learning: Section;
    switch:
      | (NonNullable<Section> & {
          riderLabel: string | null;
          trainerLabel: string | null;
          riderText: string | null;
          trainerText: string | null;
        })
      | null;
    faq: Section;
  } | null;
  programmes: Array<{
    number: string | null;
    title: string | null;
    description: Blocks;
    duration: string | null;
  }> | null;
  horses: Array<{
    name: string | null;
    age: string | null;
    beforeText: string | null;
    afterText: string | null;
    beforeImage: Img;
    afterImage: Img;
  }> | null;
  mediaReferences: Array<{
    outlet: string | null;
    title: string | null;
    excerpt: string | null;
    url: string | null;
    date: string | null;
    logo: Img;
  }> | null;
  questions: Array<{ question: string | null; answer: string | null }> | null;
  learningSlides: Array<{ title: string | null; text: string | null; image: Img }> | null;
  faq: Array<{ question: string | null; answer: Blocks }> | null;
} | null;
export type LegalPageQueryResult = {
  slug: string | null;
  title: string | null;
  dateLabel: string | null;
  body: Blocks;
} | null;
