import type { Route } from './+types/datenschutz';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Datenschutzerklärung', path: '/datenschutz' });

export default function Datenschutz() {
  return (
    <main className="page-message">
      <h1>Datenschutzerklärung</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
