import type { Route } from './+types/agb';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Allgemeine Geschäftsbedingungen', path: '/agb' });

export default function Agb() {
  return (
    <main className="page-message">
      <h1>Allgemeine Geschäftsbedingungen</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
