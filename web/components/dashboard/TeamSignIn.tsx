// The dashboard's sign-in: email and password, then the second factor (the authenticator app's
// code, or a backup code), and the team's own "forgot password". Form posts to the page's action,
// so every step works without JavaScript too; with it, React Router sends them by fetch and
// reloads the page's state.
import { Form, useNavigation } from 'react-router';
import { IntentButton } from '../IntentButton';
import { TEAM_PASSWORD_RESET_COPY as RESET, TEAM_SIGN_IN_COPY as COPY } from '~/copy/team';
import { TEAM_PASSWORD_RESET_PATH, TEAM_SIGN_IN_PATH } from '~/lib/team';
import { Field } from '../Field';
import { SecondFactorForms, type SecondFactorError } from '../team/SecondFactorForms';

function SignInCard({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <main className="dash-page dash-gate">
      <section className="dash-gate__card" aria-labelledby="team-sign-in-title">
        <p className="dash-gate__brand">Bewegungscoaching · Team</p>
        <h1 id="team-sign-in-title">{title}</h1>
        <p>{intro}</p>
        {children}
      </section>
    </main>
  );
}

function ErrorLine({ id, error }: { id: string; error?: string }) {
  return (
    <p id={id} className="dash-gate__error" role="alert">
      {error ?? ''}
    </p>
  );
}

/**
 * A step's form: it posts `intent` with its fields, its button says `busy` while the post goes, and
 * the error line under it describes it.
 */
function StepForm({
  intent,
  errorId,
  error,
  submit,
  busy,
  children,
}: {
  intent: string;
  errorId: string;
  error?: string;
  submit: string;
  busy: string;
  children: React.ReactNode;
}) {
  const submitting = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="dash-sign-in" aria-describedby={errorId}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className="dash-button dash-button--primary" disabled={submitting}>
        {submitting ? busy : submit}
      </button>
      <ErrorLine id={errorId} error={error} />
    </Form>
  );
}

/** The way to the other step, under the card's form. */
function HelpLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <p className="dash-gate__help">
      <a href={href}>{children}</a>
    </p>
  );
}

/**
 * Step 1: email and password. `notice` says why a dashboard open in this browser closed (an owner
 * changed the role, removed the member or reset the second factor; or the session ended).
 */
export function PasswordStep({ error, email, notice }: { error?: string; email?: string; notice?: string }) {
  return (
    <SignInCard title={COPY.title} intro={COPY.intro}>
      {notice ? (
        <p className="dash-gate__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <StepForm intent="sign-in" errorId="team-sign-in-error" error={error} submit={COPY.submit} busy={COPY.checking}>
        <Field id="team-email" label={COPY.email}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={email}
              autoFocus
            />
          )}
        </Field>
        <Field id="team-password" label={COPY.password}>
          {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required />}
        </Field>
      </StepForm>
      <HelpLink href={TEAM_PASSWORD_RESET_PATH}>{COPY.forgot}</HelpLink>
    </SignInCard>
  );
}

/** The team's "forgot password": the address, then the word that a link is on its way. */
export function ResetPasswordStep({ error, sent }: { error?: string; sent?: boolean }) {
  return (
    <SignInCard title={RESET.title} intro={RESET.intro}>
      {sent ? (
        <p className="dash-gate__notice" role="status">
          {RESET.sent}
        </p>
      ) : (
        <StepForm
          intent="reset-password"
          errorId="team-reset-error"
          error={error}
          submit={RESET.submit}
          busy={RESET.sending}
        >
          <Field id="team-reset-email" label={RESET.email}>
            {(control) => <input {...control} name="email" type="email" autoComplete="username" required autoFocus />}
          </Field>
        </StepForm>
      )}
      <HelpLink href={TEAM_SIGN_IN_PATH}>{RESET.back}</HelpLink>
    </SignInCard>
  );
}

/** Step 2: the second factor (SecondFactorForms), and a way to start over. */
export function SecondFactorStep({ error }: { error?: SecondFactorError }) {
  return (
    <SignInCard title={COPY.secondFactorTitle} intro={COPY.secondFactorIntro}>
      <SecondFactorForms
        idPrefix="team"
        formClass="dash-sign-in"
        buttonClass="dash-button dash-button--primary"
        detailsClass="dash-gate__backup"
        errorClass="dash-gate__error"
        error={error}
      />
      <IntentButton intent="sign-out" className="link-button dash-link-button">
        {COPY.cancel}
      </IntentButton>
    </SignInCard>
  );
}

/** Who is signed in, and the way out: above the code gate and in the dashboard's header. */
export function SignedInAs({ name, role }: { name: string; role: 'owner' | 'reviewer' }) {
  return (
    <div className="dash-signed-in">
      <span>{COPY.signedInAs(name, role)}</span>
      <IntentButton intent="sign-out" action="/teamdashboard" className="link-button dash-link-button">
        {COPY.signOut}
      </IntentButton>
    </div>
  );
}
