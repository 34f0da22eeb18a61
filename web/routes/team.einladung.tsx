// /team/einladung?token=…: where an invitation to the team leads. Three steps, each a form post to
// this action (with or without JavaScript): the account (name and password, or the password of an
// existing account), the authenticator app (QR code, key as text, otpauth link; one code
// confirms it), then the 10 backup codes, shown once. A used, expired or unknown link opens nothing.
import { useEffect, useMemo, useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/team.einladung';
import '~/components/account/account.css';
import '~/components/team/invitation.css';
import { Field } from '~/components/Field';
import { QrCode } from '~/components/QrCode';
import { BackupCodes } from '~/components/team/BackupCodes';
import { OneTimeCodeField, useClearedOnError } from '~/components/team/SecondFactorForms';
import { MIN_PASSWORD_LENGTH } from '~/copy/limits';
import { INVITATION_COPY as COPY, INVITATION_MESSAGES } from '~/copy/team';
import { TEAM_SIGN_IN_PATH } from '~/lib/team';
import { pageMeta } from '~/lib/seo';
import { setCookieHeaders } from '~/server/accounts/accounts.server';
import {
  confirmEnrolment,
  enrolAccount,
  enrolmentView,
  invitationPageForm,
  type EnrolmentView,
} from '~/server/team/team.server';
import { readPageForm } from '~/server/http/http.server';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token');

export async function loader({ request }: Route.LoaderArgs) {
  const view = await enrolmentView(tokenOf(request), request);
  return data(view, { status: view.stage === 'invalid' ? 410 : 200 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request, invitationPageForm);
  const token = tokenOf(request);
  const answer =
    form.intent === 'confirm'
      ? await confirmEnrolment(token, form, request, context)
      : await enrolAccount(token, form, request, context);
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
  const step = view.stage === 'account' ? 1 : view.stage === 'second-factor' ? 2 : 3;
  const announced = useStepChange(view);
  return (
    <main className="account-page">
      <section className="account-card invitation" aria-labelledby="invitation-title">
        <p className="invitation__brand">Bewegungscoaching · Team</p>
        <p role="status" className="visually-hidden">
          {announced}
        </p>
        {view.stage === 'invalid' ? (
          <>
            <h1 id="invitation-title">{COPY.invalidTitle}</h1>
            <p role="alert">{COPY.invalid[view.reason]}</p>
            <p>
              {COPY.alreadyMember}{' '}
              <a className="button button--primary invitation__next" href={TEAM_SIGN_IN_PATH}>
                {COPY.toSignIn}
              </a>
            </p>
          </>
        ) : (
          <>
            <h1 id="invitation-title" tabIndex={-1} data-step-heading={view.stage === 'second-factor' ? undefined : ''}>
              {view.stage === 'done' ? COPY.doneTitle : COPY.title}
            </h1>
            <Steps current={step} />
            {view.stage === 'account' ? <AccountStep view={view} /> : null}
            {view.stage === 'second-factor' ? <FactorStep view={view} /> : null}
            {view.stage === 'done' ? <DoneStep view={view} /> : null}
          </>
        )}
      </section>
    </main>
  );
}

/**
 * When a step's answer opens the next step, its heading takes the focus and the live region says
 * which step it is (the button that was pressed is gone); answers the region's text.
 */
function useStepChange(view: EnrolmentView): string {
  const [shown, setShown] = useState({ stage: view.stage, said: '' });
  if (shown.stage !== view.stage) {
    const step = view.stage === 'account' ? 1 : view.stage === 'second-factor' ? 2 : 3;
    const said = view.stage === 'invalid' ? '' : COPY.stepOpened(step, COPY.steps.length, COPY.steps[step - 1]!);
    setShown({ stage: view.stage, said });
  }
  useEffect(() => {
    if (shown.said) document.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [shown]);
  return shown.said;
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

function ErrorNotice({ error, id }: { error?: string; id?: string }) {
  return (
    <p id={id} className={`account-notice${error ? ' account-notice--error' : ''}`} role="alert">
      {error ?? ''}
    </p>
  );
}

function AccountStep({ view }: { view: Extract<EnrolmentView, { stage: 'account' }> }) {
  const busy = useNavigation().state === 'submitting';
  // A refused step: the field to fix takes the focus (a wrong password is typed again).
  const nameMissing = view.error === INVITATION_MESSAGES.nameMissing;
  const name = useClearedOnError(useMemo(() => (view.error && nameMissing ? {} : undefined), [view, nameMissing]));
  const password = useClearedOnError(useMemo(() => (view.error && !nameMissing ? {} : undefined), [view, nameMissing]));
  return (
    <Form method="post" className="account-form" aria-busy={busy}>
      <p>{COPY.accountIntro(view.email, view.role)}</p>
      {view.existingAccount ? <p>{COPY.existingAccount}</p> : null}
      <ErrorNotice error={view.error} id="invitation-account-error" />
      <input type="hidden" name="intent" value="account" />
      <Field
        id="invitation-name"
        label={COPY.name}
        invalid={nameMissing}
        describedBy={nameMissing ? 'invitation-account-error' : undefined}
      >
        {(control) => (
          <input
            {...control}
            ref={name}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={view.name}
            readOnly={view.nameFixed}
          />
        )}
      </Field>
      <Field
        id="invitation-password"
        label={view.existingAccount ? COPY.password : COPY.newPassword}
        hint={view.existingAccount ? undefined : COPY.passwordHint}
        invalid={Boolean(view.error) && !nameMissing}
        describedBy={view.error && !nameMissing ? 'invitation-account-error' : undefined}
      >
        {(control) => (
          <input
            {...control}
            ref={password}
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
  // A wrong code is cleared from the field, which takes the focus for the next one.
  const code = useClearedOnError(useMemo(() => (view.error ? {} : undefined), [view]));
  return (
    <div className="invitation__factor">
      <h2 tabIndex={-1} data-step-heading="">
        {COPY.factorTitle}
      </h2>
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
        <ErrorNotice error={view.error} id="invitation-code-error" />
        <input type="hidden" name="intent" value="confirm" />
        <OneTimeCodeField
          id="invitation-code"
          label={COPY.code}
          invalid={Boolean(view.error)}
          describedBy={view.error ? 'invitation-code-error' : undefined}
          inputRef={code}
        />
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
      <BackupCodes name={view.name} codes={view.backupCodes} />
      <p>
        <a className="button button--primary invitation__next" href={TEAM_SIGN_IN_PATH}>
          {COPY.toDashboard}
        </a>
      </p>
    </div>
  );
}
