// The team dashboard page: the sign-in (password, then the second factor), the code gate for a
// signed-in member, and the unlocked dashboard with its sections (applications, signups, insights,
// the community's links and groups; for owners also the team and its activity) and the view the
// URL names. The token lives in this page's memory only; losing it (reload, sign-out, a session
// that ended) shows the gate or the sign-in again. All of it is English (the team's language) inside
// the site's German document: its root says so (lang="en"), and German inside it (an applicant's
// name and message, a mail's text, the Studio's field names) says lang="de" where it stands.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { DASHBOARD_VIEWS, type DashboardView } from '~/components/dashboard/view-state';
import { fetchTeamSession, sessionEnded } from '~/components/dashboard/team-api';
import { DASHBOARD_COPY, GATE_TEXTS } from '~/copy/dashboard';
import { TEAM_SIGN_IN_COPY } from '~/copy/team';
import { SITE_NAME } from '~/lib/seo';
import type { TeamMemberSummary, TeamRole } from '~/lib/team';
import { ActivityView } from './ActivityView';
import { ApplicationsView } from './ApplicationsView';
import { CommunityView } from './CommunityView';
import { Gate } from './Gate';
import { InsightsView } from './InsightsView';
import { LaunchReadiness } from './LaunchReadiness';
import { NewsletterView } from './NewsletterView';
import { SignupsView } from './SignupsView';
import { TeamView } from './TeamView';
import { PasswordStep, ResetPasswordStep, SecondFactorStep, SignedInAs } from './TeamSignIn';
import { useActivityReports, useMemberInput } from './member-activity';
import { useApplicationFeed, type Connection } from './useApplicationFeed';
import type { ApplicationsViewProps } from './ApplicationsView';
import { useUrlQuery } from './useUrlQuery';
import type { MemberViewProps } from './view-state';

export interface SignInState {
  member: TeamMemberSummary | null;
  stage: 'sign-in' | 'second-factor' | 'code' | 'reset-password';
  /** Why an owner ended this browser's session, when they did (the sign-in form says it). */
  ended?: { reason: keyof typeof TEAM_SIGN_IN_COPY.ended; role: TeamRole | null } | null;
}

export interface SignInAnswer {
  intent: 'sign-in' | 'second-factor' | 'reset-password';
  method?: 'totp' | 'backup';
  sent?: boolean;
  error: string;
  email: string;
}

/** What a view is rendered with. */
type ViewProps = ApplicationsViewProps & { member: TeamMemberSummary; onOpenApplication: (id: string) => void };

/**
 * The dashboard's views, in the order of the row of tabs: who sees each, and what it renders. A
 * new view is one entry here (and its name in DASHBOARD_COPY.views).
 */
const VIEWS: Record<DashboardView, { ownersOnly?: boolean; render: (props: ViewProps) => ReactNode }> = {
  applications: { render: (props) => <ApplicationsView {...props} /> },
  signups: { render: (props) => <SignupsView {...props} /> },
  insights: { render: (props) => <InsightsView {...props} /> },
  community: { render: (props) => <CommunityView {...props} /> },
  newsletter: { render: (props) => <NewsletterView {...props} /> },
  team: { ownersOnly: true, render: (props) => <TeamView {...props} /> },
  activity: { ownersOnly: true, render: (props) => <ActivityView {...props} /> },
};
const viewsFor = (member: TeamMemberSummary) =>
  DASHBOARD_VIEWS.filter((view) => member.role === 'owner' || !VIEWS[view].ownersOnly);

/** What the sign-in form says about a dashboard that closed: the owner's change, or that the session ended. */
function endedNotice(ended: SignInState['ended'], lost: boolean): string | undefined {
  const texts = TEAM_SIGN_IN_COPY.ended;
  if (ended?.reason === 'role-changed') return texts['role-changed'](ended.role);
  if (ended) return texts[ended.reason] as string;
  return lost ? texts.other : undefined;
}

