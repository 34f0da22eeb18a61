// /teamdashboard: the team's review of applications and signups. Signing in happens here (email
// and password, then the second factor: form posts to this action, with or without JavaScript);
// then the spec's 4-digit code unlocks the dashboard for the page view. The page itself holds no
// applicant's data: after the code, the browser loads everything from the team API with a token
// kept in memory and bound to the member's session.
import { data, redirect } from 'react-router';
import type { Route } from './+types/teamdashboard';
import { TeamDashboardPage } from '~/components/dashboard/Dashboard';
// uPlot's own styles come with the page (2 KB, this route only), so that the chart's lazily
// loaded code has no stylesheet to fetch.
import 'uplot/dist/uPlot.min.css';
import '~/components/dashboard/dashboard.css';
import { DASHBOARD_COPY } from '~/copy/dashboard';
import { pageMeta } from '~/lib/seo';
import { setCookieHeaders } from '~/server/accounts/accounts.server';
import { problemInit, readPageForm } from '~/server/http/http.server';
import { TEAM_PASSWORD_RESET_PARAM } from '~/lib/team';
import {
  awaitsSecondFactor,
  requestTeamPasswordReset,
  sessionEndOf,
  signInWithPassword,
  signOutOfTeam,
  teamDashboardForm,
  teamSessionOf,
  verifySecondFactor,
} from '~/server/team/team.server';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: DASHBOARD_COPY.title, path: '/teamdashboard', noindex: true });

// Nothing personal is in the page, but nothing on it is worth keeping in a shared cache either.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

export async function loader({ request }: Route.LoaderArgs) {
  const session = await teamSessionOf(request);
  if (session) {
    const { id, name, role } = session.member;
    return { member: { id, name, role }, stage: 'code' as const, ended: null };
  }
  if (awaitsSecondFactor(request)) return { member: null, stage: 'second-factor' as const, ended: null };
  const stage = new URL(request.url).searchParams.has(TEAM_PASSWORD_RESET_PARAM) ? 'reset-password' : 'sign-in';
  // The browser's session was ended by an owner (a role change, removal, reset): the form says why.
  return { member: null, stage: stage as 'sign-in' | 'reset-password', ended: await sessionEndOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request, teamDashboardForm);
  const { intent } = form;
  if (intent === 'sign-out') {
    const cookies = await signOutOfTeam(request, context);
    return redirect('/teamdashboard', { headers: setCookieHeaders(cookies) });
  }
  if (intent === 'reset-password') {
    const sent = await requestTeamPasswordReset(form, request, context);
    if (sent.ok) return data({ intent: 'reset-password' as const, sent: true, error: '', email: '' });
    return data({ intent: 'reset-password' as const, sent: false, error: sent.message, email: '' }, problemInit(sent));
  }
  const step =
    intent === 'second-factor'
      ? await verifySecondFactor(form, request, context)
      : await signInWithPassword(form, request, context);
  // After a step that moved on, the page is loaded again with the new cookies (also without JavaScript).
  if (step.ok) return redirect('/teamdashboard', { headers: setCookieHeaders(step.setCookies) });
  const init = problemInit(step);
  for (const cookie of step.setCookies) init.headers.append('Set-Cookie', cookie);
  return data(
    {
      intent,
      // Which of the second step's forms was refused (its message shows under it).
      method: form.method,
      sent: false,
      error: step.message,
      email: form.email,
    },
    init,
  );
}

export default function TeamDashboard({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamDashboardPage signIn={loaderData} answer={actionData} />;
}
