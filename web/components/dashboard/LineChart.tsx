// A chart of two series over days or weeks, with its figures as a table beside it (the signups'
// weeks, the insights' days). Its drawing code (uPlot) loads only when a view shows a chart. The
// legend is ours: each series' line and its latest value (uPlot's own shows "--" until the pointer
// is on the chart). A single point is no line: its figures are said instead of a lone dot.
import { useEffect, useId, useRef, useState } from 'react';
import { DASHBOARD_CHART_COPY } from '~/copy/dashboard';
import { seriesData, type ChartPoint } from './chart-points';
import { DashTable } from './DashTable';

export interface LineChartProps {
  /** The heading above the chart, and its table's caption: the chart and its table are named by it. */
  title: string;
  /** Column titles: the x axis, then the two series. */
  columns: readonly [string, string, string];
  /** One row in the table per point. */
  points: readonly ChartPoint[];
  /** One sentence for screen readers: what the chart shows in all. */
  summary: string;
}

export function LineChart({ title, columns, points, summary }: LineChartProps) {
  const labelledBy = `${useId()}-chart`;
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const drawn = points.length > 1;
  const last = points.at(-1);

  useEffect(() => {
    const element = box.current;
    if (!element || !drawn) return;
    let remove: (() => void) | undefined;
    let stopped = false;
    import('./weekly-chart').then(
      ({ drawWeeklyChart }) => {
        if (stopped) return;
        const styles = getComputedStyle(element);
        remove = drawWeeklyChart(element, {
          weeks: points.map((p) => p.axis),
          data: seriesData(points),
          labels: { week: columns[0], riders: columns[1], trainers: columns[2] },
          colours: {
            riders: styles.getPropertyValue('--color-forest').trim() || '#1f3a2e',
            trainers: styles.getPropertyValue('--color-brass-text').trim() || '#7a5c22',
            axis: styles.getPropertyValue('--color-anthracite').trim() || '#26292b',
          },
          height: 260,
        });
        setState('ready');
      },
      () => !stopped && setState('failed'),
    );
    return () => {
      stopped = true;
      remove?.();
    };
  }, [points, columns, drawn]);

  return (
    <>
      <h3 className="dash-subtitle" id={labelledBy}>
        {title}
      </h3>
      <figure className="dash-chart">
        {drawn && state === 'loading' ? <p className="dash-empty">{DASHBOARD_CHART_COPY.loading}</p> : null}
        {drawn && state === 'failed' ? <p className="dash-empty">{DASHBOARD_CHART_COPY.failed}</p> : null}
        {last && !drawn ? <p className="dash-chart__single">{DASHBOARD_CHART_COPY.single(last.row)}</p> : null}
        {last ? (
          <ul className="dash-chart__legend">
            <li data-series="a">
              <span className="dash-chart__line" aria-hidden="true" />
              {columns[1]}: <strong>{last.a}</strong>
            </li>
            <li data-series="b">
              <span className="dash-chart__line" aria-hidden="true" />
              {columns[2]}: <strong>{last.b}</strong>
            </li>
            {drawn ? <li className="dash-chart__latest">{DASHBOARD_CHART_COPY.latest(last.row)}</li> : null}
          </ul>
        ) : null}
        {drawn ? (
          <div ref={box} role="img" aria-labelledby={labelledBy} aria-describedby={`${labelledBy}-summary`} />
        ) : null}
        <figcaption id={`${labelledBy}-summary`}>{summary}</figcaption>
      </figure>
      <details className="dash-weeks">
        <summary>{DASHBOARD_CHART_COPY.asTable}</summary>
        <DashTable label={title} caption="hidden" head={columns} plain>
          {points.map((p) => (
            <tr key={p.row}>
              <th scope="row">{p.row}</th>
              <td>{p.a}</td>
              <td>{p.b}</td>
            </tr>
          ))}
        </DashTable>
      </details>
    </>
  );
}
