import type { Route } from './+types/teamdashboard';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Application Dashboard', path: '/teamdashboard', noindex: true });

export default function TeamDashboard() {
  return (
    <main className="page-message">
      <h1>Application Dashboard</h1>
      <p>Diese Seite entsteht gerade.</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
