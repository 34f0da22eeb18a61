// One newsletter mail, ready for the mail queue: subject, plain text, HTML and the headers that
// let mail programs offer unsubscribing (RFC 2369 and RFC 8058's one-click POST). Pure: it reads
// nothing itself; the caller hands in the newsletter (checked, ~/lib/newsletter), the recipient,
// their unsubscribe link and the site (site.server.ts loads it from the content).
import { render } from '@react-email/render';
import { createElement } from 'react';
import { NewsletterMailHtml, OUTLOOK_COLUMN } from './mail-html.server';
import { mailParts, type NewsletterMailInput, type NewsletterSite } from './parts.server';
import { newsletterText } from './text.server';

export interface NewsletterMail {
  subject: string;
  text: string;
  html: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers: Record<string, string>;
}

/** Renders one newsletter mail (a test mail when `recipient` is null or `test` is set). */
export async function renderNewsletterMail(input: NewsletterMailInput): Promise<NewsletterMail> {
  const parts = mailParts(input);
  const html = (await render(createElement(NewsletterMailHtml, { parts })))
    .replace(OUTLOOK_COLUMN.open, OUTLOOK_COLUMN.openComment)
    .replace(OUTLOOK_COLUMN.close, OUTLOOK_COLUMN.closeComment);
  return {
    subject: parts.subject,
    text: newsletterText(parts),
    html,
    headers: {
      'List-Unsubscribe': `<${parts.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The team's test of a newsletter: "[Test]" before the subject, a note at the top, and the
 * unsubscribe page without a token (it unsubscribes nobody). Sent to a member, and shown as the
 * dashboard's preview.
 */
export const renderTestMail = (newsletter: NewsletterMailInput['newsletter'], site: NewsletterSite) =>
  renderNewsletterMail({ newsletter, recipient: null, unsubscribeUrl: '', site, test: true });
