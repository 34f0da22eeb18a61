// What the HTML and the plain-text part of a newsletter mail share: the subject, the absolute links,
// the footer's sender and the reason the reader gets the mail. Pure: the caller hands in the site's
// data (site.server.ts loads it from the content).
import { NEWSLETTER_MAIL_COPY as COPY } from '~/copy/newsletter';
import { formatLongDate } from '~/lib/berlin-time';
import type { Newsletter } from '~/lib/newsletter';

/** The operator as the imprint names her: the sender every newsletter mail names in its footer. */
export interface NewsletterOperator {
  name: string;
  businessName?: string;
  street: string;
  postalCode: string;
  city: string;
  country?: string;
}

/** The site a newsletter comes from. */
export interface NewsletterSite {
  /** PUBLIC_URL: every link and image of the mail starts with it (or is a link the founder wrote). */
  publicUrl: string;
  /** The site's title, at the top of the mail. */
  name: string;
  operator: NewsletterOperator;
}

/** Who receives the mail and since when (their double opt-in). */
export interface NewsletterRecipient {
  name: string;
  signedUpAt: Date | string;
  confirmedAt: Date | string;
}

export interface NewsletterMailInput {
  newsletter: Newsletter;
  /** Null for a test mail to a team member. */
  recipient: NewsletterRecipient | null;
  /**
   * The recipient's own unsubscribe link (PUBLIC_URL/newsletter/abmelden?token=…). A test mail
   * ignores it and carries the page without a token: it unsubscribes nobody.
   */
  unsubscribeUrl: string;
  site: NewsletterSite;
  /** A test mail (also when a recipient is given): "[Test]" before the subject, a note at the top. */
  test?: boolean;
}

export interface MailParts {
  newsletter: Newsletter;
  site: NewsletterSite;
  test: boolean;
  subject: string;
  unsubscribeUrl: string;
  /** "Du bekommst diesen Newsletter, weil du dich am … angemeldet und das am … bestätigt hast." */
  why: string;
  /** The sender's lines: name, street, postcode and city, country. */
  sender: string[];
  /** A link as the mail carries it: a page of this site (`/…`) with PUBLIC_URL before it. */
  absolute: (href: string) => string;
}

/** The path of the unsubscribe page, without a token in a test mail. */
export const UNSUBSCRIBE_PAGE = '/newsletter/abmelden';

/** A day the German way in Berlin time: "14. Oktober 2025". */
export const mailDate = (value: Date | string) => formatLongDate(value);

export function mailParts({ newsletter, recipient, unsubscribeUrl, site, test }: NewsletterMailInput): MailParts {
  const isTest = test ?? recipient === null;
  const publicUrl = site.publicUrl.replace(/\/+$/, '');
  const { operator } = site;
  return {
    newsletter,
    site,
    test: isTest,
    subject: isTest ? `${COPY.testSubjectPrefix} ${newsletter.subject}` : newsletter.subject,
    unsubscribeUrl: isTest ? `${publicUrl}${UNSUBSCRIBE_PAGE}` : unsubscribeUrl,
    why:
      isTest || !recipient
        ? COPY.whyReceivedTest
        : COPY.whyReceived(mailDate(recipient.signedUpAt), mailDate(recipient.confirmedAt)),
    sender: [
      operator.businessName,
      operator.businessName && operator.businessName !== operator.name ? operator.name : undefined,
      operator.street,
      `${operator.postalCode} ${operator.city}`,
      operator.country,
    ].filter((line): line is string => Boolean(line?.trim())),
    absolute: (href) => (href.startsWith('/') ? `${publicUrl}${href}` : href),
  };
}
