// Newsletters as the content source holds them: checked with the rules of ~/lib/newsletter (the
// Studio checks the same), and their images registered with the image pipeline, which serves each
// one's mail rendition (JPEG or PNG) from our own origin. A newsletter with a problem is listed
// with it and cannot be sent; it never keeps the rest of the content from loading.
import type { NewsletterQueryResult } from '~schemas/sanity.types';
import { NEWSLETTER_MESSAGES, NEWSLETTER_PLACES } from '~/copy/newsletter';
import { checkNewsletter, NEWSLETTER_AUDIENCES, type NewsletterAudience, type NewsletterCheck } from '~/lib/newsletter';
import { log } from '../log.server';
import type { ImagePipeline } from './images.server';
import type { ContentSource } from './source.server';

/** One newsletter of the content: its id and the fields a list shows, and what keeps it from being sent. */
export interface NewsletterSummary {
  id: string;
  /** As written (also when too long); empty when missing. */
  subject: string;
  /** Null when the document names none (then `problems` says so). */
  audience: NewsletterAudience | null;
  /** When it was last published (ISO 8601); null when the content does not say. */
  updatedAt: string | null;
  /** German, one per problem ("Betreff: …"); empty when it can be sent. */
  problems: string[];
}

export interface LoadedNewsletter {
  summary: NewsletterSummary;
  check: NewsletterCheck;
}

type Raw = NonNullable<NewsletterQueryResult>;

/** Checks one queried newsletter and registers its images (their originals are fetched now in Sanity mode). */
export async function loadNewsletter(
  raw: Raw,
  source: ContentSource,
  pipeline: ImagePipeline,
): Promise<LoadedNewsletter> {
  let check = checkNewsletter(raw, { isDatasetImage: (url) => source.holdsImage(url) });
  if (check.newsletter) {
    const problems: string[] = [];
    await Promise.all(
      raw.body.map(async (part, i) => {
        if (part._type !== 'image' || !part.asset) return;
        try {
          await pipeline.mailImage({ _id: part.asset._id, url: part.asset.url });
        } catch (error) {
          log.warn({ err: error }, `Content: newsletter ${raw.id}: image ${part.asset._id} could not be loaded`);
          problems.push(
            `${NEWSLETTER_PLACES.section(i + 1, NEWSLETTER_PLACES.kinds.image)}: ${NEWSLETTER_MESSAGES.imageUnavailable}`,
          );
        }
      }),
    );
    if (problems.length) check = { newsletter: null, problems };
  }
  return { summary: summaryOf(raw, check), check };
}

function summaryOf(raw: Raw, check: NewsletterCheck): NewsletterSummary {
  const audience = (NEWSLETTER_AUDIENCES as readonly unknown[]).includes(raw.audience) ? raw.audience : null;
  return {
    id: raw.id,
    subject: typeof raw.subject === 'string' ? raw.subject.trim() : '',
    audience,
    updatedAt: typeof raw.updatedAt === 'string' ? raw.updatedAt : null,
    problems: check.problems,
  };
}
