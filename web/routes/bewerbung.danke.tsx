import type { Route } from './+types/bewerbung.danke';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Danke für deine Bewerbung', path: '/bewerbung/danke', noindex: true });

export default function Placeholder() {
  return (
    <main className="page-message">
      <h1>Danke für deine Bewerbung</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
