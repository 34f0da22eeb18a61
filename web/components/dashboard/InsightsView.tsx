// The insights: a range (the last 7, 30 or 90 days, or two dates), visitors and page views with
// the change against the previous period, the daily chart with its figures as a table, where
// visitors came from, campaigns, devices, the two funnels (each step with how it is counted and its
// share of an earlier step counted the same way), and the CSV export of exactly the range shown.
import { useId, useState, type FormEvent } from 'react';
import { formatDate } from '~/lib/berlin-time';
import type { InsightsReport } from '~/lib/insights';
import { INSIGHTS_COPY } from '~/copy/dashboard';
import { COMMUNITY_DASHBOARD_COPY, COMMUNITY_INSIGHTS_COPY } from '~/copy/community';
import { DownloadButton } from './DownloadButton';
import { LineChart } from './LineChart';
import { fetchInsights } from './team-api';
import { useTeamData } from './useTeamData';
import { changeText, dailyPoints, funnelSteps, insightsRange, rangeQuery, type FunnelStep } from './insights-view';
import { INSIGHTS_RANGES, type QueryViewProps } from './view-state';
import { DashTable } from './DashTable';

export function InsightsView(props: QueryViewProps) {
  const { token, query, onQuery, onAuthError } = props;
  const id = useId();
  const range = insightsRange(query);
  const key = range ? rangeQuery(range) : '';
  // Another range's figures are never shown as this one's: a new range shows `loading` until it came.
  const load = useTeamData((signal) => fetchInsights(token, key, signal), key ? `${token}:${key}` : null, onAuthError, {
    keepShown: false,
  });

  return (
    <section aria-labelledby={`${id}-title`} className="dash-section dash-insights">
      <div className="dash-toolbar">
        <h2 id={`${id}-title`}>{INSIGHTS_COPY.title}</h2>
        <DownloadButton
          token={token}
          path={`/api/insights.csv?${key}`}
          filename="insights.csv"
          disabled={!range}
          onAuthError={onAuthError}
        />
      </div>
      <RangePicker query={query} onQuery={onQuery} />
      {range ? (
        <p className="dash-range" aria-live="polite">
          {INSIGHTS_COPY.showing(formatDate(range.from), formatDate(range.to))}
        </p>
      ) : query.from && query.to ? (
        <p className="dash-error" role="alert">
          {INSIGHTS_COPY.badRange}
        </p>
      ) : (
        // Nothing entered yet: what to do, not an error.
        <p className="dash-range">{INSIGHTS_COPY.chooseDates}</p>
      )}
      {range && load.state === 'loading' ? <p className="dash-empty">{INSIGHTS_COPY.loading}</p> : null}
      {range && load.state === 'failed' ? (
        <p className="dash-error" role="alert">
          {INSIGHTS_COPY.loadFailed}
        </p>
      ) : null}
      {range && load.state === 'ready' ? <Report report={load.value} /> : null}
      <p className="dash-note">{INSIGHTS_COPY.notes}</p>
    </section>
  );
}

function RangePicker({ query, onQuery }: Pick<QueryViewProps, 'query' | 'onQuery'>) {
  const id = useId();
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  function apply(event: FormEvent) {
    event.preventDefault();
    onQuery({ range: 'custom', from, to });
  }
  /** "Custom range" starts from the range shown so far, so its dates are never empty at first. */
  function custom() {
    const shown = insightsRange(query);
    const start = { from: from || shown?.from || '', to: to || shown?.to || '' };
    setFrom(start.from);
    setTo(start.to);
    onQuery({ range: 'custom', ...start });
  }
  return (
    <form className="dash-range-picker" onSubmit={apply}>
      <fieldset className="dash-range-choice">
        <legend>{INSIGHTS_COPY.rangeLabel}</legend>
        {INSIGHTS_RANGES.map((range) => (
          <label key={range}>
            <input
              type="radio"
              name={`${id}-range`}
              value={range}
              checked={query.range === range}
              onChange={() => (range === 'custom' ? custom() : onQuery({ range }))}
            />
            {INSIGHTS_COPY.ranges[range]}
          </label>
        ))}
      </fieldset>
      {query.range === 'custom' ? (
        <div className="dash-range-dates">
          <label>
            {INSIGHTS_COPY.from}
            <input type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            {INSIGHTS_COPY.to}
            <input type="date" value={to} required onChange={(e) => setTo(e.target.value)} />
          </label>
          <button type="submit" className="dash-button">
            {INSIGHTS_COPY.apply}
          </button>
        </div>
      ) : null}
    </form>
  );
}

function Change({ current, previous, label }: { current: number; previous: number; label: string }) {
  const change = changeText(current, previous);
  return (
    <p className="dash-change">
      {change ? INSIGHTS_COPY.change(change) : INSIGHTS_COPY.noPrevious}
      <span className="visually-hidden">. </span> ({INSIGHTS_COPY.previous(label)}: {previous})
    </p>
  );
}

