// A password field of the account pages. A new password gets the minimum length and the German
// hint that says it (read out with the field).
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from '~/lib/auth';

export function PasswordField({ id, label, isNew }: { id: string; label: string; isNew: boolean }) {
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="password"
        type="password"
        required
        autoComplete={isNew ? 'new-password' : 'current-password'}
        minLength={isNew ? MIN_PASSWORD_LENGTH : undefined}
        aria-describedby={isNew ? `${id}-hint` : undefined}
      />
      {isNew && (
        <p id={`${id}-hint`} className="account-hint" lang="de">
          {PASSWORD_HINT}
        </p>
      )}
    </div>
  );
}
