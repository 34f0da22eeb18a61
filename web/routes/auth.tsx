// /auth: sign in or sign up with email and password, and "Forgot Password?". Without JavaScript
// the form posts to this action, which hands it to Better Auth's handler; with JavaScript it calls
// the same endpoints by fetch. Either way Better Auth's limiter and origin check apply.
import { useState } from 'react';
import { data, redirect, useLocation, useRevalidator } from 'react-router';
import type { Route } from './+types/auth';
import { AuthForm } from '~/components/account/AuthForm';
import { IntentButton } from '~/components/IntentButton';
import { AuthSecondFactor } from '~/components/account/AuthSecondFactor';
import { Notice } from '~/components/account/Notice';
import { brandOf, SiteBrand } from '~/components/SiteBrand';
import '~/components/account/account.css';
import { AUTH_COPY, AUTH_MESSAGES } from '~/copy/account';
import { authRequest, checkBeforeSending, noticeFor, parseAuthMode, type AuthNotice } from '~/lib/auth';
import { pageMeta } from '~/lib/seo';
import { callAuth, getSession, setCookieHeaders } from '~/server/accounts/accounts.server';
import { authPageForm, awaitsSecondFactor, observeSignIn, verifySecondFactor } from '~/server/team/team.server';
import { getSiteSettings } from '~/server/content/content.server';
import { readPageForm } from '~/server/http/http.server';
import { AccountPage } from '~/components/account/AccountPage';

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const session = await getSession(request);
  return {
    mode: parseAuthMode(url.searchParams.get('mode')),
    signedInAs: session?.user.email ?? null,
    deleted: url.searchParams.get('konto') === 'geloescht',
    // A team member's sign-in waits for the code of their authenticator app.
    secondFactor: !session && awaitsSecondFactor(request),
    brand: brandOf(await getSiteSettings()),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readPageForm(request, authPageForm);
  if (posted.intent === 'second-factor') {
    // Only team members have a second factor: once it is verified, the dashboard is where they go.
    const step = await verifySecondFactor(posted, request, context);
    if (step.ok) return redirect('/teamdashboard', { headers: setCookieHeaders(step.setCookies) });
    const notice = { ok: false, message: step.message };
    return data(
      { intent: 'sign-in' as const, email: '', notice, signedInAs: null, secondFactor: true },
      { status: 400, headers: setCookieHeaders(step.setCookies) },
    );
  }
  const { intent, email, password } = posted;
  const early = checkBeforeSending(posted);
  if (early) return data({ intent, email, notice: early, signedInAs: null, secondFactor: false }, { status: 400 });
  const { path, body } = authRequest(intent, email, password);
  const answer = await callAuth(path, body, request, context);
  const observed = await observeSignIn(path, body, request, answer);
  if (answer.ok && answer.body.twoFactorRedirect)
    return data(
      { intent, email, notice: undefined, signedInAs: null, secondFactor: true },
      { headers: setCookieHeaders([...answer.setCookies, ...observed]) },
    );
  // Better Auth keeps the address in lower case: show it as stored.
  const user = answer.body.user as { email?: string } | undefined;
  // A sign-up does not sign in (the mail says how to go on): only a sign-in does.
  const signedInAs = answer.ok && intent === 'sign-in' ? (user?.email ?? email) : null;
  return data(
    { intent, email, notice: noticeFor(intent, answer), signedInAs, secondFactor: false },
    { status: answer.ok ? 200 : answer.status, headers: setCookieHeaders([...answer.setCookies, ...observed]) },
  );
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = () => pageMeta({ title: AUTH_COPY.pageTitle, path: '/auth', noindex: true });

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  // A sign-in by fetch (with JavaScript) answers here; without JavaScript the action does.
  const [signedIn, setSignedIn] = useState<{ email: string; notice: AuthNotice } | null>(null);
  const revalidator = useRevalidator();
  // After a form post the loader still saw the old cookies: the action says who signed in.
  const signedInAs = signedIn?.email ?? actionData?.signedInAs ?? loaderData.signedInAs;
  const notice =
    signedIn?.notice ??
    actionData?.notice ??
    (loaderData.deleted ? { ok: true, message: AUTH_COPY.deleted } : undefined);
  const secondFactor = !signedInAs && (actionData?.secondFactor ?? loaderData.secondFactor);
  return (
    <AccountPage>
      <div className="page-brand">
        <SiteBrand brand={loaderData.brand} />
      </div>
      {secondFactor ? (
        <AuthSecondFactor notice={actionData?.secondFactor ? actionData.notice : undefined} />
      ) : signedInAs ? (
        <section className="account-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{AUTH_COPY.signedInTitle}</h1>
          <div lang="en">
            <Notice notice={notice} />
          </div>
          <p>
            {AUTH_COPY.signedInAs} <strong>{signedInAs}</strong>.
          </p>
          <div className="account-actions">
            <a className="button button--primary" href="/konto">
              {AUTH_COPY.toAccount}
            </a>
            <IntentButton intent="sign-out" action="/konto" className="link-button">
              {AUTH_COPY.signOut}
            </IntentButton>
          </div>
        </section>
      ) : (
        <AuthForm
          // A new answer from the server starts the form from it.
          key={actionData ? JSON.stringify(actionData.notice) : 'form'}
          mode={actionData?.intent === 'sign-up' ? 'sign-up' : loaderData.mode}
          email={actionData?.email ?? ''}
          notice={notice}
          onSignedIn={(email, success) => {
            setSignedIn({ email, notice: success });
            void revalidator.revalidate();
          }}
          onSecondFactor={() => void revalidator.revalidate()}
        />
      )}
    </AccountPage>
  );
}

// An exception on the server shows the form again with "An unexpected error occurred", instead of
// an error page (with JavaScript, the form catches its own failed requests).
export function ErrorBoundary() {
  const mode = parseAuthMode(new URLSearchParams(useLocation().search).get('mode'));
  return (
    <main className="account-page">
      <AuthForm mode={mode} email="" notice={{ ok: false, message: AUTH_MESSAGES.unexpected }} />
    </main>
  );
}
