// /konto: the account's email and its verification, its applications (with their history) and
// signups, and what the account holder can do: sign out (here or everywhere), download the data,
// delete the account. Every action is a plain form post, so the page works without JavaScript.
import { Form, useNavigation } from 'react-router';
import type { AuthNotice } from '~/lib/auth';
import { formatDate } from '~/lib/ui-labels';
import type { AccountHoldings } from '~/server/account.server';
import { KONTO_COPY as C } from './copy';
import { Notice } from './Notice';

export interface AccountOverviewProps {
  email: string;
  emailVerified: boolean;
  holdings: AccountHoldings;
  notice?: AuthNotice;
}

function Intent({ intent, label, primary = false }: { intent: string; label: string; primary?: boolean }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post">
      <button
        type="submit"
        name="intent"
        value={intent}
        className={primary ? 'button button--primary' : 'button button--outline'}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  );
}

function newsletterState(s: AccountHoldings['signups'][number]) {
  if (!s.newsletterOptIn) return C.newsletterOff;
  if (s.newsletterUnsubscribedAt) return C.newsletterUnsubscribed;
  return s.newsletterConfirmedAt ? C.newsletterConfirmed : C.newsletterOpen;
}

export function AccountOverview({ email, emailVerified, holdings, notice }: AccountOverviewProps) {
  return (
    <>
      <section className="account-card" aria-labelledby="konto-title">
        <h1 id="konto-title">{C.title}</h1>
        <Notice notice={notice} />
        <p>
          {C.signedInAs} <strong>{email}</strong>
        </p>
        <p>{emailVerified ? C.verified : C.unverified}</p>
        <div className="account-actions">
          {!emailVerified && <Intent intent="resend-verification" label={C.resend} primary />}
          <Intent intent="sign-out" label={C.signOut} />
          <Intent intent="sign-out-everywhere" label={C.signOutEverywhere} />
        </div>
      </section>

      {emailVerified && (
        <>
          <section className="account-card" aria-labelledby="konto-applications">
            <h2 id="konto-applications">{C.applications}</h2>
            {holdings.applications.length ? (
              <ul className="account-list">
                {holdings.applications.map((a) => (
                  <li key={a.id}>
                    <h3>
                      {a.applicationType}: {C.status[a.status]}
                    </h3>
                    <p className="account-meta">
                      {C.appliedOn} {formatDate(a.createdAt)}
                    </p>
                    <p className="account-meta">{C.history}:</p>
                    <ol className="account-history">
                      {a.history.map((h, i) => (
                        <li key={i}>
                          <time dateTime={h.at}>{formatDate(h.at)}</time>: {C.status[h.to]}
                        </li>
                      ))}
                    </ol>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{C.noApplications}</p>
            )}
          </section>
          <section className="account-card" aria-labelledby="konto-signups">
            <h2 id="konto-signups">{C.signups}</h2>
            {holdings.signups.length ? (
              <ul className="account-list">
                {holdings.signups.map((s) => (
                  <li key={s.id}>
                    <h3>
                      {s.name} ({C.userType[s.userType]})
                    </h3>
                    <p className="account-meta">
                      {formatDate(s.createdAt)} · {C.newsletter}: {newsletterState(s)}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{C.noSignups}</p>
            )}
          </section>
        </>
      )}

      <section className="account-card" aria-labelledby="konto-data">
        <h2 id="konto-data">{C.data}</h2>
        <p>{C.dataText}</p>
        <a className="button button--outline" href="/api/account/export" download>
          {C.download}
        </a>
      </section>

      <section className="account-card" aria-labelledby="konto-delete">
        <h2 id="konto-delete">{C.deleteTitle}</h2>
        <p>{C.deleteText}</p>
        <Form method="post" className="account-form">
          <div className="account-field">
            <label htmlFor="konto-password">{C.deletePassword}</label>
            <input id="konto-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <div className="account-actions">
            <button type="submit" name="intent" value="delete" className="button button--primary">
              {C.deleteSubmit}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
