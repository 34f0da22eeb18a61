// The team's view of the signups: paging through the list, and the figures behind the dashboard's
// chart (counts per type, the newsletter's double opt-in, signups per ISO week).
import { z } from 'zod';
import type { UserType } from '../../lib/content-types';

export const SIGNUP_PAGE_MAX = 500;

/**
 * `?limit=&offset=` of GET /api/signups. Without `limit` the whole list is answered (as before
 * paging existed); with it at most SIGNUP_PAGE_MAX.
 */
export const signupPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SIGNUP_PAGE_MAX).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type SignupPageQuery = z.output<typeof signupPageQuery>;

export interface WeekCount {
  /** ISO 8601 week, e.g. `2026-W05`. */
  week: string;
  /** Its Monday (`YYYY-MM-DD`, German time). */
  start: string;
  reiter: number;
  trainer: number;
}

export interface SignupStats {
  total: number;
  byType: Record<UserType, number>;
  newsletter: {
    /** Ticked the newsletter box. */
    optedIn: number;
    /** …and clicked the confirmation link, not unsubscribed: may receive the newsletter. */
    confirmed: number;
    /** …but has not clicked the confirmation link (yet). */
    unconfirmed: number;
    /** …and unsubscribed later. */
    unsubscribed: number;
  };
  /** Every week from the first signup's to the latest signup's, oldest first, empty weeks as 0. */
  weeks: WeekCount[];
}

const DAY_MS = 86_400_000;
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The ISO 8601 week of a calendar day (`YYYY-MM-DD`), e.g. `2026-W01` for 2025-12-29. */
export function isoWeek(day: string): string {
  const date = new Date(utcDay(day));
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  // The week belongs to the year of its Thursday.
  const thursday = new Date(date.getTime() + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Counts per week start (a Monday) and type as a gapless series from the earliest to the latest
 * week, so a chart shows quiet weeks as zero instead of skipping them.
 */
export function weeklySeries(counts: { start: string; userType: UserType; count: number }[]): WeekCount[] {
  if (!counts.length) return [];
  const byStart = new Map<string, WeekCount>();
  const starts = counts.map((c) => utcDay(c.start));
  const last = Math.max(...starts);
  for (let t = Math.min(...starts); t <= last; t += 7 * DAY_MS) {
    const start = new Date(t).toISOString().slice(0, 10);
    byStart.set(start, { week: isoWeek(start), start, reiter: 0, trainer: 0 });
  }
  for (const { start, userType, count } of counts) byStart.get(start)![userType] += count;
  return [...byStart.values()];
}
