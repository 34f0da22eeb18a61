// The /auth form: one form for sign-in and sign-up, with "Forgot Password?" in sign-in mode.
// Without JavaScript it posts to the page's action; with JavaScript it calls the same Better Auth
// endpoints by fetch (web/lib/api-client.ts). The toggle is a link, so both modes work either way.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  checkBeforeSending,
  noticeFor,
  readAuthForm,
  type AuthIntent,
  type AuthMode,
  type AuthNotice,
} from '~/lib/auth';
import { sendPasswordResetEmail, signInWithEmail, signUpWithEmail } from '~/lib/api-client';
import type { Answer } from '~/lib/api-answer';
import { AUTH_COPY } from '~/copy/account';
import { Field } from '../Field';
import { Notice } from './Notice';
import { PasswordField } from './PasswordField';

export interface AuthFormProps {
  mode: AuthMode;
  email: string;
  notice?: AuthNotice;
  /** Called after a sign-in by fetch, with the account's email and the success notice. */
  onSignedIn?: (email: string, notice: AuthNotice) => void;
  /** Called when a sign-in by fetch needs the second factor (a team member's account). */
  onSecondFactor?: () => void;
}

/** The notice of a fetch call's answer (noticeFor reads the message where Better Auth's JSON has it). */
const noticeOf = (intent: AuthIntent, answer: Answer<unknown>) =>
  noticeFor(intent, { ok: answer.ok, body: { message: answer.ok ? undefined : answer.message } });

/** Sends the form by fetch; answers the notice to show and, after a sign-in or sign-up, the email. */
async function send(
  form: ReturnType<typeof readAuthForm>,
): Promise<{ notice?: AuthNotice; signedInAs?: string; secondFactor?: boolean }> {
  const early = checkBeforeSending(form);
  if (early) return { notice: early };
  if (form.intent === 'reset') return { notice: noticeOf('reset', await sendPasswordResetEmail(form.email)) };
  const call = form.intent === 'sign-up' ? signUpWithEmail : signInWithEmail;
  const answer = await call(form.email, form.password);
  if (answer.ok && 'secondFactor' in answer.value) return { secondFactor: true };
  return {
    notice: noticeOf(form.intent, answer),
    // A sign-up does not sign in (the mail says how to go on).
    signedInAs: form.intent === 'sign-in' && answer.ok && 'user' in answer.value ? answer.value.user.email : undefined,
  };
}

export function AuthForm({ mode, email, notice: serverNotice, onSignedIn, onSecondFactor }: AuthFormProps) {
  const [notice, setNotice] = useState(serverNotice);
  const [busy, setBusy] = useState(false);
  // Switching the mode keeps what was typed but drops the other mode's message.
  const [shownMode, setShownMode] = useState(mode);
  if (shownMode !== mode) {
    setShownMode(mode);
    setNotice(undefined);
  }
  const copy = AUTH_COPY[mode];
  const other: AuthMode = mode === 'sign-in' ? 'sign-up' : 'sign-in';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const fields = new FormData(event.currentTarget);
    const form = readAuthForm({ get: (name) => (name === 'intent' ? submitter?.value : fields.get(name)) });
    setBusy(true);
    const result = await send(form);
    setBusy(false);
    if (result.secondFactor && onSecondFactor) onSecondFactor();
    else if (result.signedInAs && result.notice && onSignedIn) onSignedIn(result.signedInAs, result.notice);
    else setNotice(result.notice);
  }

  return (
    <section className="account-card" aria-labelledby="auth-title" lang="en">
      <h1 id="auth-title">{copy.title}</h1>
      <Notice notice={notice} />
      <form
        method="post"
        action={`/auth?mode=${mode}`}
        className="account-form"
        aria-busy={busy}
        onSubmit={(event) => void onSubmit(event)}
      >
        <Field id="auth-email" label={AUTH_COPY.email}>
          {(control) => (
            <input {...control} name="email" type="email" autoComplete="email" required defaultValue={email} />
          )}
        </Field>
        <PasswordField id="auth-password" label={AUTH_COPY.password} isNew={mode === 'sign-up'} />
        {/* The mode's submit comes first: Enter in a field submits it, not "Forgot Password?". */}
        <div className="account-actions">
          <button type="submit" name="intent" value={mode} className="button button--primary" disabled={busy}>
            {copy.submit}
          </button>
          {mode === 'sign-in' && (
            <button type="submit" name="intent" value="reset" formNoValidate className="link-button" disabled={busy}>
              {AUTH_COPY.forgot}
            </button>
          )}
        </div>
      </form>
      <p className="account-toggle">
        {copy.switchPrompt}{' '}
        <Link to={`/auth?mode=${other}`} replace preventScrollReset>
          {copy.switchLink}
        </Link>
      </p>
    </section>
  );
}
