import { Picture } from '~/components/Picture';
import { Slider } from '~/components/Slider';
import { Static } from '~/components/Static';
import type { MediaReference, SectionTexts } from '~/lib/content-types';
import type { LandingFrame } from '~/lib/landing-frame';
import { LABELS, NAV } from '~/copy/landing';
import { formatDate } from '~/lib/format';
import { SectionHeader } from './SectionHeader';
import './section.css';
import './MediaReferences.css';

/**
 * The media references in a slider. `slider`: its name and number of slides; `content`: texts and
 * references, where they are at hand (see web/components/Static.tsx).
 */
export function MediaReferences({
  slider,
  content,
}: {
  slider: LandingFrame['sliders']['media'];
  content?: { texts: SectionTexts; references: MediaReference[] };
}) {
  return (
    <section className="section media" id={NAV.references.id} aria-labelledby="media-title">
      <div className="container">
        <SectionHeader texts={content?.texts} id="media-title" />
        <Slider label={slider.label}>
          {Array.from({ length: slider.count }, (_, i) => {
            const reference = content?.references[i];
            return (
              <Static key={i} as="article" className="card media-card">
                {reference && <MediaCard reference={reference} />}
              </Static>
            );
          })}
        </Slider>
      </div>
    </section>
  );
}

function MediaCard({ reference }: { reference: MediaReference }) {
  return (
    <>
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
    </>
  );
}
