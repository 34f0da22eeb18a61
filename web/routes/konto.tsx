// /konto: the signed-in account's page. Its forms post to this action, which calls Better Auth's
// handler (sign out, sign out everywhere, resend the verification link, delete the account), or the
// signups' newsletter (unsubscribe the address, re-subscribe a signup with a new double opt-in).
import { data, redirect } from 'react-router';
import type { Route } from './+types/konto';
import { AccountOverview } from '~/components/account/AccountOverview';
import '~/components/account/account.css';
import { AUTH_MESSAGES, KONTO_COPY } from '~/copy/account';
import { applicantView } from '~/lib/account';
import { pageMeta } from '~/lib/seo';
import { newsletterChoiceInput } from '~/lib/account';
import {
  accountHoldings,
  callAuth,
  getSession,
  kontoForm,
  postedFromOwnPage,
  setCookieHeaders,
} from '~/server/accounts/accounts.server';
import { getConfig } from '~/server/config.server';
import { readPageForm } from '~/server/http/http.server';
import { allow } from '~/server/rate-limit.server';
import { resubscribeNewsletter, unsubscribeAddress } from '~/server/signups/signups.server';
import { recordAccountDeletion } from '~/server/team/team.server';
import { AccountPage } from '~/components/account/AccountPage';

// Signed out: to the sign-in page (and that answer is personal too: never stored).
const toSignIn = () => redirect('/auth', { headers: { 'Cache-Control': 'no-store' } });

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSession(request);
  if (!session) throw toSignIn();
  const { user } = session;
  // Back from the verification link's page (verify with the password): say so once.
  const justVerified = new URL(request.url).searchParams.has('bestaetigt') && user.emailVerified;
  const holdings = await accountHoldings(user);
  // What the applicant was told: computed here, at the request's time, so the page hydrates as rendered.
  const now = Date.now();
  const applications = holdings.applications.map((a) => ({ ...a, view: applicantView(a, now) }));
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    holdings: { ...holdings, applications },
    justVerified,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request, kontoForm);
  const { intent } = form;
  const auth = (path: string, body: Record<string, unknown> = {}) => callAuth(path, body, request, context);
  if (intent === 'sign-out') {
    const answer = await auth('/sign-out');
    return redirect('/auth', { headers: setCookieHeaders(answer.setCookies) });
  }
  if (intent === 'sign-out-everywhere') {
    const revoked = await auth('/revoke-sessions');
    if (!revoked.ok) return failed(revoked);
    const answer = await auth('/sign-out');
    return redirect('/auth', { headers: setCookieHeaders(answer.setCookies) });
  }
  const session = await getSession(request);
  if (!session) throw toSignIn();
  if (intent === 'resend-verification') {
    const answer = await auth('/send-verification-email', { email: session.user.email, callbackURL: '/konto' });
    return answer.ok ? { notice: { ok: true, message: KONTO_COPY.resent } } : failed(answer);
  }
  if (intent === 'newsletter-unsubscribe' || intent === 'newsletter-resubscribe') {
    return newsletterChoice(intent, form.signup, request, session.user);
  }
  if (intent === 'delete') {
    const answer = await auth('/delete-user', { password: form.password });
    // Said at the delete form, where the person is (see AccountOverview).
    if (!answer.ok) return failed(answer, 'delete');
    await recordAccountDeletion(session.user);
    return redirect('/auth?konto=geloescht', { headers: setCookieHeaders(answer.setCookies) });
  }
  return data({ notice: { ok: false, message: AUTH_MESSAGES.unexpected } }, { status: 400 });
}

/** Re-subscriptions per account and hour: each one mails a confirmation. */
const RESUBSCRIBE_PER_HOUR = 5;

/** The newsletter's forms: said in the signups' card (`intent: 'newsletter'`), where the person is. */
async function newsletterChoice(
  intent: 'newsletter-unsubscribe' | 'newsletter-resubscribe',
  signup: string | undefined,
  request: Request,
  user: { id: string; email: string; emailVerified: boolean },
) {
  const answer = (ok: boolean, message: string, status = 200) =>
    data({ notice: { ok, message }, intent: 'newsletter' as const }, { status });
  // Better Auth checks where its forms came from; these do not reach it, so the same check is here.
  if (!postedFromOwnPage(request, getConfig().publicUrl)) return answer(false, KONTO_COPY.foreignOrigin, 403);
  // Before the address is verified the page shows no signup: anyone could have typed it.
  if (!user.emailVerified) return answer(false, KONTO_COPY.unverified, 403);
  if (intent === 'newsletter-unsubscribe') {
    await unsubscribeAddress(user.email);
    return answer(true, KONTO_COPY.newsletterUnsubscribed);
  }
  const input = newsletterChoiceInput.safeParse({ signup });
  if (!input.success) return answer(false, KONTO_COPY.newsletterNotFound, 400);
  const limit = await allow(
    { bucket: 'newsletter-resubscribe', key: user.id, windowMs: 3_600_000 },
    RESUBSCRIBE_PER_HOUR,
  );
  if (!limit.allowed) return answer(false, KONTO_COPY.newsletterTooMany, 429);
  const result = await resubscribeNewsletter(user.email, input.data.signup);
  if (result === 'queued') return answer(true, KONTO_COPY.newsletterResubscribed);
  return result === 'subscribed'
    ? answer(true, KONTO_COPY.newsletterAlready)
    : answer(false, KONTO_COPY.newsletterNotFound, 404);
}

/** A refusal: the German text for a wrong password, the backend's message as given otherwise. */
function failed(answer: { status: number; body: Record<string, unknown> }, intent?: 'delete') {
  const message =
    answer.body.code === 'INVALID_PASSWORD'
      ? KONTO_COPY.wrongPassword
      : typeof answer.body.message === 'string'
        ? answer.body.message
        : AUTH_MESSAGES.unexpected;
  return data({ notice: { ok: false, message }, intent }, { status: answer.status });
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = () => pageMeta({ title: KONTO_COPY.title, path: '/konto', noindex: true });

export default function Konto({ loaderData, actionData }: Route.ComponentProps) {
  const { justVerified, ...account } = loaderData;
  // A refused deletion is said at the delete form, where the person is; other answers at the top.
  const intent = actionData && 'intent' in actionData ? actionData.intent : undefined;
  const deleteError = intent === 'delete' ? actionData?.notice.message : undefined;
  // The newsletter's answers are said in the signups' card, where its buttons are.
  const newsletterNotice = intent === 'newsletter' ? actionData?.notice : undefined;
  const notice =
    (intent ? undefined : actionData?.notice) ??
    (justVerified ? { ok: true, message: KONTO_COPY.justVerified } : undefined);
  return (
    <AccountPage>
      <AccountOverview {...account} notice={notice} deleteError={deleteError} newsletterNotice={newsletterNotice} />
    </AccountPage>
  );
}