function Report({ report }: { report: InsightsReport }) {
  const funnel = funnelSteps(report.funnel);
  return (
    <>
      <dl className="dash-figures">
        {(['visitors', 'pageviews'] as const).map((figure) => (
          <div key={figure}>
            <dt>{INSIGHTS_COPY[figure]}</dt>
            <dd>
              <span data-figure={figure}>{report.totals[figure]}</span>
              <Change
                current={report.totals[figure]}
                previous={report.previous[figure]}
                label={INSIGHTS_COPY[figure]}
              />
            </dd>
          </div>
        ))}
      </dl>

      <LineChart
        title={INSIGHTS_COPY.chartTitle}
        columns={[INSIGHTS_COPY.day, INSIGHTS_COPY.visitors, INSIGHTS_COPY.pageviews]}
        points={dailyPoints(report.days)}
        summary={INSIGHTS_COPY.chartSummary(report.days.length, report.totals.visitors, report.totals.pageviews)}
      />

      <div className="dash-insights-grid">
        <FigureTable
          title={INSIGHTS_COPY.referrersTitle}
          head={[INSIGHTS_COPY.source, INSIGHTS_COPY.visitors]}
          rows={report.referrers.map((r) => [INSIGHTS_COPY.referrerNames[r.source], r.visitors])}
        />
        <FigureTable
          title={INSIGHTS_COPY.devicesTitle}
          head={[INSIGHTS_COPY.devicesTitle, INSIGHTS_COPY.visitors]}
          rows={[
            [INSIGHTS_COPY.deviceNames.phone, report.devices.phone],
            [INSIGHTS_COPY.deviceNames.desktop, report.devices.desktop],
          ]}
        />
      </div>
      {report.campaigns.length ? (
        <FigureTable
          title={INSIGHTS_COPY.campaignsTitle}
          head={[
            INSIGHTS_COPY.source,
            INSIGHTS_COPY.medium,
            INSIGHTS_COPY.campaign,
            INSIGHTS_COPY.visitors,
            COMMUNITY_INSIGHTS_COPY.groupClicks,
          ]}
          rows={report.campaigns.map((c) => [c.source, c.medium, c.campaign, c.visitors, c.groupClicks])}
        />
      ) : (
        <>
          <h3 className="dash-subtitle">{INSIGHTS_COPY.campaignsTitle}</h3>
          <p className="dash-empty">{INSIGHTS_COPY.noCampaigns}</p>
        </>
      )}

      {report.groups.length ? (
        <FigureTable
          title={COMMUNITY_INSIGHTS_COPY.groupsTitle}
          head={[
            COMMUNITY_DASHBOARD_COPY.group,
            COMMUNITY_DASHBOARD_COPY.audience,
            COMMUNITY_INSIGHTS_COPY.groupClicks,
            COMMUNITY_INSIGHTS_COPY.total,
            COMMUNITY_INSIGHTS_COPY.capacity,
            COMMUNITY_INSIGHTS_COPY.current,
          ]}
          rows={report.groups.map((g) => [
            g.name,
            COMMUNITY_DASHBOARD_COPY.audiences[g.audience],
            g.clicks,
            g.total,
            g.capacity,
            g.current ? COMMUNITY_INSIGHTS_COPY.yes : COMMUNITY_INSIGHTS_COPY.no,
          ])}
        />
      ) : null}

      <h3 className="dash-subtitle">{INSIGHTS_COPY.funnelTitle}</h3>
      <p className="dash-funnel-note">{INSIGHTS_COPY.funnelCounts}</p>
      <div className="dash-insights-grid">
        <FunnelTable title={INSIGHTS_COPY.community} steps={funnel.community} />
        <FunnelTable title={INSIGHTS_COPY.applying} steps={funnel.applying} />
      </div>
    </>
  );
}

function FigureTable({ title, head, rows }: { title: string; head: string[]; rows: (string | number)[][] }) {
  return (
    // Two columns fit a phone as they are; wider tables become a card per row there.
    <DashTable label={title} caption="shown" className={head.length > 2 ? 'dash-table--cards' : undefined} head={head}>
      {rows.map(([first, ...rest], i) => (
        <tr key={i}>
          <th scope="row">{first}</th>
          {rest.map((cell, j) => (
            <td key={j} data-label={head[j + 1]}>
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </DashTable>
  );
}

function FunnelTable({ title, steps }: { title: string; steps: FunnelStep[] }) {
  return (
    <DashTable
      label={title}
      caption="shown"
      className="dash-table--cards dash-funnel"
      head={[INSIGHTS_COPY.step, INSIGHTS_COPY.count, INSIGHTS_COPY.counted, INSIGHTS_COPY.share]}
    >
      {steps.map((step) => (
        <tr key={step.key} data-step={step.key} className={step.part ? 'dash-funnel__part' : undefined}>
          <th scope="row">{INSIGHTS_COPY.steps[step.key]}</th>
          <td data-label={INSIGHTS_COPY.count}>{step.count}</td>
          <td data-label={INSIGHTS_COPY.counted}>{INSIGHTS_COPY.countedBy[step.counted]}</td>
          <td data-label={INSIGHTS_COPY.share}>
            {step.shareOf && step.share && step.share !== '–'
              ? INSIGHTS_COPY.shareOf(step.share, INSIGHTS_COPY.stepsOf[step.shareOf])
              : '–'}
          </td>
        </tr>
      ))}
    </DashTable>
  );
}
