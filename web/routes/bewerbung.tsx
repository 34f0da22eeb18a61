import type { Route } from './+types/bewerbung';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Bewerbung', path: '/bewerbung', noindex: true });

export default function Placeholder() {
  return (
    <main className="page-message">
      <h1>Bewerbung</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
