// The insights view without the DOM: the range a selection means (Berlin days), the change against
// the previous period, the funnel's steps with their conversion, and the chart's series.
import type { INSIGHTS_COPY } from '~/copy/dashboard';
import { formatDate } from '~/lib/format';
import type { InsightsReport } from '~/lib/insights';
import type { ChartPoint } from './chart-points';
import type { DashboardQuery } from './view-state';

const berlinToday = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Berlin, YYYY-MM-DD. */
export const todayInBerlin = (now = new Date()) => berlinToday.format(now);

export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days a view asks for; null when a custom range is incomplete or backwards. */
export function insightsRange(query: DashboardQuery, today = todayInBerlin()): { from: string; to: string } | null {
  if (query.range !== 'custom') return { from: shiftDay(today, 1 - Number(query.range)), to: today };
  if (!query.from || !query.to || query.from > query.to) return null;
  return { from: query.from, to: query.to };
}

/** `?from=&to=` of the API and the CSV export for a range. */
export const rangeQuery = (range: { from: string; to: string }) =>
  `from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;

/** "+25 %", "−10 %", "±0 %", or null when the previous period had nothing to compare with. */
export function changeText(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return '±0 %';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)} %`;
}

/** A share as a German percentage with one decimal ("12,5 %"); "–" when there is nothing to divide by. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '–';
  return `${((part / whole) * 100).toFixed(1).replace('.', ',')} %`;
}

export interface FunnelStep {
  key: keyof typeof INSIGHTS_COPY.steps;
  count: number;
  /** The conversion from the step it follows; undefined for a first step. */
  conversion?: string;
}

/** The two funnels: into the community, and into an application. */
export function funnelSteps(funnel: InsightsReport['funnel']): { community: FunnelStep[]; applying: FunnelStep[] } {
  const signups = funnel.signups.reiter + funnel.signups.trainer;
  return {
    community: [
      { key: 'landingViews', count: funnel.landingViews },
      { key: 'popupOpens', count: funnel.popupOpens, conversion: percent(funnel.popupOpens, funnel.landingViews) },
      {
        key: 'signupsReiter',
        count: funnel.signups.reiter,
        conversion: percent(funnel.signups.reiter, funnel.popupOpens),
      },
      {
        key: 'signupsTrainer',
        count: funnel.signups.trainer,
        conversion: percent(funnel.signups.trainer, funnel.popupOpens),
      },
      { key: 'signups', count: signups, conversion: percent(signups, funnel.popupOpens) },
      { key: 'groupClicks', count: funnel.groupClicks, conversion: percent(funnel.groupClicks, signups) },
    ],
    applying: [
      { key: 'accessViews', count: funnel.accessViews },
      {
        key: 'codesAccepted',
        count: funnel.codesAccepted,
        conversion: percent(funnel.codesAccepted, funnel.accessViews),
      },
      {
        key: 'applications',
        count: funnel.applications,
        conversion: percent(funnel.applications, funnel.codesAccepted),
      },
    ],
  };
}

/** The chart's points: one per day (German dates; the axis without the year), visitors and page views. */
export function dailyPoints(days: InsightsReport['days']): ChartPoint[] {
  return days.map((d) => {
    const date = formatDate(d.date);
    return { axis: date.slice(0, 6), row: date, a: d.visitors, b: d.pageviews };
  });
}
