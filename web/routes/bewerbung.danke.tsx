// /bewerbung/danke: what happens after an application was sent.
import type { Route } from './+types/bewerbung.danke';
import { Typeset } from '~/components/Typeset';
import '~/components/access/access.css';
import { DANKE_COPY } from '~/copy/access';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: DANKE_COPY.title, path: '/bewerbung/danke', noindex: true });

export default function BewerbungDanke() {
  return (
    <main className="gate-page">
      <section className="gate-card gate-card--wide" aria-labelledby="danke-title">
        <h1 id="danke-title">{DANKE_COPY.title}</h1>
        <p className="gate-intro">
          <Typeset>{DANKE_COPY.received}</Typeset>
        </p>
        <h2 className="gate-subtitle">{DANKE_COPY.nextTitle}</h2>
        <ol className="gate-steps">
          {DANKE_COPY.steps.map((step) => (
            <li key={step}>
              <Typeset>{step}</Typeset>
            </li>
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
