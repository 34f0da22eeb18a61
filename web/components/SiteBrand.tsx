// The brand at the top of the pages besides the landing page (whose header carries it): the seal and
// the founder's name, a link to the start page.
import type { ResponsiveImage, SiteSettings } from '~/lib/content-types';
import { LABELS } from '~/copy/landing';
import { Picture } from './Picture';

export interface Brand {
  seal: ResponsiveImage;
  name: string;
}

/** The brand of the site's settings (the part a page's route data carries). */
export const brandOf = (settings: Pick<SiteSettings, 'seal' | 'founderName'>): Brand => ({
  seal: settings.seal,
  name: settings.founderName,
});

export function SiteBrand({ brand, className }: { brand: Brand; className?: string }) {
  return (
    <a
      className={`site-brand${className ? ` ${className}` : ''}`}
      href="/"
      aria-label={`${brand.name}: ${LABELS.home}`}
    >
      <Picture image={{ ...brand.seal, alt: '' }} sizes="40px" priority className="site-brand__seal" />
      <span className="site-brand__name">{brand.name}</span>
    </a>
  );
}
