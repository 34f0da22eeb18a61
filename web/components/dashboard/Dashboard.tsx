// The team dashboard page: the sign-in (password, then the second factor), the code gate for a
// signed-in member, and the unlocked dashboard with its sections (applications, signups, insights,
// the community's links and groups; for owners also the team and its activity) and the view the
// URL names. The token lives in this page's memory only; losing it (reload, sign-out, a session
// that ended) shows the gate or the sign-in again.
import { useCallback, useState } from 'react';
import { useRevalidator } from 'react-router';
import { DASHBOARD_VIEWS, type DashboardView } from '~/components/dashboard/view-state';
import { TeamAuthError } from '~/components/dashboard/team-api';
import { DASHBOARD_COPY } from '~/copy/dashboard';
import type { TeamMemberSummary } from '~/lib/team';
import { ActivityView } from './ActivityView';
import { ApplicationsView } from './ApplicationsView';
import { CommunityView } from './CommunityView';
import { Gate } from './Gate';
import { InsightsView } from './InsightsView';
import { SignupsView } from './SignupsView';
import { TeamView } from './TeamView';
import { PasswordStep, SecondFactorStep, SignedInAs } from './TeamSignIn';
import { useApplicationFeed, type Connection } from './useApplicationFeed';
import { useUrlQuery } from './useUrlQuery';

export interface SignInState {
  member: TeamMemberSummary | null;
  stage: 'sign-in' | 'second-factor' | 'code';
}

export interface SignInAnswer {
  intent: 'sign-in' | 'second-factor';
  error: string;
  email: string;
}

const OWNER_VIEWS: readonly DashboardView[] = ['team', 'activity'];
const viewsFor = (member: TeamMemberSummary) =>
  DASHBOARD_VIEWS.filter((view) => member.role === 'owner' || !OWNER_VIEWS.includes(view));

export function TeamDashboardPage({ signIn, answer }: { signIn: SignInState; answer?: SignInAnswer }) {
  if (!signIn.member) {
    return signIn.stage === 'second-factor' ? (
      <SecondFactorStep error={answer?.intent === 'second-factor' ? answer.error : undefined} />
    ) : (
      <PasswordStep error={answer?.error} email={answer?.email} />
    );
  }
  // A new member (after a sign-out and another sign-in) starts locked.
  return <MemberArea key={signIn.member.id} member={signIn.member} />;
}

function MemberArea({ member }: { member: TeamMemberSummary }) {
  const [token, setToken] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const revalidator = useRevalidator();
  const lock = useCallback(() => {
    setToken(null);
    setNotice(new TeamAuthError().message);
    // The session may have ended: the page asks the server again (the sign-in then shows).
    void revalidator.revalidate();
  }, [revalidator]);
  if (!token) return <Gate member={member} onUnlock={setToken} notice={notice} />;
  return <Dashboard token={token} member={member} onAuthError={lock} />;
}

function Dashboard({
  token,
  member,
  onAuthError,
}: {
  token: string;
  member: TeamMemberSummary;
  onAuthError: () => void;
}) {
  const [query, onQuery] = useUrlQuery();
  const { state, dispatch, connection, loadFailed } = useApplicationFeed(token, onAuthError);
  const views = viewsFor(member);
  const view = views.includes(query.view) ? query.view : 'applications';

  return (
    <div className="dash-page">
      <header className="dash-header">
        <h1>{DASHBOARD_COPY.title}</h1>
        <div className="dash-header__side">
          <SignedInAs name={member.name} role={member.role} />
          <ConnectionStatus connection={connection} />
          <nav aria-label={DASHBOARD_COPY.viewsLabel} className="dash-views">
            {views.map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => onQuery({ view: v, page: 1 })}>
                {DASHBOARD_COPY.views[v]}
              </button>
            ))}
          </nav>
        </div>
      </header>
      <main className="dash-main">
        {view === 'applications' ? (
          <ApplicationsView
            token={token}
            query={query}
            onQuery={onQuery}
            list={state}
            dispatch={dispatch}
            loadFailed={loadFailed}
            onAuthError={onAuthError}
          />
        ) : view === 'signups' ? (
          <SignupsView token={token} query={query} onQuery={onQuery} onAuthError={onAuthError} />
        ) : view === 'insights' ? (
          <InsightsView token={token} query={query} onQuery={onQuery} onAuthError={onAuthError} />
        ) : view === 'community' ? (
          <CommunityView token={token} onAuthError={onAuthError} />
        ) : view === 'team' ? (
          <TeamView token={token} member={member} onAuthError={onAuthError} />
        ) : (
          <ActivityView token={token} onAuthError={onAuthError} />
        )}
      </main>
    </div>
  );
}

function ConnectionStatus({ connection }: { connection: Connection }) {
  return (
    <p role="status" className={`dash-connection dash-connection--${connection}`}>
      {DASHBOARD_COPY.connection[connection]}
    </p>
  );
}
