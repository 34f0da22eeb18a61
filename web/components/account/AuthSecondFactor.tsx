// The second step of a team member's sign-in on /auth: the code of the authenticator app, or a
// backup code behind a disclosure. Form posts to the page's action (with or without JavaScript);
// once verified, the member goes on to the team dashboard.
import { Form, useNavigation } from 'react-router';
import type { AuthNotice } from '~/lib/auth';
import { TEAM_SIGN_IN_COPY as COPY } from '~/copy/team';
import { Field } from '../Field';
import { Notice } from './Notice';

export function AuthSecondFactor({ notice }: { notice?: AuthNotice }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="account-card" aria-labelledby="auth-title" lang="en">
      <h1 id="auth-title">{COPY.secondFactorTitle}</h1>
      <Notice notice={notice} />
      <p>{COPY.secondFactorIntro}</p>
      <Form method="post" action="/auth" className="account-form" aria-busy={busy}>
        <input type="hidden" name="intent" value="second-factor" />
        <input type="hidden" name="method" value="totp" />
        <Field id="auth-totp" label={COPY.totp}>
          {(control) => (
            <input
              {...control}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              autoFocus
            />
          )}
        </Field>
        <div className="account-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {COPY.verify}
          </button>
        </div>
      </Form>
      <details className="account-details">
        <summary>{COPY.useBackupCode}</summary>
        <Form method="post" action="/auth" className="account-form">
          <input type="hidden" name="intent" value="second-factor" />
          <input type="hidden" name="method" value="backup" />
          <Field id="auth-backup" label={COPY.backupCode} hint={COPY.lostPhone}>
            {(control) => <input {...control} name="code" autoComplete="off" required maxLength={64} />}
          </Field>
          <div className="account-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {COPY.verify}
            </button>
          </div>
        </Form>
      </details>
    </section>
  );
}