export function TeamDashboardPage({ signIn, answer }: { signIn: SignInState; answer?: SignInAnswer }) {
  // The member's area locked because the session ended while the page was open (not a sign-out):
  // the sign-in form that follows says so. The next sign-in forgets it.
  const signedIn = Boolean(signIn.member);
  const [session, setSession] = useState({ signedIn, lost: false });
  if (session.signedIn !== signedIn) setSession({ signedIn, lost: !signedIn && session.lost });
  const onLost = useCallback(() => setSession((s) => ({ ...s, lost: true })), []);
  // A refusal of the second step, as a new object per answer (its field is cleared each time).
  const factorError = useMemo(
    () => (answer?.intent === 'second-factor' ? { method: answer.method ?? 'totp', text: answer.error } : undefined),
    [answer],
  );
  let stage: ReactNode;
  if (signIn.member) {
    // A new member (after a sign-out and another sign-in) starts locked.
    stage = <MemberArea key={signIn.member.id} member={signIn.member} onLost={onLost} />;
  } else if (signIn.stage === 'second-factor') {
    stage = <SecondFactorStep error={factorError} />;
  } else if (signIn.stage === 'reset-password') {
    stage = <ResetPasswordStep error={answer?.error || undefined} sent={answer?.sent} />;
  } else {
    stage = (
      <PasswordStep
        error={answer?.intent === 'sign-in' ? answer.error : undefined}
        email={answer?.email}
        notice={answer ? undefined : endedNotice(signIn.ended, session.lost)}
      />
    );
  }
  return <div lang="en">{stage}</div>;
}

function MemberArea({ member, onLost }: { member: TeamMemberSummary; onLost: () => void }) {
  const [token, setToken] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  // Said when the gate gives way to the dashboard (the region stays while the two swap).
  const [announced, setAnnounced] = useState('');
  const revalidator = useRevalidator();
  useMemberInput();
  const lock = useCallback(() => {
    setToken(null);
    setAnnounced('');
    setNotice(GATE_TEXTS.sessionEnded);
    onLost();
    // The session may have ended: the page asks the server again (the sign-in then shows).
    void revalidator.revalidate();
  }, [revalidator, onLost]);
  const unlock = useCallback((opened: string) => {
    setToken(opened);
    setAnnounced(GATE_TEXTS.unlocked);
  }, []);
  return (
    <>
      <div role="status" className="visually-hidden" data-announces="unlock">
        {announced}
      </div>
      {token ? (
        <Dashboard token={token} member={member} onAuthError={lock} />
      ) : (
        <Gate member={member} onUnlock={unlock} notice={notice} />
      )}
    </>
  );
}

function Dashboard({ token, member, onAuthError }: MemberViewProps) {
  const [query, onQuery] = useUrlQuery();
  const { state, dispatch, connection, loadFailed } = useApplicationFeed(token, onAuthError);
  // What the member does keeps the session; a click no request told of is told by itself.
  useActivityReports(
    useCallback(() => {
      void fetchTeamSession(token).then((answer) => {
        if (sessionEnded(answer)) onAuthError();
      });
    }, [token, onAuthError]),
  );
  const views = viewsFor(member);
  const view = views.includes(query.view) ? query.view : 'applications';
  // The card an Activity entry leads to (or the address's #application-<id>): the applications,
  // unfiltered, with that card focused.
  const [focusCard, setFocusCard] = useState<string | null>(() =>
    typeof window === 'undefined' ? null : (/^#application-(.+)$/.exec(window.location.hash)?.[1] ?? null),
  );
  const onOpenApplication = (id: string) => {
    setFocusCard(id);
    onQuery({ view: 'applications', type: 'All', status: 'All', q: '', page: 1 });
  };
  useDocumentTitle(`${DASHBOARD_COPY.views[view]} · ${DASHBOARD_COPY.title} | ${SITE_NAME}`);

  return (
    <div className="dash-page">
      {member.role === 'owner' ? <LaunchReadiness token={token} onAuthError={onAuthError} /> : null}
      <header className="dash-header">
        {/* Focused when the dashboard opens (after the code), so the keyboard starts at its top. */}
        <h1 tabIndex={-1} ref={focusOnMount}>
          {DASHBOARD_COPY.title}
        </h1>
        <div className="dash-header__side">
          <SignedInAs name={member.name} role={member.role} />
          <ConnectionStatus connection={connection} />
        </div>
        <nav aria-label={DASHBOARD_COPY.viewsLabel} className="dash-views">
          {views.map((v) => (
            <button key={v} type="button" aria-pressed={view === v} onClick={() => onQuery({ view: v, page: 1 })}>
              {DASHBOARD_COPY.views[v]}
            </button>
          ))}
        </nav>
      </header>
      <main className="dash-main">
        {VIEWS[view].render({
          token,
          member,
          query,
          onQuery,
          list: state,
          dispatch,
          loadFailed,
          onAuthError,
          onOpenApplication,
          focusCard,
          onCardFocused: () => setFocusCard(null),
        })}
      </main>
    </div>
  );
}

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** The tab's title names the view ("Signups · Application Dashboard | …"); the page's own comes back after. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

function ConnectionStatus({ connection }: { connection: Connection }) {
  return (
    <p role="status" className={`dash-connection dash-connection--${connection}`}>
      {DASHBOARD_COPY.connection[connection]}
    </p>
  );
}
