// The dashboard's signups view without the DOM: paging through the newest-first list, what the
// newsletter column says, and the weekly figures as the chart's series.
import { NEWSLETTER_STATES } from '~/copy/dashboard';
import type { UserType } from '../../lib/content-types';
import type { SignupStats, WeekCount } from '~/lib/signup-stats';
import type { ChartPoint } from './chart-points';

export type { SignupStats, WeekCount };

export const SIGNUPS_PAGE_SIZE = 25;

/** One signup as the team list answers it. */
export interface TeamSignup {
  id: string;
  userType: UserType;
  name: string;
  email: string;
  newsletterOptIn: boolean;
  newsletterConfirmedAt?: string | null;
  newsletterUnsubscribedAt?: string | null;
  newsletterUndeliverableAt?: string | null;
  createdAt: string;
}

/** `?limit=&offset=` of page `page` (from 1). */
export function pageRequest(page: number, size = SIGNUPS_PAGE_SIZE) {
  return { limit: size, offset: (Math.max(1, Math.floor(page)) - 1) * size };
}

/** How many pages `total` signups fill (at least one, so an empty list is "page 1 of 1"). */
export const pageCount = (total: number, size = SIGNUPS_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/**
 * The newsletter column: no opt-in, confirmed, waiting for the confirmation click, unsubscribed, or
 * undeliverable (a mail server refused the address for good).
 */
export function newsletterState(signup: TeamSignup): string {
  if (!signup.newsletterOptIn) return NEWSLETTER_STATES.off;
  if (signup.newsletterUnsubscribedAt) return NEWSLETTER_STATES.unsubscribed;
  if (signup.newsletterUndeliverableAt) return NEWSLETTER_STATES.undeliverable;
  return signup.newsletterConfirmedAt ? NEWSLETTER_STATES.confirmed : NEWSLETTER_STATES.unconfirmed;
}

/** The chart's points: one per ISO week, riders and trainers. */
export function weeklyPoints(weeks: readonly WeekCount[]): ChartPoint[] {
  return weeks.map((w) => ({ axis: w.week, row: w.week, a: w.reiter, b: w.trainer }));
}

/** A sentence for screen readers that sums up the chart (the table below it has every figure). */
export function chartSummary(weeks: readonly WeekCount[]): string {
  if (!weeks.length) return 'No signups yet.';
  const riders = weeks.reduce((sum, w) => sum + w.reiter, 0);
  const trainers = weeks.reduce((sum, w) => sum + w.trainer, 0);
  const first = weeks[0]!.week;
  const last = weeks[weeks.length - 1]!.week;
  const span = first === last ? `in ${first}` : `from ${first} to ${last}`;
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return `Signups per week ${span}: ${count(riders, 'rider')} and ${count(trainers, 'trainer')} in all.`;
}
