// /passwort-neu?token=…: where the reset mail's link leads. Sets a new password through Better
// Auth's handler; the token works once and for an hour, and the reset signs out every session.
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/passwort-neu';
import { Notice } from '~/components/account/Notice';
import { PasswordField } from '~/components/account/PasswordField';
import '~/components/account/account.css';
import { AUTH_MESSAGES, PASSWORD_HINT, RESET_COPY } from '~/copy/account';
import { pageMeta } from '~/lib/seo';
import { TEAM_PASSWORD_RESET_PATH, TEAM_SIGN_IN_PATH } from '~/lib/team';
import { callAuth, newPasswordForm } from '~/server/accounts/accounts.server';
import { readPageForm } from '~/server/http/http.server';
import { AccountPage } from '~/components/account/AccountPage';

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // `team`: the link of a team member's mail, which leads back to the team sign-in.
  return { token: params.get('token') ?? '', team: params.has('team') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { token, password } = await readPageForm(request, newPasswordForm);
  const answer = await callAuth('/reset-password', { token, newPassword: password }, request, context);
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
  const { token, team } = loaderData;
  const signIn = team
    ? { href: TEAM_SIGN_IN_PATH, text: RESET_COPY.toTeam }
    : { href: '/auth', text: RESET_COPY.signIn };
  const invalid = team ? RESET_COPY.teamInvalid : RESET_COPY.invalid;
  return (
    <AccountPage>
      <section className="account-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{RESET_COPY.title}</h1>
        <Notice notice={actionData?.notice ?? (token ? undefined : { ok: false, message: invalid })} />
        {actionData?.done ? (
          <p>
            <a className="button button--primary" href={signIn.href}>
              {signIn.text}
            </a>
          </p>
        ) : token ? (
          <Form method="post" className="account-form" aria-busy={busy}>
            <p>{team ? RESET_COPY.teamIntro : RESET_COPY.intro}</p>
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
            <a href={team ? TEAM_PASSWORD_RESET_PATH : '/auth'}>{team ? RESET_COPY.toTeam : RESET_COPY.toAuth}</a>
          </p>
        )}
      </section>
    </AccountPage>
  );
}
