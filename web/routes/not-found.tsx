import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { pageMeta } from '~/lib/seo';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Seite nicht gefunden', path: '/404', noindex: true });

export default function NotFound() {
  return (
    <main className="page-message">
      <h1>Seite nicht gefunden</h1>
      <p>Diese Seite gibt es nicht (mehr). Vielleicht hilft dir der Weg zurück zur Startseite.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
