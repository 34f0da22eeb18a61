// The pure half of counting: what a beacon may say, and what is kept of it (the referrer's group,
// the device class), and a report's range of Berlin days. Which requests count at all, and how a
// utm value is kept, is the HTTP kit's (shared with the stable links' clicks). No database, no
// clock of its own.
import { z } from 'zod';
import { addDays, berlinDay, daysBetween } from '~/lib/berlin-time';
import {
  INSIGHTS_EVENTS,
  INSIGHTS_LIMITS,
  INSIGHTS_PATHS,
  type DeviceClass,
  type InsightsEvent,
  type InsightsPath,
  type ReferrerGroup,
} from '~/lib/insights';
import { cleanUtm } from '../http/http.server';

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
