import type { Route } from './+types/home';
import { pageMeta, SITE_NAME } from '~/lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: SITE_NAME,
    description: 'Bewegungscoaching für Reiterinnen, Trainerinnen und ihre Pferde.',
    path: '/',
  });

export default function Home() {
  return (
    <main className="page-message">
      <h1>{SITE_NAME}</h1>
      <p>Die Startseite entsteht gerade.</p>
    </main>
  );
}
