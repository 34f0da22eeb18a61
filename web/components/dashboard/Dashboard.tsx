// The unlocked dashboard: the section switch (applications, signups) and the view the URL names.
// The token lives in this page's memory only; losing it (reload, expiry) shows the gate again.
import { useCallback, useState } from 'react';
import { DASHBOARD_VIEWS } from '~/components/dashboard/view-state';
import { TeamAuthError } from '~/components/dashboard/team-api';
import { ApplicationsView } from './ApplicationsView';
import { DASHBOARD_COPY } from '~/copy/dashboard';
import { Gate } from './Gate';
import { InsightsView } from './InsightsView';
import { LaunchReadiness } from './LaunchReadiness';
import { SignupsView } from './SignupsView';
import { useApplicationFeed, type Connection } from './useApplicationFeed';
import { useUrlQuery } from './useUrlQuery';

export function TeamDashboardPage() {
  const [token, setToken] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const lock = useCallback(() => {
    setToken(null);
    setNotice(new TeamAuthError().message);
  }, []);
  if (!token) return <Gate onUnlock={setToken} notice={notice} />;
  return <Dashboard token={token} onAuthError={lock} />;
}

function Dashboard({ token, onAuthError }: { token: string; onAuthError: () => void }) {
  const [query, onQuery] = useUrlQuery();
  const { state, dispatch, connection, loadFailed } = useApplicationFeed(token, onAuthError);

  return (
    <div className="dash-page">
      <LaunchReadiness token={token} onAuthError={onAuthError} />
      <header className="dash-header">
        <h1>{DASHBOARD_COPY.title}</h1>
        <div className="dash-header__side">
          <ConnectionStatus connection={connection} />
          <nav aria-label={DASHBOARD_COPY.viewsLabel} className="dash-views">
            {DASHBOARD_VIEWS.map((view) => (
              <button
                key={view}
                type="button"
                aria-pressed={query.view === view}
                onClick={() => onQuery({ view, page: 1 })}
              >
                {DASHBOARD_COPY.views[view]}
              </button>
            ))}
          </nav>
        </div>
      </header>
      <main className="dash-main">
        {query.view === 'applications' ? (
          <ApplicationsView
            token={token}
            query={query}
            onQuery={onQuery}
            list={state}
            dispatch={dispatch}
            loadFailed={loadFailed}
            onAuthError={onAuthError}
          />
        ) : query.view === 'signups' ? (
          <SignupsView token={token} query={query} onQuery={onQuery} onAuthError={onAuthError} />
        ) : (
          <InsightsView token={token} query={query} onQuery={onQuery} onAuthError={onAuthError} />
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
