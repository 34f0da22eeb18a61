// One newsletter mail per recipient without rendering the mail once per recipient: rendering the
// HTML takes milliseconds (React), thousands of times over, which would hold the sending below the
// rate a provider allows. So a send renders its mail once, with stand-ins for what differs per
// recipient (the unsubscribe link, the name, the line that says when they signed up and confirmed),
// and each recipient's mail is that template with their own values put in. When the template does
// not hold a stand-in where the renderer shows it, each mail is rendered in full instead.
import { randomBytes } from 'node:crypto';
import type { Newsletter } from '~/lib/newsletter';
import { mailParts, type NewsletterRecipient, type NewsletterSite } from './parts.server';
import { renderNewsletterMail, type NewsletterMail } from './render.server';

/** As React escapes text and attribute values. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

const replaceAll = (text: string, pairs: [string, string][]) =>
  pairs.reduce((out, [from, to]) => out.split(from).join(to), text);

/** Dates no recipient has: the template's "why" line names them, and only there. */
const STAND_IN_DATES = { signedUpAt: new Date('2000-01-01T12:00:00Z'), confirmedAt: new Date('2000-01-02T12:00:00Z') };

export interface PersonalMail {
  (recipient: NewsletterRecipient, unsubscribeUrl: string): Promise<NewsletterMail>;
  /** False when each mail is rendered in full (the template held no stand-in). */
  templated: boolean;
}

/** The mails of `newsletter`, one per recipient, rendered once. */
export async function personalMails(newsletter: Newsletter, site: NewsletterSite): Promise<PersonalMail> {
  const token = randomBytes(12).toString('hex');
  const standIn = {
    newsletter,
    recipient: { name: `name${token}`, ...STAND_IN_DATES },
    unsubscribeUrl: `${site.publicUrl}/newsletter/abmelden?token=u${token}`,
    site,
  };
  const template = await renderNewsletterMail(standIn);
  const why = mailParts(standIn).why;
  const holds = (value: string) => template.text.includes(value) && template.html.includes(escapeHtml(value));
  if (!holds(why) || !holds(standIn.unsubscribeUrl)) {
    const full = (recipient: NewsletterRecipient, unsubscribeUrl: string) =>
      renderNewsletterMail({ newsletter, recipient, unsubscribeUrl, site });
    return Object.assign(full, { templated: false });
  }
  const personal = async (recipient: NewsletterRecipient, unsubscribeUrl: string) => {
    const own = mailParts({ ...standIn, recipient, unsubscribeUrl }).why;
    const pairs = (escape: (s: string) => string): [string, string][] => [
      [escape(standIn.unsubscribeUrl), escape(unsubscribeUrl)],
      [escape(why), escape(own)],
      [escape(standIn.recipient.name), escape(recipient.name)],
    ];
    const plain = pairs((s) => s);
    return {
      subject: replaceAll(template.subject, plain),
      text: replaceAll(template.text, plain),
      html: replaceAll(template.html, pairs(escapeHtml)),
      headers: Object.fromEntries(Object.entries(template.headers).map(([k, v]) => [k, replaceAll(v, plain)])),
    };
  };
  return Object.assign(personal, { templated: true });
}
