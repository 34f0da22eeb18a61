// The weekly signups chart. Its drawing code (uPlot) loads only when the signups view shows it;
// the figures are also in a table next to it.
import { useEffect, useRef, useState } from 'react';
import { chartSummary, weeklySeriesData, type WeekCount } from '~/components/dashboard/signups-view';
import { SIGNUPS_COPY } from '~/copy/dashboard';

export function SignupsChart({ weeks, labelledBy }: { weeks: WeekCount[]; labelledBy: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let remove: (() => void) | undefined;
    let stopped = false;
    import('./weekly-chart').then(
      ({ drawWeeklyChart }) => {
        if (stopped) return;
        const styles = getComputedStyle(element);
        remove = drawWeeklyChart(element, {
          weeks: weeks.map((w) => w.week),
          data: weeklySeriesData(weeks),
          labels: { week: SIGNUPS_COPY.week, riders: SIGNUPS_COPY.riders, trainers: SIGNUPS_COPY.trainers },
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
  }, [weeks]);

  return (
    <figure className="dash-chart">
      {state === 'loading' ? <p className="dash-empty">{SIGNUPS_COPY.chartLoading}</p> : null}
      {state === 'failed' ? <p className="dash-empty">{SIGNUPS_COPY.chartFailed}</p> : null}
      <div ref={box} role="img" aria-labelledby={labelledBy} aria-describedby={`${labelledBy}-summary`} />
      <figcaption id={`${labelledBy}-summary`}>{chartSummary(weeks)}</figcaption>
    </figure>
  );
}
