// Newsletter mails: one mail rendered from a newsletter of the Studio (subject, plain text, HTML,
// unsubscribe headers; a test variant for the team), the site data its footer names, and the
// editor's preview of a draft as a mail; and sending one (sends: the list with live figures, a
// test, the send that freezes its recipients, pause and resume; delivery: the kind of mail the one
// queue sends); the team's preview of a mail and the problems of those that cannot be sent
// (team-preview). Loading and checking newsletters is the content module's (getNewsletters,
// getNewsletter).
export { renderNewsletterMail, type NewsletterMail } from './render.server';
export {
  mailDate,
  UNSUBSCRIBE_PAGE,
  type NewsletterMailInput,
  type NewsletterOperator,
  type NewsletterRecipient,
  type NewsletterSite,
} from './parts.server';
export { newsletterSite } from './site.server';
export { previewNewsletterMail, type NewsletterPreview, type NewsletterPreviewResult } from './preview.server';
export {
  listNewsletters,
  pauseNewsletter,
  resumeNewsletter,
  sendNewsletter,
  sendNewsletterTest,
  NEWSLETTER_TEST_MAIL_KIND,
  type NewsletterRefusal,
  type NewsletterResult,
} from './sends.server';
export { newsletterQueue, NEWSLETTER_CONCURRENCY, NEWSLETTER_RATE_BUCKET } from './delivery.server';
export { newsletterProblems, teamNewsletterPreview } from './team-preview.server';
