// The answer of GET /api/signups/stats, as the server computes it and the dashboard's chart reads it.
import type { UserType } from './content-types';

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
