// The signups: counts per type and of the newsletter's double opt-in, the newest-first table with
// pages, the weekly chart (its code loads only when this view opens) with the same figures as a
// table, and the CSV export.
import { useId } from 'react';
import { type QueryViewProps } from '~/components/dashboard/view-state';
import { formatDateTime } from '~/lib/berlin-time';
import { fetchSignupStats, fetchSignupsPage } from '~/components/dashboard/team-api';
import {
  chartSummary,
  newsletterState,
  pageCount,
  weeklyPoints,
  type SignupStats,
  type TeamSignup,
} from '~/components/dashboard/signups-view';
import { DASHBOARD_COPY, NOT_AVAILABLE, SIGNUPS_COPY, TYPE_NAMES } from '~/copy/dashboard';
import { DownloadButton } from './DownloadButton';
import { LineChart } from './LineChart';
import { useTeamData } from './useTeamData';
import { DashTable } from './DashTable';

export function SignupsView(props: QueryViewProps) {
  const { token, query, onQuery, onAuthError } = props;
  const id = useId();
  const figures = useTeamData((signal) => fetchSignupStats(token, signal), `figures:${token}`, onAuthError);
  const page = useTeamData(
    (signal) => fetchSignupsPage(token, query.page, signal),
    `page:${token}:${query.page}`,
    onAuthError,
  );
  const pages = page.state === 'ready' ? pageCount(page.value.total) : 1;

  return (
    <section aria-labelledby={`${id}-title`} className="dash-section dash-signups">
      <div className="dash-toolbar">
        <h2 id={`${id}-title`}>{SIGNUPS_COPY.title}</h2>
        <DownloadButton token={token} path="/api/signups.csv" filename="signups.csv" onAuthError={onAuthError} />
      </div>
      {figures.state === 'loading' ? <p className="dash-empty">{SIGNUPS_COPY.loading}</p> : null}
      {figures.state === 'failed' ? (
        <p className="dash-error" role="alert">
          {SIGNUPS_COPY.loadFailed}
        </p>
      ) : null}
      {figures.state === 'ready' ? <Figures figures={figures.value} /> : null}

      <h3 className="dash-subtitle">{SIGNUPS_COPY.listTitle}</h3>
      {page.state === 'failed' ? (
        <p className="dash-error" role="alert">
          {SIGNUPS_COPY.loadFailed}
        </p>
      ) : page.state === 'loading' ? (
        <p className="dash-empty">{SIGNUPS_COPY.loading}</p>
      ) : page.value.signups.length === 0 ? (
        <p className="dash-empty">{SIGNUPS_COPY.empty}</p>
      ) : (
        <SignupTable signups={page.value.signups} />
      )}
      <nav className="dash-pager" aria-label={SIGNUPS_COPY.pagesLabel}>
        <button
          type="button"
          className="dash-button"
          disabled={query.page <= 1}
          onClick={() => onQuery({ page: query.page - 1 })}
        >
          {SIGNUPS_COPY.previous}
        </button>
        <p aria-live="polite">{SIGNUPS_COPY.pageOf(Math.min(query.page, pages), pages)}</p>
        <button
          type="button"
          className="dash-button"
          disabled={query.page >= pages}
          onClick={() => onQuery({ page: query.page + 1 })}
        >
          {SIGNUPS_COPY.next}
        </button>
      </nav>
    </section>
  );
}

function Figures({ figures }: { figures: SignupStats }) {
  const counts = [
    [SIGNUPS_COPY.riders, figures.byType.reiter],
    [SIGNUPS_COPY.trainers, figures.byType.trainer],
    [SIGNUPS_COPY.confirmed, figures.newsletter.confirmed],
    [SIGNUPS_COPY.unconfirmed, figures.newsletter.unconfirmed],
  ] as const;
  return (
    <>
      <dl className="dash-figures">
        {counts.map(([label, count]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      {figures.weeks.length > 0 ? (
        <LineChart
          title={SIGNUPS_COPY.chartTitle}
          columns={[SIGNUPS_COPY.week, SIGNUPS_COPY.riders, SIGNUPS_COPY.trainers]}
          points={weeklyPoints(figures.weeks)}
          summary={chartSummary(figures.weeks)}
        />
      ) : null}
    </>
  );
}

/** On a phone each signup is a card of its own (dashboard.css), every value under its column's name. */
function SignupTable({ signups }: { signups: TeamSignup[] }) {
  return (
    <DashTable
      label={SIGNUPS_COPY.listTitle}
      className="dash-table--cards"
      head={[
        SIGNUPS_COPY.name,
        DASHBOARD_COPY.email,
        DASHBOARD_COPY.type,
        SIGNUPS_COPY.newsletter,
        SIGNUPS_COPY.signedUp,
      ]}
    >
      {signups.map((s) => (
        <tr key={s.id}>
          <td data-label={SIGNUPS_COPY.name} lang="de">
            {s.name}
          </td>
          <td data-label={DASHBOARD_COPY.email}>{s.email}</td>
          <td data-label={DASHBOARD_COPY.type}>{TYPE_NAMES[s.userType]}</td>
          <td data-label={SIGNUPS_COPY.newsletter}>{newsletterState(s)}</td>
          <td data-label={SIGNUPS_COPY.signedUp}>{formatDateTime(s.createdAt, NOT_AVAILABLE)}</td>
        </tr>
      ))}
    </DashTable>
  );
}
