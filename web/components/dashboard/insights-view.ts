// The insights view without the DOM: the range a selection means (Berlin days), the change against
// the previous period, the funnel's steps with their shares (like with like), and the chart's series.
import type { INSIGHTS_COPY } from '~/copy/dashboard';
import { addDays, berlinDay, formatDate } from '~/lib/berlin-time';
import type { InsightsReport } from '~/lib/insights';
import type { ChartPoint } from './chart-points';
import type { DashboardQuery } from './view-state';

/** Today in Berlin, YYYY-MM-DD. */
export const todayInBerlin = (now = new Date()) => berlinDay(now);

/** The days a view asks for; null when a custom range is incomplete or backwards. */
export function insightsRange(query: DashboardQuery, today = todayInBerlin()): { from: string; to: string } | null {
  if (query.range !== 'custom') return { from: addDays(today, 1 - Number(query.range)), to: today };
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

/**
 * How a funnel figure is counted: by the page's beacon (cookieless; nothing for visitors with Do Not
 * Track, Global Privacy Control or without JavaScript), or every one the server stored or accepted.
 */
export type Counted = 'page' | 'stored';

export interface FunnelStep {
  key: keyof typeof INSIGHTS_COPY.steps;
  count: number;
  counted: Counted;
  /** A part of the step above it (riders and trainers of all signups). */
  part?: boolean;
  /** The step this one is a share of: an earlier one counted the same way (none across ways of counting). */
  shareOf?: FunnelStep['key'];
  /** That share ("7,1 %"), at most 100 %; "–" where there is nothing to compare. */
  share?: string;
}

/**
 * A share of an earlier step: only where `part` can be a part of `whole` at all. A count above the
 * earlier one (the popup opened twice in one visit) compares nothing: "–", never more than 100 %.
 */
export function shareOf(part: number, whole: number): string {
  if (whole <= 0 || part > whole) return '–';
  return percent(part, whole);
}

/**
 * The two funnels: into the community, and into an application. A share compares like with like:
 * page-counted steps with page-counted ones, stored ones with stored ones; riders and trainers are
 * parts of all signups, not steps after each other.
 */
export function funnelSteps(funnel: InsightsReport['funnel']): { community: FunnelStep[]; applying: FunnelStep[] } {
  const signups = funnel.signups.reiter + funnel.signups.trainer;
  const step = (key: FunnelStep['key'], count: number, counted: Counted, of?: [FunnelStep['key'], number]) => ({
    key,
    count,
    counted,
    ...(of ? { shareOf: of[0], share: shareOf(count, of[1]) } : {}),
  });
  return {
    community: [
      step('landingViews', funnel.landingViews, 'page'),
      step('popupOpens', funnel.popupOpens, 'page', ['landingViews', funnel.landingViews]),
      step('groupClicks', funnel.groupClicks, 'page', ['popupOpens', funnel.popupOpens]),
      step('signups', signups, 'stored'),
      { ...step('signupsReiter', funnel.signups.reiter, 'stored', ['signups', signups]), part: true },
      { ...step('signupsTrainer', funnel.signups.trainer, 'stored', ['signups', signups]), part: true },
    ],
    applying: [
      step('accessViews', funnel.accessViews, 'page'),
      step('codesAccepted', funnel.codesAccepted, 'stored'),
      step('applications', funnel.applications, 'stored', ['codesAccepted', funnel.codesAccepted]),
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
