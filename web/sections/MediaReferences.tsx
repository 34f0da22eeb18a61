import { Picture } from '~/components/Picture';
import type { MediaReference } from '~/lib/content-types';
import { LABELS, NAV } from '~/copy/landing';
import { formatDate } from '~/lib/berlin-time';
import { SliderSection, type SliderSectionProps } from './SliderSection';
import './MediaReferences.css';

/**
 * The media references in a slider. `slider`: its name and number of slides; `content`: texts and
 * references, where they are at hand (see web/components/Static.tsx).
 */
export function MediaReferences(props: SliderSectionProps<MediaReference>) {
  return (
    <SliderSection
      name="media"
      id={NAV.references.id}
      {...props}
      card={(reference) => <MediaCard reference={reference} />}
    />
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
