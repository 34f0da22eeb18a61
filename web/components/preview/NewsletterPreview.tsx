// A newsletter as its readers will get it, for the editor in the Studio's Presentation tool: the
// subject and preheader an inbox shows, the HTML mail in a frame (scripts off: a mail runs none),
// the plain-text part, or, while the draft cannot be sent, what is missing.
import { NEWSLETTER_AUDIENCE_TITLES, NEWSLETTER_PREVIEW_COPY as COPY } from '~/copy/newsletter';
import type { NewsletterAudience } from '~/lib/newsletter';
import { MailFrame } from '../MailFrame';
import './newsletter-preview.css';

export interface NewsletterPreviewProps {
  problems: string[];
  preview?: {
    subject: string;
    preheader?: string;
    audience: NewsletterAudience;
    mail: { html: string; text: string; subject: string };
  };
}

export function NewsletterPreview({ problems, preview }: NewsletterPreviewProps) {
  return (
    <main className="newsletter-preview">
      <h1 className="newsletter-preview__title">{COPY.title}</h1>
      {preview && (
        <dl className="newsletter-preview__facts">
          <dt>{COPY.subject}</dt>
          <dd>{preview.mail.subject}</dd>
          <dt>{COPY.preheader}</dt>
          <dd>{preview.preheader ?? COPY.noPreheader}</dd>
          <dt>{COPY.audience}</dt>
          <dd>{NEWSLETTER_AUDIENCE_TITLES[preview.audience]}</dd>
        </dl>
      )}
      {problems.length > 0 && (
        <section className="newsletter-preview__problems" role="alert">
          <h2>{COPY.problemsTitle}</h2>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <p>{COPY.problemsHint}</p>
        </section>
      )}
      {preview && (
        <>
          <MailFrame className="newsletter-preview__mail" title={COPY.frameTitle} html={preview.mail.html} />
          <details className="newsletter-preview__text">
            <summary>{COPY.text}</summary>
            <pre>{preview.mail.text}</pre>
          </details>
        </>
      )}
    </main>
  );
}
