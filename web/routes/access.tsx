import type { Route } from './+types/access';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Mentees/Mentors Only', path: '/access', noindex: true });

export default function Access() {
  return (
    <main className="page-message">
      <h1>Mentees/Mentors Only</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
