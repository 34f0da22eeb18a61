// /konto/bestaetigen?token=…: where the verification mail's link leads. Opening it changes nothing
// (mail scanners open links); the page asks for the account's password, and its plain form post
// verifies the address, ends every older session and signs this browser in. Works without JavaScript.
import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/konto.bestaetigen';
import { Notice } from '~/components/account/Notice';
import { PasswordField } from '~/components/account/PasswordField';
import '~/components/account/account.css';
import { VERIFY_COPY } from '~/copy/account';
import { pageMeta } from '~/lib/seo';
import {
  readVerificationLink,
  setCookieHeaders,
  verificationForm,
  verifyWithPassword,
} from '~/server/accounts/accounts.server';
import { problemInit, readPageForm } from '~/server/http/http.server';
import { AccountPage } from '~/components/account/AccountPage';

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const link = await readVerificationLink(token);
  return { token, state: link.state, email: link.state === 'invalid' ? null : link.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { token, password } = await readPageForm(request, verificationForm);
  const result = await verifyWithPassword(token, password, request, context);
  if (!result.ok) {
    const notice = { ok: false, message: result.message };
    // A link that is not valid ends the form; a wrong password or the limit lets the visitor try again.
    return data(result.fields?.token ? { notice, done: true } : { notice }, problemInit(result));
  }
  if (result.value.state === 'verified')
    return redirect('/konto?bestaetigt', { status: 303, headers: setCookieHeaders(result.value.setCookies) });
  return { notice: { ok: true, message: VERIFY_COPY.alreadyVerified }, done: true };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: VERIFY_COPY.title, path: '/konto/bestaetigen', noindex: true });

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { token, state, email } = loaderData;
  const linkNotice =
    state === 'invalid'
      ? { ok: false, message: VERIFY_COPY.invalid }
      : state === 'already-verified'
        ? { ok: true, message: VERIFY_COPY.alreadyVerified }
        : undefined;
  const showForm = state === 'valid' && !(actionData && 'done' in actionData);
  return (
    <AccountPage>
      <section className="account-card" aria-labelledby="verify-title">
        <h1 id="verify-title">{VERIFY_COPY.title}</h1>
        <Notice notice={actionData?.notice ?? linkNotice} />
        {showForm && email ? (
          <Form method="post" className="account-form" aria-busy={busy}>
            <p>{VERIFY_COPY.intro(email)}</p>
            <input type="hidden" name="token" value={token} />
            <PasswordField id="verify-password" label={VERIFY_COPY.password} isNew={false} />
            <div className="account-actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {VERIFY_COPY.submit}
              </button>
              <a href="/auth">{VERIFY_COPY.forgot}</a>
            </div>
          </Form>
        ) : (
          <p>
            <a className="button button--primary" href="/auth">
              {VERIFY_COPY.toAuth}
            </a>
          </p>
        )}
      </section>
    </AccountPage>
  );
}
