import type { Route } from './+types/imprint';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Impressum', path: '/imprint' });

export default function Imprint() {
  return (
    <main className="page-message">
      <h1>Impressum</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
