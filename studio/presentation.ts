// The Presentation tool: the real site in a frame, showing the editor's drafts (the site's preview
// mode, enabled with a secret the tool creates), with every text clickable to open its field.
// `locations` lists, per document type, the pages a document appears on (shown above the document
// in the Studio); `mainDocuments` says which document a page is about (opened beside the frame).
import { defineDocuments, defineLocations, presentationTool } from 'sanity/presentation';
import { NEWSLETTER_PREVIEW_PATH, newsletterPreviewPath } from '../web/lib/newsletter';
import { LEGAL_PAGES } from '../web/lib/public-pages';
import { SINGLETONS } from '../schemas';
import { previewOrigin } from './env';

const START_PAGE = { title: 'Startseite', href: '/' };
const IMPRINT = LEGAL_PAGES.find((page) => page.slug === 'imprint')!;

/** The document types the start page is made of: each of them shows there. */
const LANDING_TYPES = [
  'landingPage',
  'programme',
  'horseCase',
  'faqItem',
  'mediaReference',
  'questionCard',
  'learningSlide',
] as const;

const onStartPage = Object.fromEntries(
  LANDING_TYPES.map((type) => [type, defineLocations({ locations: [START_PAGE] })]),
);

export const presentation = presentationTool({
  title: 'Vorschau',
  previewUrl: {
    initial: previewOrigin,
    previewMode: { enable: '/api/preview/enable', disable: '/api/preview/disable' },
  },
  resolve: {
    mainDocuments: defineDocuments([
      { route: '/', filter: `_id == "${SINGLETONS.landingPage}"` },
      ...LEGAL_PAGES.map((page) => ({
        route: page.path,
        filter: '_type == "legalPage" && slug == $slug',
        params: { slug: page.slug },
      })),
      // A newsletter is shown as the mail will look, on a page of its own.
      { route: `${NEWSLETTER_PREVIEW_PATH}:id`, filter: '_type == "newsletter" && _id == $id' },
    ]),
    locations: {
      ...onStartPage,
      // The site settings feed the start page and the imprint's operator details.
      siteSettings: defineLocations({
        locations: [START_PAGE, { title: 'Impressum', href: IMPRINT.path }],
      }),
      legalPage: defineLocations({
        select: { title: 'title', slug: 'slug' },
        resolve: (doc) => {
          const page = LEGAL_PAGES.find((p) => p.slug === doc?.slug);
          return page ? { locations: [{ title: String(doc?.title ?? page.path), href: page.path }] } : null;
        },
      }),
      newsletter: defineLocations({
        select: { id: '_id', subject: 'subject' },
        resolve: (doc) =>
          doc?.id
            ? {
                locations: [
                  {
                    title: `E-Mail: ${String(doc.subject ?? 'Newsletter')}`,
                    href: newsletterPreviewPath(String(doc.id)),
                  },
                ],
              }
            : null,
      }),
    },
  },
});
