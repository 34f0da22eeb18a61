// What the team dashboard shows of a newsletter besides its state: the mail as the team's test
// variant renders it (subject, preheader, HTML, plain text) and, while it cannot be sent, why not.
// A newsletter that was sent (or is being sent) is shown as it went out, from its send; one that
// was not, as it is published now.
import { eq } from 'drizzle-orm';
import type { Newsletter } from '~/lib/newsletter';
import type { NewsletterProblems, NewsletterTeamPreview } from '~/lib/newsletter-team';
import { getNewsletter, getNewsletters } from '../content/content.server';
import { getDatabase, schema } from '../db/db.server';
import { renderTestMail } from './render.server';
import { newsletterSite } from './site.server';

/** The newsletter as a send stored it, if it was sent. */
async function sentVersion(id: string): Promise<Newsletter | undefined> {
  const n = schema.newsletterSends;
  const [row] = await getDatabase().db.select({ newsletter: n.newsletter }).from(n).where(eq(n.newsletterId, id));
  return row?.newsletter as Newsletter | undefined;
}

/** The preview of newsletter `id` for the team; null when there is none with this id. */
export async function teamNewsletterPreview(id: string): Promise<NewsletterTeamPreview | null> {
  const sent = await sentVersion(id);
  const check = sent ? { newsletter: sent, problems: [] } : await getNewsletter(id);
  if (!check) return null;
  if (!check.newsletter) {
    const summary = (await getNewsletters()).find((n) => n.id === id);
    return { subject: summary?.subject ?? '', preheader: null, html: null, text: null, problems: check.problems };
  }
  const { newsletter } = check;
  const mail = await renderTestMail(newsletter, await newsletterSite());
  return {
    subject: mail.subject,
    preheader: newsletter.preheader ?? null,
    html: mail.html,
    text: mail.text,
    problems: [],
  };
}

/** The published newsletters that cannot be sent, each with its problems (German). */
export async function newsletterProblems(): Promise<NewsletterProblems['newsletters']> {
  return (await getNewsletters()).filter((n) => n.problems.length).map(({ id, problems }) => ({ id, problems }));
}
