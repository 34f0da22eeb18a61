// The second step of a team member's sign-in, wherever it happens (/teamdashboard, /auth): the
// 6-digit code of the authenticator app, and a backup code behind a disclosure for a lost phone.
// Form posts (`intent=second-factor`, `method=totp|backup`, `code`) to the page's action, so it
// works without JavaScript too. The page gives its own look (classes) and message line.
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { TEAM_SIGN_IN_COPY as COPY } from '~/copy/team';
import { Field } from '../Field';

/** The 6-digit code field (what phones offer to fill from an SMS or an app). */
export function OneTimeCodeField({ id, label, autoFocus }: { id: string; label: string; autoFocus?: boolean }) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <input
          {...control}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          autoFocus={autoFocus}
        />
      )}
    </Field>
  );
}

export interface SecondFactorFormsProps {
  /** Where the forms post (the page's own action when undefined). */
  action?: string;
  /** The ids of the two code fields (unique on the page). */
  idPrefix: string;
  formClass: string;
  buttonClass: string;
  detailsClass: string;
  /** Shown under the app's code (the page's error line). */
  message?: ReactNode;
}

export function SecondFactorForms({
  action,
  idPrefix,
  formClass,
  buttonClass,
  detailsClass,
  message,
}: SecondFactorFormsProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <Form method="post" action={action} className={formClass} aria-busy={busy}>
        <input type="hidden" name="intent" value="second-factor" />
        <input type="hidden" name="method" value="totp" />
        <OneTimeCodeField id={`${idPrefix}-totp`} label={COPY.totp} autoFocus />
        <button type="submit" className={buttonClass} disabled={busy}>
          {COPY.verify}
        </button>
        {message}
      </Form>
      <details className={detailsClass}>
        <summary>{COPY.useBackupCode}</summary>
        <Form method="post" action={action} className={formClass}>
          <input type="hidden" name="intent" value="second-factor" />
          <input type="hidden" name="method" value="backup" />
          <Field id={`${idPrefix}-backup`} label={COPY.backupCode} hint={COPY.lostPhone}>
            {(control) => <input {...control} name="code" autoComplete="off" required maxLength={64} />}
          </Field>
          <button type="submit" className={buttonClass} disabled={busy}>
            {COPY.verify}
          </button>
        </Form>
      </details>
    </>
  );
}
