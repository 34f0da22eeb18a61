// A legal page (Impressum, Datenschutz, AGB): the brand and the way back, title, date, the body
// from the content module (content the browser keeps as the server rendered it, see ./Static), and
// at its end the other legal pages and the way back again: the page is never a dead end.
import { RichText } from '~/components/RichText';
import type { LegalPage as LegalPageContent, PortableTextBlock } from '~/lib/content-types';
import { LEGAL_PAGES } from '~/lib/public-pages';
import { LABELS } from '~/copy/landing';
import { SiteBrand, type Brand } from './SiteBrand';
import { Static } from './Static';
import './LegalPage.css';

const LEGAL_LINKS = { imprint: LABELS.imprint, datenschutz: LABELS.privacy, agb: LABELS.terms } as const;

/** `body`: undefined in the browser (kept from the server's HTML), except in the preview. */
export function LegalPage({
  page,
  brand,
  body,
}: {
  page: Pick<LegalPageContent, 'slug' | 'title' | 'dateLabel'>;
  brand: Brand;
  body: PortableTextBlock[] | undefined;
}) {
  return (
    <div className="legal">
      <header className="legal__bar">
        <div className="container">
          <SiteBrand brand={brand} />
          <a className="legal__back" href="/">
            <span aria-hidden="true">←</span> {LABELS.backHome}
          </a>
        </div>
      </header>
      <main className="legal__main container" id="inhalt">
        <h1>{page.title}</h1>
        <p className="legal__date">{page.dateLabel}</p>
        <Static className="prose">{body && <RichText value={body} />}</Static>
      </main>
      <footer className="legal__footer">
        <div className="container">
          <nav aria-label={LABELS.legal}>
            <ul className="legal__links">
              {LEGAL_PAGES.map(({ path, slug }) => (
                <li key={slug}>
                  <a href={path} aria-current={slug === page.slug ? 'page' : undefined}>
                    {LEGAL_LINKS[slug]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <a className="legal__back" href="/">
            {LABELS.home}
          </a>
        </div>
      </footer>
    </div>
  );
}
