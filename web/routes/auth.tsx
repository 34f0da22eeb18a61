import type { Route } from './+types/auth';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Anmelden', path: '/auth', noindex: true });

export default function Auth() {
  return (
    <main className="page-message">
      <h1>Anmelden</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
