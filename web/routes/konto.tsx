import type { Route } from './+types/konto';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Mein Konto', path: '/konto', noindex: true });

export default function Placeholder() {
  return (
    <main className="page-message">
      <h1>Mein Konto</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
