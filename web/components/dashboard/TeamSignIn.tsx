// The dashboard's sign-in: email and password, then the second factor (the authenticator app's
// code, or a backup code). Form posts to the page's action, so both steps work without
// JavaScript too; with it, React Router sends them by fetch and reloads the page's state.
import { Form, useNavigation } from 'react-router';
import { IntentButton } from '../IntentButton';
import { TEAM_SIGN_IN_COPY as COPY } from '~/copy/team';
import { Field } from '../Field';
import { SecondFactorForms } from '../team/SecondFactorForms';

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

/** Step 1: email and password. */
export function PasswordStep({ error, email }: { error?: string; email?: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <SignInCard title={COPY.title} intro={COPY.intro}>
      <Form method="post" className="dash-sign-in" aria-describedby="team-sign-in-error">
        <input type="hidden" name="intent" value="sign-in" />
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
        <button type="submit" className="dash-button dash-button--primary" disabled={busy}>
          {busy ? COPY.checking : COPY.submit}
        </button>
        <ErrorLine id="team-sign-in-error" error={error} />
      </Form>
      <p className="dash-gate__help">
        <a href="/auth">{COPY.forgot}</a>
      </p>
    </SignInCard>
  );
}

/** Step 2: the second factor (SecondFactorForms), and a way to start over. */
export function SecondFactorStep({ error }: { error?: string }) {
  return (
    <SignInCard title={COPY.secondFactorTitle} intro={COPY.secondFactorIntro}>
      <SecondFactorForms
        idPrefix="team"
        formClass="dash-sign-in"
        buttonClass="dash-button dash-button--primary"
        detailsClass="dash-gate__backup"
        message={<ErrorLine id="team-factor-error" error={error} />}
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
