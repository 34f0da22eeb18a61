// The pure half of counting: which requests count, what a beacon may say, and what is kept of it
// (the referrer's group, the device class, the Europe/Berlin day). No database, no clock of its own.
import { isbot } from 'isbot';
import { z } from 'zod';
import {
  addDays,
  INSIGHTS_EVENTS,
  INSIGHTS_LIMITS,
  INSIGHTS_PATHS,
  type DeviceClass,
  type InsightsEvent,
  type InsightsPath,
  type ReferrerGroup,
} from '~/lib/insights';

const utm = z.string().max(INSIGHTS_LIMITS.utm).optional();

/** The beacon's body. Unknown keys are ignored; a known key with a bad value refuses the whole beacon. */
export const beaconInput = z.object({
  name: z.enum(INSIGHTS_EVENTS),
  path: z.enum(INSIGHTS_PATHS),
  referrer: z.string().max(INSIGHTS_LIMITS.referrer).optional(),
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
});

export interface Beacon {
  name: InsightsEvent;
  path: InsightsPath;
  referrer: ReferrerGroup;
  /** `source|medium|campaign`, each cleaned (see cleanUtm); undefined without any utm value. */
  campaign?: string;
}

/** A beacon's body as text (JSON, also when sent as text/plain) → a beacon, or null when it is not one. */
export function parseBeacon(text: string, ownHost?: string): Beacon | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = beaconInput.safeParse(body);
  if (!parsed.success) return null;
  const { name, path, referrer, utm_source, utm_medium, utm_campaign } = parsed.data;
  const parts = [utm_source, utm_medium, utm_campaign].map((v) => cleanUtm(v ?? ''));
  return {
    name,
    path,
    referrer: referrerGroup(referrer, ownHost),
    campaign: parts.some(Boolean) ? parts.join('|') : undefined,
  };
}

/**
 * A utm value as it is stored: lower case, every run of characters other than letters, digits,
 * `.`, `_` and `-` made one `-`, at most 100 characters. So a campaign name is a plain word the
 * dashboard and the CSV show as text, never markup, a formula or a separator.
 */
export function cleanUtm(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, INSIGHTS_LIMITS.utm);
}

/** The host of a referrer URL, lower case, without `www.`; undefined when there is none. */
export function referrerHost(referrer: string | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    if (url.protocol === 'android-app:') return url.hostname.toLowerCase();
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.hostname.toLowerCase().replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The group of a referrer: Instagram (also its link shim and Android app), Google (any country's
 * site, its Android app), direct (none, or our own pages), other. Only the group is stored.
 */
export function referrerGroup(referrer: string | undefined, ownHost?: string): ReferrerGroup {
  const host = referrerHost(referrer);
  if (!host) return 'direct';
  if (
    ownHost &&
    host ===
      ownHost
        .toLowerCase()
        .replace(/:\d+$/, '')
        .replace(/^www\./, '')
  )
    return 'direct';
  if (/(^|\.)instagram\.com$/.test(host) || host === 'com.instagram.android') return 'instagram';
  if (/(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host) || host === 'com.google.android.googlequicksearchbox')
    return 'google';
  return 'other';
}

/** Phone or desktop, from the user agent (tablets count as desktop: they show the desktop layout). */
export function deviceClass(userAgent: string): DeviceClass {
  return /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(userAgent) ? 'phone' : 'desktop';
}

/**
 * Whether a request is not counted: bots (and requests without a user agent), prefetches
 * (`Sec-Purpose`/`Purpose: prefetch`), and visitors who ask not to be tracked (`Sec-GPC: 1`, `DNT: 1`).
 */
export function notCounted(headers: Headers | HeaderReader): boolean {
  const header = typeof headers === 'function' ? headers : (name: string) => headers.get(name);
  const userAgent = header('user-agent') ?? '';
  if (!userAgent || isBot(userAgent)) return true;
  if (/prefetch/i.test(header('sec-purpose') ?? '') || /prefetch/i.test(header('purpose') ?? '')) return true;
  return header('sec-gpc')?.trim() === '1' || header('dnt')?.trim() === '1';
}

/** A request header by its lower-case name. */
export type HeaderReader = (name: string) => string | null | undefined;

// isbot's pattern is long; visitors send the same few user agents again and again.
const botVerdicts = new Map<string, boolean>();
function isBot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= 2000) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

const berlinParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Berlin wall-clock time of `ms` read as if it were UTC (its offset added). */
function berlinWallClock(ms: number): number {
  const p = Object.fromEntries(berlinParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
}

// The day of the last instant asked for, with its bounds: every beacon asks, and Intl is slow.
let lastDay: { day: string; start: number; end: number } | undefined;

/** The Europe/Berlin calendar day (YYYY-MM-DD) of an instant. */
export function berlinDay(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (lastDay && ms >= lastDay.start && ms < lastDay.end) return lastDay.day;
  const day = new Date(berlinWallClock(ms - (ms % 1000))).toISOString().slice(0, 10);
  lastDay = { day, start: berlinDayStart(day).getTime(), end: berlinDayStart(addDays(day, 1)).getTime() };
  return day;
}

/** The instant a Europe/Berlin day (YYYY-MM-DD) begins (midnight never falls in a DST change there). */
export function berlinDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const offset = berlinWallClock(utcMidnight) - utcMidnight;
  let start = utcMidnight - offset;
  // The offset at the day's start itself (differs only on a DST change day).
  start = utcMidnight - (berlinWallClock(start) - start);
  return new Date(start);
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const MAX_RANGE_DAYS = 366;

/** A report's range from `?from=&to=`: default the last 30 Berlin days up to today; null when bad. */
export function reportRange(
  query: { from?: string | null; to?: string | null },
  now = new Date(),
): { from: string; to: string } | null {
  const today = berlinDay(now);
  const valid = (v: string) => {
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
  };
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -29);
  if (!valid(to) || !valid(from) || from > to || daysBetween(from, to) > MAX_RANGE_DAYS) return null;
  return { from, to };
}
