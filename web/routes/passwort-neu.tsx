// /passwort-neu?token=…: where the reset mail's link leads. Sets a new password through Better
// Auth's handler; the token works once and for an hour, and the reset signs out every session.
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/passwort-neu';
import { Notice } from '~/components/account/Notice';
import { PasswordField } from '~/components/account/PasswordField';
import '~/components/account/account.css';
import { AUTH_MESSAGES, PASSWORD_HINT, RESET_COPY } from '~/copy/account';
import { pageMeta } from '~/lib/seo';
import { callAuth } from '~/server/accounts/accounts.server';
import { readForm } from '~/server/http/http.server';
import { AccountPage } from '~/components/account/AccountPage';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const answer = await callAuth(
    '/reset-password',
    { token: form.get('token') ?? '', newPassword: form.get('password') ?? '' },
    request,
    context,
  );
  if (answer.ok) return { done: true, notice: { ok: true, message: RESET_COPY.done } };
  const code = answer.body.code;
  const message =
    code === 'INVALID_TOKEN'
      ? RESET_COPY.invalid
      : code === 'PASSWORD_TOO_SHORT'
        ? PASSWORD_HINT
        : typeof answer.body.message === 'string'
          ? answer.body.message
          : AUTH_MESSAGES.unexpected;
  return data({ done: false, notice: { ok: false, message } }, { status: answer.status });
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: RESET_COPY.title, path: '/passwort-neu', noindex: true });

export default function NewPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const token = loaderData.token;
  return (
    <AccountPage>
      <section className="account-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{RESET_COPY.title}</h1>
        <Notice notice={actionData?.notice ?? (token ? undefined : { ok: false, message: RESET_COPY.invalid })} />
        {actionData?.done ? (
          <p>
            <a className="button button--primary" href="/auth">
              {RESET_COPY.signIn}
            </a>
          </p>
        ) : token ? (
          <Form method="post" className="account-form" aria-busy={busy}>
            <p>{RESET_COPY.intro}</p>
            <input type="hidden" name="token" value={token} />
            <PasswordField id="reset-password" label={RESET_COPY.password} isNew />
            <div className="account-actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {RESET_COPY.submit}
              </button>
            </div>
          </Form>
        ) : (
          <p>
            <a href="/auth">{RESET_COPY.toAuth}</a>
          </p>
        )}
      </section>
    </AccountPage>
  );
}
