import { Picture } from '~/components/Picture';
import { Slider } from '~/components/Slider';
import type { MediaReference, SectionTexts } from '~/lib/content-types';
import { LABELS, NAV } from '~/copy/landing';
import { formatDate } from '~/lib/format';
import { SectionHeader } from './SectionHeader';
import './section.css';
import './MediaReferences.css';

export function MediaReferences({ texts, references }: { texts: SectionTexts; references: MediaReference[] }) {
  return (
    <section className="section media" id={NAV.references.id} aria-labelledby="media-title">
      <div className="container">
        <SectionHeader texts={texts} id="media-title" />
        <Slider label={texts.title}>
          {references.map((reference) => (
            <article key={`${reference.outlet}-${reference.title}`} className="card media-card">
              {reference.logo ? (
                <Picture image={reference.logo} sizes="160px" className="media-card__logo" />
              ) : (
                <p className="media-card__outlet">{reference.outlet}</p>
              )}
              <h3 className="media-card__title">{reference.title}</h3>
              {reference.excerpt && <p className="media-card__excerpt">{reference.excerpt}</p>}
              <p className="media-card__meta">
                {reference.logo && <span>{reference.outlet}</span>}
                {reference.date && <time dateTime={reference.date}>{formatDate(reference.date)}</time>}
              </p>
              {reference.url && (
                <a className="link-arrow" href={reference.url} target="_blank" rel="noopener noreferrer">
                  {LABELS.readMore}
                  <span className="visually-hidden">: {reference.title}</span>
                </a>
              )}
            </article>
          ))}
        </Slider>
      </div>
    </section>
  );
}
