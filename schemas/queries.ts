// Every GROQ query of the site, written once. The same queries run against Sanity's API
// (@sanity/client) and against the bundled dataset (groq-js); `npm run typegen` derives their
// result types into schemas/sanity.types.ts.
import { defineQuery } from 'groq';

// An image with its alt text and the asset facts the image pipeline needs (no CDN URL reaches a
// visitor: web/server/images.server.ts copies the original and serves renditions from our origin).
// Kept inline in every query so that typegen can read each query as one literal.

export const siteSettingsQuery = defineQuery(`*[_id == "siteSettings"][0]{
  siteTitle, siteDescription, founderName, tagline, quote, quoteAuthor,
  "signature": signature{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}},
  "seal": seal{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}},
  "portrait": portrait{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}},
  biographyTitle, biography,
  photoNetwork{label, url},
  heroVideo{youtubeId, title, "thumbnail": thumbnail{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}}},
  groupLinks{reiter, trainer},
  communityPrice,
  operator{name, businessName, street, postalCode, city, country, email, phone, vatId, responsibleForContent},
  "shareImage": shareImage{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}}
}`);

export const landingPageQuery = defineQuery(`*[_id == "landingPage"][0]{
  sections{
    showcase{eyebrow, title, intro, cta},
    video{eyebrow, title, intro, cta},
    beforeAfter{eyebrow, title, intro, cta},
    media{eyebrow, title, intro, cta},
    questions{eyebrow, title, intro, cta},
    learning{eyebrow, title, intro, cta},
    switch{eyebrow, title, intro, cta, riderLabel, trainerLabel, riderText, trainerText},
    faq{eyebrow, title, intro, cta}
  },
  "programmes": programmes[]->{number, title, description, duration},
  "horses": horses[]->{
    name, age, beforeText, afterText,
    "beforeImage": beforeImage{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}},
    "afterImage": afterImage{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}}
  },
  "mediaReferences": mediaReferences[]->{
    outlet, title, excerpt, url, date,
    "logo": logo{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}}
  },
  "questions": questionCards[]->{question, answer},
  "learningSlides": learningSlides[]->{
    title, text,
    "image": image{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}}
  },
  "faq": faqItems[]->{question, answer}
}`);

export const legalPageQuery = defineQuery(`*[_type == "legalPage" && slug == $slug][0]{
  slug, title, dateLabel, body
}`);
