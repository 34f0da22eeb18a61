// The figures behind the dashboard's signups chart: counts per type, the newsletter's double
// opt-in, and signups per ISO week in German time (quiet weeks as zero).
import { sql } from 'drizzle-orm';
import { BERLIN_TIME_ZONE } from '~/lib/berlin-time';
import type { UserType } from '~/lib/content-types';
import type { SignupStats, WeekCount } from '~/lib/signup-stats';
import { getDatabase, schema, selectRows } from '../db/db.server';

export type { SignupStats, WeekCount };

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

// The business is in Germany: a week runs from Monday 00:00 German time.
const WEEK_TIME_ZONE = BERLIN_TIME_ZONE;

/** Counts per type, the newsletter's double opt-in, and signups per ISO week (for the chart). */
export async function signupStats(): Promise<SignupStats> {
  const { db } = getDatabase();
  const t = schema.signups;
  // A literal, not a parameter: PostgreSQL matches the grouped expression only when it is the same text.
  const weekStart = sql`to_char(date_trunc('week', ${t.createdAt} at time zone ${sql.raw(`'${WEEK_TIME_ZONE}'`)}), 'YYYY-MM-DD')`;
  const [totals, perWeek] = await Promise.all([
    selectRows<{ user_type: UserType; total: number; opted_in: number; confirmed: number; unsubscribed: number }>(
      db,
      sql`select ${t.userType} as user_type, count(*)::int as total,
            count(*) filter (where ${t.newsletterOptIn})::int as opted_in,
            count(*) filter (where ${t.newsletterOptIn} and ${t.newsletterConfirmedAt} is not null
                               and ${t.newsletterUnsubscribedAt} is null)::int as confirmed,
            count(*) filter (where ${t.newsletterOptIn} and ${t.newsletterUnsubscribedAt} is not null)::int as unsubscribed
          from ${t} group by ${t.userType}`,
    ),
    selectRows<{ start: string; user_type: UserType; count: number }>(
      db,
      sql`select ${weekStart} as start, ${t.userType} as user_type, count(*)::int as count from ${t} group by 1, 2`,
    ),
  ]);
  const stats: SignupStats = {
    total: 0,
    byType: { reiter: 0, trainer: 0 },
    newsletter: { optedIn: 0, confirmed: 0, unconfirmed: 0, unsubscribed: 0 },
    weeks: weeklySeries(perWeek.map((w) => ({ start: w.start, userType: w.user_type, count: w.count }))),
  };
  for (const row of totals) {
    stats.total += row.total;
    stats.byType[row.user_type] += row.total;
    stats.newsletter.optedIn += row.opted_in;
    stats.newsletter.confirmed += row.confirmed;
    stats.newsletter.unsubscribed += row.unsubscribed;
  }
  stats.newsletter.unconfirmed = stats.newsletter.optedIn - stats.newsletter.confirmed - stats.newsletter.unsubscribed;
  return stats;
}
