// Every GROQ query of the site, written once. The same queries run against Sanity's API
// (@sanity/client) and against the bundled dataset (groq-js); `npm run typegen` derives their
// result types into schemas/sanity.types.ts.
import { defineQuery } from 'groq';

// An image with its alt text and the asset facts the image pipeline needs (no CDN URL reaches a
// visitor: web/server/content/images.server.ts copies the original and serves renditions from our origin).
// Written once; typegen expands the constant, and ~/lib/content-types recognises its result shape
// to replace it with the responsive image the pages get. Not exported: every export is a query.
const IMAGE = /* groq */ `{alt, "asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}}`;

export const siteSettingsQuery = defineQuery(`*[_id == "siteSettings"][0]{
  siteTitle, siteDescription, founderName, tagline, quote, quoteAuthor,
  "signature": signature${IMAGE},
  "seal": seal${IMAGE},
  "portrait": portrait${IMAGE},
  biographyTitle, biography,
  photoNetwork{label, url},
  heroVideo{youtubeId, title, "thumbnail": thumbnail${IMAGE}},
  communityPrice,
  operator{name, businessName, street, postalCode, city, country, email, phone, vatId, responsibleForContent},
  "shareImage": shareImage${IMAGE}
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
    "beforeImage": beforeImage${IMAGE},
    "afterImage": afterImage${IMAGE}
  },
  "mediaReferences": mediaReferences[]->{
    outlet, title, excerpt, url, date,
    "logo": logo${IMAGE}
  },
  "questions": questionCards[]->{question, answer},
  "learningSlides": learningSlides[]->{
    title, text,
    "image": image${IMAGE}
  },
  "faq": faqItems[]->{question, answer}
}`);

export const legalPageQuery = defineQuery(`*[_type == "legalPage" && slug == $slug][0]{
  slug, title, dateLabel, body
}`);

// The texts of the mails that tell an applicant the team's decision (read when a mail is sent).
const MAIL_TEXT = /* groq */ `{subject, body}`;
export const decisionMailsQuery = defineQuery(`*[_id == "decisionMails"][0]{
  "approval": approval${MAIL_TEXT},
  "rejection": rejection${MAIL_TEXT},
  "byType": byType[]{applicationType, "approval": approval${MAIL_TEXT}, "rejection": rejection${MAIL_TEXT}}
}`);

// The community's pool of WhatsApp groups: read by the stable links (/gruppe/…) and the dashboard,
// never by a page, so that no invitation link reaches a page's HTML or data. An entry left without
// a capacity or an on/off switch counts as the Studio's defaults (1000 places, active).
export const communityGroupsQuery = defineQuery(`*[_id == "siteSettings"][0].communityGroups[]{
  "key": _key, audience, name, inviteUrl,
  "capacity": coalesce(capacity, 1000),
  "active": coalesce(active, true)
}`);

// Newsletters: read by the team dashboard, the mail queue and the editor's preview of the mail,
// never by a page. An image keeps its asset's URL: the server checks that it lies in the dataset.
const NEWSLETTER = /* groq */ `{
  "id": _id, "updatedAt": _updatedAt, subject, preheader, audience,
  body[]{
    ...,
    _type == "image" => {"asset": asset->{_id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height}}
  }
}`;
export const newslettersQuery = defineQuery(
  `*[_type == "newsletter" && !(_id in path("drafts.**"))] | order(_updatedAt desc, _id asc)${NEWSLETTER}`,
);
export const newsletterQuery = defineQuery(`*[_type == "newsletter" && _id == $id][0]${NEWSLETTER}`);
