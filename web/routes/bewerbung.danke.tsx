// /bewerbung/danke: what happens after an application was sent.
import type { Route } from './+types/bewerbung.danke';
import '~/components/access/access.css';
import { pageMeta } from '~/lib/seo';

export const DANKE_COPY = {
  title: 'Danke für deine Bewerbung',
  received: 'Deine Bewerbung ist bei uns angekommen.',
  nextTitle: 'So geht es weiter',
  steps: [
    'Du bekommst gleich eine Bestätigung per E-Mail. Falls sie nicht ankommt, schau bitte im Spam-Ordner nach.',
    'Unser Team liest jede Bewerbung persönlich und meldet sich per E-Mail bei dir, sobald wir entschieden haben.',
    'Mit einem Konto unter derselben E-Mail-Adresse siehst du jederzeit den Stand deiner Bewerbung.',
  ],
  account: 'Konto anlegen',
  home: 'Zur Startseite',
} as const;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: DANKE_COPY.title, path: '/bewerbung/danke', noindex: true });

export default function BewerbungDanke() {
  return (
    <main className="gate-page">
      <section className="gate-card gate-card--wide" aria-labelledby="danke-title">
        <h1 id="danke-title">{DANKE_COPY.title}</h1>
        <p className="gate-intro">{DANKE_COPY.received}</p>
        <h2 className="gate-subtitle">{DANKE_COPY.nextTitle}</h2>
        <ol className="gate-steps">
          {DANKE_COPY.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="gate-actions">
          <a className="button button--primary" href="/auth?mode=sign-up">
            {DANKE_COPY.account}
          </a>
          <a className="button button--ghost" href="/">
            {DANKE_COPY.home}
          </a>
        </div>
      </section>
    </main>
  );
}
