// A legal page (Impressum, Datenschutz, AGB): title, date, body from the content module and a way
// back to the start page.
import { RichText } from '~/components/RichText';
import type { LegalPage as LegalPageContent } from '~/lib/content-types';
import { LABELS } from '~/copy/landing';
import './LegalPage.css';

export function LegalPage({ page }: { page: LegalPageContent }) {
  return (
    <div className="legal">
      <header className="legal__bar">
        <div className="container">
          <a className="legal__back" href="/">
            <span aria-hidden="true">←</span> {LABELS.backHome}
          </a>
        </div>
      </header>
      <main className="legal__main container" id="inhalt">
        <h1>{page.title}</h1>
        <p className="legal__date">{page.dateLabel}</p>
        <div className="prose">
          <RichText value={page.body} />
        </div>
      </main>
    </div>
  );
}
