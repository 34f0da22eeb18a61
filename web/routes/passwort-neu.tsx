import type { Route } from './+types/passwort-neu';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Neues Passwort', path: '/passwort-neu', noindex: true });

export default function Placeholder() {
  return (
    <main className="page-message">
      <h1>Neues Passwort</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
