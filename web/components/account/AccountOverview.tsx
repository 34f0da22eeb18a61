// /konto: the account's email and its verification, its applications (with their history) and
// signups, and what the account holder can do: sign out (here or everywhere), download the data,
// delete the account. Every action is a plain form post, so the page works without JavaScript.
import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { IntentButton } from '../IntentButton';
import type { AuthNotice } from '~/lib/auth';
import { formatDate, formatDateTime } from '~/lib/format';
import type { AccountHoldings, ApplicantView } from '~/lib/account';
import { KONTO_COPY as C } from '~/copy/account';
import { Notice } from './Notice';
import { PasswordField } from './PasswordField';
import { Typeset } from '../Typeset';

export interface AccountOverviewProps {
  email: string;
  emailVerified: boolean;
  /** The applications each with what their applicant was told (applicantView). */
  holdings: Omit<AccountHoldings, 'applications'> & {
    applications: (AccountHoldings['applications'][number] & { view: ApplicantView })[];
  };
  notice?: AuthNotice;
  /** Why the account was not deleted (a wrong password): said at the delete form. */
  deleteError?: string;
}

function Intent({ intent, label, primary = false }: { intent: string; label: string; primary?: boolean }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <IntentButton
      intent={intent}
      className={primary ? 'button button--primary' : 'button button--outline'}
      disabled={busy}
    >
      {label}
    </IntentButton>
  );
}

function newsletterState(s: AccountHoldings['signups'][number]) {
  if (!s.newsletterOptIn) return C.newsletterOff;
  if (s.newsletterUnsubscribedAt) return C.newsletterUnsubscribed;
  return s.newsletterConfirmedAt ? C.newsletterConfirmed : C.newsletterOpen;
}

/** One card of the account's holdings: a list, or a sentence saying there is none. */
function HoldingList<T extends { id: string }>(props: {
  id: string;
  title: string;
  empty: string;
  items: T[];
  render: (item: T) => ReactNode;
}) {
  return (
    <section className="account-card" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.items.length ? (
        <ul className="account-list">
          {props.items.map((item) => (
            <li key={item.id}>{props.render(item)}</li>
          ))}
        </ul>
      ) : (
        <p>
          <Typeset>{props.empty}</Typeset>
        </p>
      )}
    </section>
  );
}

export function AccountOverview({ email, emailVerified, holdings, notice, deleteError }: AccountOverviewProps) {
  return (
    <>
      <section className="account-card" aria-labelledby="konto-title">
        <h1 id="konto-title">{C.title}</h1>
        <Notice notice={notice} />
        <p>
          {C.signedInAs} <strong>{email}</strong>
        </p>
        <p>
          <Typeset>{emailVerified ? C.verified : C.unverified}</Typeset>
        </p>
        <div className="account-actions">
          {!emailVerified && <Intent intent="resend-verification" label={C.resend} primary />}
          <Intent intent="sign-out" label={C.signOut} />
          <Intent intent="sign-out-everywhere" label={C.signOutEverywhere} />
        </div>
      </section>

      {emailVerified && (
        <>
          <HoldingList
            id="konto-applications"
            title={C.applications}
            empty={C.noApplications}
            items={holdings.applications}
            render={(a) => (
              <>
                <h3>
                  {a.applicationType}: {C.status[a.view.status]}
                </h3>
                <p className="account-meta">
                  {C.appliedOn} {formatDate(a.createdAt)}
                </p>
                {a.view.mailed ? (
                  <p className="account-meta">
                    {C.mailedOn(C.status[a.view.mailed.decision])}{' '}
                    <time dateTime={a.view.mailed.at}>{formatDateTime(a.view.mailed.at)}</time>.
                  </p>
                ) : null}
                <p className="account-meta">{C.history}:</p>
                <ol className="account-history">
                  {a.view.history.map((h, i) => (
                    <li key={i}>
                      <time dateTime={h.at}>{h.kind === 'received' ? formatDate(h.at) : formatDateTime(h.at)}</time>:{' '}
                      {h.kind === 'received' ? C.received : C.historyMailed(C.status[h.decision])}
                    </li>
                  ))}
                </ol>
              </>
            )}
          />
          <HoldingList
            id="konto-signups"
            title={C.signups}
            empty={C.noSignups}
            items={holdings.signups}
            render={(s) => (
              <>
                <h3>
                  {s.name} ({C.userType[s.userType]})
                </h3>
                <p className="account-meta">
                  {formatDate(s.createdAt)} · {C.newsletter}: {newsletterState(s)}
                </p>
              </>
            )}
          />
        </>
      )}

      <section className="account-card" aria-labelledby="konto-data">
        <h2 id="konto-data">{C.data}</h2>
        <p>
          <Typeset>{C.dataText}</Typeset>
        </p>
        <a className="button button--outline" href="/api/account/export" download>
          {C.download}
        </a>
      </section>

      <DeleteAccount error={deleteError} />
    </>
  );
}

/**
 * Deleting the account: the form is at the bottom of the page, so a refusal is said here, under the
 * password, and focus moves to the password (it is read out with the message). Without JavaScript
 * the form posts to this section's anchor, so the answering page opens here.
 */
function DeleteAccount({ error }: { error?: string }) {
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!error) return;
    password.current?.focus();
    password.current?.closest('section')?.scrollIntoView({ block: 'center' });
  }, [error]);
  return (
    <section className="account-card account-card--danger" id="konto-delete" aria-labelledby="konto-delete-title">
      <h2 id="konto-delete-title">{C.deleteTitle}</h2>
      <p>
        <Typeset>{C.deleteText}</Typeset>
      </p>
      <Form method="post" action="/konto#konto-delete" className="account-form">
        <PasswordField id="konto-password" label={C.deletePassword} isNew={false} error={error} inputRef={password} />
        <div className="account-actions">
          <button type="submit" name="intent" value="delete" className="button button--danger">
            {C.deleteSubmit}
          </button>
        </div>
      </Form>
    </section>
  );
}
