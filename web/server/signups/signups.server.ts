// The signups domain as other folders and the routes use it: storing a signup (submit), reading
// them (queries), the chart's figures (stats), and the newsletter's double opt-in (with /konto's
// unsubscribe and re-subscription).
export { submitSignup } from './submit.server';
export { deleteSignupsByEmail, listSignups, listSignupsPage, signupPageQuery, signupsByEmail } from './queries.server';
export { signupStats } from './stats.server';
export {
  CONFIRMATION_MAIL_KIND,
  confirmNewsletter,
  newsletterConfirmState,
  newsletterLinkForm,
  renderConfirmationMail,
  resubscribeNewsletter,
  unsubscribeAddress,
  unsubscribeNewsletter,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from './newsletter.server';
