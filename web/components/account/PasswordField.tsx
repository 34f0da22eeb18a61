// A password field of the account pages. A new password gets the minimum length and the German
// hint that says it (read out with the field).
import type { Ref } from 'react';
import { PASSWORD_HINT } from '~/copy/account';
import { MIN_PASSWORD_LENGTH } from '~/copy/limits';
import { Field } from '../Field';

export function PasswordField({
  id,
  label,
  isNew,
  error,
  inputRef,
}: {
  id: string;
  label: string;
  isNew: boolean;
  /** A refusal of this password, shown under the field (which is marked invalid). */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  // The hint is German also inside the English /auth form.
  const hint = isNew ? <span lang="de">{PASSWORD_HINT}</span> : undefined;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          name="password"
          type="password"
          required
          autoComplete={isNew ? 'new-password' : 'current-password'}
          minLength={isNew ? MIN_PASSWORD_LENGTH : undefined}
        />
      )}
    </Field>
  );
}
