// /team/einladung?token=…: where an invitation to the team leads. Three steps, each a form post to
// this action (with or without JavaScript): the account (name and password, or the password of an
// existing account), the authenticator app (QR code, key as text, otpauth link; one code
// confirms it), then the 10 backup codes, shown once. A used, expired or unknown link opens nothing.
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/team.einladung';
import '~/components/account/account.css';
import '~/components/team/invitation.css';
import { Field } from '~/components/Field';
import { QrCode } from '~/components/QrCode';
import { OneTimeCodeField } from '~/components/team/SecondFactorForms';
import { MIN_PASSWORD_LENGTH } from '~/copy/limits';
import { INVITATION_COPY as COPY } from '~/copy/team';
import { pageMeta } from '~/lib/seo';
import { setCookieHeaders } from '~/server/accounts/accounts.server';
import { confirmEnrolment, enrolAccount, enrolmentView, type EnrolmentView } from '~/server/team/team.server';
import { readForm } from '~/server/http/http.server';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token');

export async function loader({ request }: Route.LoaderArgs) {
  const view = await enrolmentView(tokenOf(request), request);
  return data(view, { status: view.stage === 'invalid' ? 410 : 200 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = tokenOf(request);
  const answer =
    form.get('intent') === 'confirm'
      ? await confirmEnrolment(token, { code: form.get('code') }, request, context)
      : await enrolAccount(token, { name: form.get('name'), password: form.get('password') }, request, context);
  return data(answer.view, { status: answer.status, headers: setCookieHeaders(answer.setCookies) });
}

// Each step's answer is the whole view: the loader need not run again after it (a used invitation
// would answer 410 under the backup codes).
export const shouldRevalidate = () => false;

// The page carries a secret (the authenticator key, then the backup codes): never cached, never indexed.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: COPY.pageTitle, path: '/team/einladung', noindex: true });

export default function TeamInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const view: EnrolmentView = actionData ?? loaderData;
  return (
    <main className="account-page">
      <section className="account-card invitation" aria-labelledby="invitation-title">
        <p className="invitation__brand">Bewegungscoaching · Team</p>
        {view.stage === 'invalid' ? (
          <>
            <h1 id="invitation-title">{COPY.invalidTitle}</h1>
            <p role="alert">{COPY.invalid[view.reason]}</p>
          </>
        ) : (
          <>
            <h1 id="invitation-title">{view.stage === 'done' ? COPY.doneTitle : COPY.title}</h1>
            <Steps current={view.stage === 'account' ? 1 : view.stage === 'second-factor' ? 2 : 3} />
            {view.stage === 'account' ? <AccountStep view={view} /> : null}
            {view.stage === 'second-factor' ? <FactorStep view={view} /> : null}
            {view.stage === 'done' ? <DoneStep view={view} /> : null}
          </>
        )}
      </section>
    </main>
  );
}

function Steps({ current }: { current: number }) {
  return (
    <ol className="invitation__steps" aria-label={COPY.stepLabel(current, COPY.steps.length)}>
      {COPY.steps.map((step, index) => (
        <li key={step} aria-current={index + 1 === current ? 'step' : undefined}>
          {step}
        </li>
      ))}
    </ol>
  );
}

function ErrorNotice({ error }: { error?: string }) {
  return (
    <p className={`account-notice${error ? ' account-notice--error' : ''}`} role="alert">
      {error ?? ''}
    </p>
  );
}

function AccountStep({ view }: { view: Extract<EnrolmentView, { stage: 'account' }> }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="account-form" aria-busy={busy}>
      <p>{COPY.accountIntro(view.email, view.role)}</p>
      {view.existingAccount ? <p>{COPY.existingAccount}</p> : null}
      <ErrorNotice error={view.error} />
      <input type="hidden" name="intent" value="account" />
      <Field id="invitation-name" label={COPY.name}>
        {(control) => (
          <input {...control} name="name" autoComplete="name" required maxLength={100} defaultValue={view.name} />
        )}
      </Field>
      <Field
        id="invitation-password"
        label={view.existingAccount ? COPY.password : COPY.newPassword}
        hint={view.existingAccount ? undefined : COPY.passwordHint}
      >
        {(control) => (
          <input
            {...control}
            name="password"
            type="password"
            required
            minLength={view.existingAccount ? undefined : MIN_PASSWORD_LENGTH}
            maxLength={128}
            autoComplete={view.existingAccount ? 'current-password' : 'new-password'}
          />
        )}
      </Field>
      {/* The address the account is for, for password managers. */}
      <input type="hidden" name="username" autoComplete="username" value={view.email} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {COPY.accountSubmit}
      </button>
    </Form>
  );
}

function FactorStep({ view }: { view: Extract<EnrolmentView, { stage: 'second-factor' }> }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="invitation__factor">
      <h2>{COPY.factorTitle}</h2>
      <p>{COPY.factorIntro}</p>
      <p>{COPY.factorScan}</p>
      <QrCode modules={view.qr} label={COPY.factorQrLabel} />
      <p>{COPY.factorKey}</p>
      <p>
        <code className="invitation__key" data-testid="totp-key">
          {view.key}
        </code>
      </p>
      <p>
        <a href={view.uri}>{COPY.factorLink}</a>
      </p>
      <Form method="post" className="account-form" aria-busy={busy}>
        <ErrorNotice error={view.error} />
        <input type="hidden" name="intent" value="confirm" />
        <OneTimeCodeField id="invitation-code" label={COPY.code} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {COPY.codeSubmit}
        </button>
      </Form>
    </div>
  );
}

function DoneStep({ view }: { view: Extract<EnrolmentView, { stage: 'done' }> }) {
  return (
    <div className="invitation__done">
      <p>{COPY.doneIntro}</p>
      <h2 id="invitation-codes">{COPY.codesLabel}</h2>
      <ol className="invitation__codes" aria-labelledby="invitation-codes">
        {view.backupCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <a className="invitation__next" href="/teamdashboard">
          {COPY.toDashboard}
        </a>
      </p>
    </div>
  );
}
