// /konto: the account's email and its verification, its applications (with their history) and
// signups (each with its newsletter), and what the account holder can do: sign out (here or
// everywhere), unsubscribe from the newsletter or subscribe again, download the data, delete the
// account. Every action is a plain form post, so the page works without JavaScript.
import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { IntentButton } from '../IntentButton';
import type { AuthNotice } from '~/lib/auth';
import { formatDate, formatDateAtTime } from '~/lib/berlin-time';
import {
  newsletterState,
  receivesOrWaits,
  type AccountHoldings,
  type AccountSignup,
  type ApplicantView,
} from '~/lib/account';
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
  /** The answer to a newsletter form: said in the signups' card. */
  newsletterNotice?: AuthNotice;
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

/** A signup's newsletter: its state, and the one thing to do about it (a plain form post). */
function SignupNewsletter({ signup, describedBy }: { signup: AccountSignup; describedBy: string }) {
  const busy = useNavigation().state === 'submitting';
  const state = newsletterState(signup);
  const text = C.newsletterState;
  const said =
    state.kind === 'subscribed'
      ? text.subscribed(formatDate(state.since))
      : state.kind === 'unsubscribed'
        ? text.unsubscribed(formatDate(state.since))
        : state.kind === 'undeliverable'
          ? text.undeliverable(formatDate(state.since))
          : text[state.kind];
  const unsubscribe = receivesOrWaits(state);
  return (
    <>
      <p className="account-newsletter">
        {C.newsletter}: <Typeset>{said}</Typeset>
      </p>
      {/* Without JavaScript the answering page opens at this card. */}
      <Form method="post" action="/konto#konto-signups" className="account-actions">
        {unsubscribe ? null : <input type="hidden" name="signup" value={signup.id} />}
        <button
          type="submit"
          name="intent"
          value={unsubscribe ? 'newsletter-unsubscribe' : 'newsletter-resubscribe'}
          className="button button--outline"
          aria-describedby={describedBy}
          disabled={busy}
        >
          {unsubscribe
            ? C.newsletterUnsubscribe
            : state.kind === 'off'
              ? C.newsletterSubscribe
              : C.newsletterResubscribe}
        </button>
      </Form>
    </>
  );
}

/** One card of the account's holdings: a list, or a sentence saying there is none. */
function HoldingList<T extends { id: string }>(props: {
  id: string;
  title: string;
  empty: string;
  items: T[];
  render: (item: T) => ReactNode;
  /**
   * The answer to a form of this card (null: none yet; undefined: the card has no forms): said
   * here, and focused, since the button pressed may be gone.
   */
  notice?: AuthNotice | null;
}) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.notice) notice.current?.focus();
  }, [props.notice]);
  return (
    <section className="account-card" id={props.id} aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.notice !== undefined ? (
        <div ref={notice} tabIndex={-1} className="account-card__notice">
          <Notice notice={props.notice} />
        </div>
      ) : null}
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

export function AccountOverview({
  email,
  emailVerified,
  holdings,
  notice,
  deleteError,
  newsletterNotice,
}: AccountOverviewProps) {
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
                    <time dateTime={a.view.mailed.at}>{formatDateAtTime(a.view.mailed.at)}</time>.
                  </p>
                ) : null}
                <p className="account-meta">{C.history}:</p>
                <ol className="account-history">
                  {a.view.history.map((h, i) => (
                    <li key={i}>
                      <time dateTime={h.at}>{h.kind === 'received' ? formatDate(h.at) : formatDateAtTime(h.at)}</time>:{' '}
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
            notice={newsletterNotice ?? null}
            render={(s) => (
              <>
                <h3 id={`konto-signup-${s.id}`}>
                  {s.name} ({C.userType[s.userType]})
                </h3>
                <p className="account-meta">
                  {C.signedUpOn} {formatDate(s.createdAt)}
                </p>
                <SignupNewsletter signup={s} describedBy={`konto-signup-${s.id}`} />
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
