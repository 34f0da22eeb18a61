// The /auth form: one form for sign-in and sign-up, with "Forgot Password?" in sign-in mode. It
// posts to the page's action (a plain form post without JavaScript, a fetch with it); the
// toggle is a link, so both modes work without JavaScript too.
import { Form, Link, useNavigation } from 'react-router';
import { PASSWORD_HINT, MIN_PASSWORD_LENGTH, type AuthMode, type AuthNotice } from '~/lib/auth';
import { AUTH_COPY } from './copy';
import { Notice } from './Notice';

export interface AuthFormProps {
  mode: AuthMode;
  email: string;
  notice?: AuthNotice;
}

export function AuthForm({ mode, email, notice }: AuthFormProps) {
  const busy = useNavigation().state === 'submitting';
  const copy = AUTH_COPY[mode];
  const other: AuthMode = mode === 'sign-in' ? 'sign-up' : 'sign-in';
  return (
    <section className="account-card" aria-labelledby="auth-title" lang="en">
      <h1 id="auth-title">{copy.title}</h1>
      <Notice notice={notice} />
      <Form method="post" action={`/auth?mode=${mode}`} className="account-form" aria-busy={busy}>
        <div className="account-field">
          <label htmlFor="auth-email">{AUTH_COPY.email}</label>
          <input id="auth-email" name="email" type="email" autoComplete="email" required defaultValue={email} />
        </div>
        <div className="account-field">
          <label htmlFor="auth-password">{AUTH_COPY.password}</label>
          <input
            id="auth-password"
            name="password"
            type="password"
            required
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            minLength={mode === 'sign-up' ? MIN_PASSWORD_LENGTH : undefined}
            aria-describedby={mode === 'sign-up' ? 'auth-password-hint' : undefined}
          />
          {mode === 'sign-up' && (
            <p id="auth-password-hint" className="account-hint" lang="de">
              {PASSWORD_HINT}
            </p>
          )}
        </div>
        {/* The mode's submit comes first: Enter in a field submits it, not "Forgot Password?". */}
        <div className="account-actions">
          <button type="submit" name="intent" value={mode} className="button button--primary" disabled={busy}>
            {copy.submit}
          </button>
          {mode === 'sign-in' && (
            <button
              type="submit"
              name="intent"
              value="reset"
              formNoValidate
              className="account-link-button"
              disabled={busy}
            >
              {AUTH_COPY.forgot}
            </button>
          )}
        </div>
      </Form>
      <p className="account-toggle">
        {copy.switchPrompt}{' '}
        <Link to={`/auth?mode=${other}`} replace preventScrollReset>
          {copy.switchLink}
        </Link>
      </p>
    </section>
  );
}
