// The second step of a team member's sign-in, wherever it happens (/teamdashboard, /auth): the
// 6-digit code of the authenticator app, and a backup code behind a disclosure for a lost phone.
// Form posts (`intent=second-factor`, `method=totp|backup`, `code`) to the page's action, so it
// works without JavaScript too. The page gives its own look (classes); a refusal shows under the
// form that caused it (the disclosure opens for a backup code), and the refused code is cleared
// from its field, which takes the focus for the next try.
import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { TEAM_SIGN_IN_COPY as COPY } from '~/copy/team';
import { Field } from '../Field';

/** The 6-digit code field (what phones offer to fill from an SMS or an app). */
export function OneTimeCodeField({
  id,
  label,
  autoFocus,
  invalid,
  describedBy,
  inputRef,
}: {
  id: string;
  label: string;
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  return (
    <Field id={id} label={label} invalid={invalid} describedBy={describedBy}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
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

/** A refusal of one of the two forms (a new object for each answer, so the same text twice clears the field again). */
export interface SecondFactorError {
  method: 'totp' | 'backup';
  text: string;
}

/**
 * After a refused code (a new `error`): the field is emptied and focused, so the next try starts
 * clean. Without JavaScript the page comes back with empty fields anyway.
 */
export function useClearedOnError(error: object | undefined, when = true) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!error || !when || !input.current) return;
    input.current.value = '';
    input.current.focus();
  }, [error, when]);
  return input;
}

export interface SecondFactorFormsProps {
  /** Where the forms post (the page's own action when undefined). */
  action?: string;
  /** The ids of the two code fields (unique on the page). */
  idPrefix: string;
  formClass: string;
  buttonClass: string;
  detailsClass: string;
  /** The class of the message line under each form (none: the page shows refusals itself). */
  errorClass?: string;
  /** The last refusal, shown under its form. */
  error?: SecondFactorError;
}

export function SecondFactorForms({
  action,
  idPrefix,
  formClass,
  buttonClass,
  detailsClass,
  errorClass,
  error,
}: SecondFactorFormsProps) {
  const busy = useNavigation().state === 'submitting';
  const totp = useClearedOnError(error, error?.method === 'totp');
  const backup = useClearedOnError(error, error?.method === 'backup');
  const ids = { totp: `${idPrefix}-totp-error`, backup: `${idPrefix}-backup-error` };
  const errorLine = (method: SecondFactorError['method']) =>
    errorClass ? (
      <p id={ids[method]} className={errorClass} role="alert">
        {error?.method === method ? error.text : ''}
      </p>
    ) : null;
  const invalid = (method: SecondFactorError['method']) => Boolean(errorClass) && error?.method === method;
  return (
    <>
      <Form method="post" action={action} className={formClass} aria-busy={busy}>
        <input type="hidden" name="intent" value="second-factor" />
        <input type="hidden" name="method" value="totp" />
        <OneTimeCodeField
          id={`${idPrefix}-totp`}
          label={COPY.totp}
          autoFocus={error?.method !== 'backup'}
          invalid={invalid('totp')}
          describedBy={invalid('totp') ? ids.totp : undefined}
          inputRef={totp}
        />
        <button type="submit" className={buttonClass} disabled={busy}>
          {COPY.verifyTotp}
        </button>
        {errorLine('totp')}
      </Form>
      <details className={detailsClass} open={error?.method === 'backup' || undefined}>
        <summary>{COPY.useBackupCode}</summary>
        <p>{COPY.lostPhone}</p>
        <Form method="post" action={action} className={formClass}>
          <input type="hidden" name="intent" value="second-factor" />
          <input type="hidden" name="method" value="backup" />
          <Field
            id={`${idPrefix}-backup`}
            label={COPY.backupCode}
            hint={COPY.backupHint}
            invalid={invalid('backup')}
            describedBy={invalid('backup') ? ids.backup : undefined}
          >
            {(control) => (
              <input
                {...control}
                ref={backup}
                name="code"
                required
                maxLength={64}
                // Phones would capitalise, correct or complete a code: none of it helps here.
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                autoFocus={error?.method === 'backup'}
              />
            )}
          </Field>
          <button type="submit" className={buttonClass} disabled={busy}>
            {COPY.verifyBackup}
          </button>
          {errorLine('backup')}
        </Form>
      </details>
    </>
  );
}
