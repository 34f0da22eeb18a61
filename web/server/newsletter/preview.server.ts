// The editor's preview of a newsletter (the Studio's Presentation tool): the draft, checked with
// the rules the server sends by, and rendered as a reader will get it, signed up and confirmed
// today, with an unsubscribe link that unsubscribes nobody.
import { NEWSLETTER_PREVIEW_COPY } from '~/copy/newsletter';
import type { NewsletterAudience } from '~/lib/newsletter';
import { ContentError, getNewsletter } from '../content/content.server';
import type { NewsletterMail } from './render.server';
import { renderNewsletterMail } from './render.server';
import { newsletterSite } from './site.server';
import { UNSUBSCRIBE_PAGE } from './parts.server';

export interface NewsletterPreview {
  subject: string;
  preheader?: string;
  audience: NewsletterAudience;
  mail: NewsletterMail;
}

/** What the preview shows: the mail, or (a draft that cannot be sent yet) its problems. */
export type NewsletterPreviewResult = { problems: string[] } | { problems: []; preview: NewsletterPreview };

/** The draft of newsletter `id` as a mail; a ContentError (German) when there is none. */
export async function previewNewsletterMail(id: string, now = new Date()): Promise<NewsletterPreviewResult> {
  const loaded = await getNewsletter(id, { draft: true });
  if (!loaded) throw new ContentError(`Content error: newsletter ${id} not found`, NEWSLETTER_PREVIEW_COPY.notFound);
  if (!loaded.newsletter) return { problems: loaded.problems };
  const { newsletter } = loaded;
  const site = await newsletterSite();
  const mail = await renderNewsletterMail({
    newsletter,
    recipient: { name: NEWSLETTER_PREVIEW_COPY.sampleName, signedUpAt: now, confirmedAt: now },
    unsubscribeUrl: `${site.publicUrl}${UNSUBSCRIBE_PAGE}`,
    site,
  });
  return {
    problems: [],
    preview: { subject: newsletter.subject, preheader: newsletter.preheader, audience: newsletter.audience, mail },
  };
}
