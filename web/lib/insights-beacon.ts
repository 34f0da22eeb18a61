// The page's beacon: one small request per page view and funnel step to our own origin, sent with
// navigator.sendBeacon (text/plain JSON: no preflight, survives leaving the page). Nothing is
// written to or read from the device (no cookie, no storage); a visitor whose browser sends the
// Global Privacy Control or Do Not Track signal sends nothing at all. Loaded after the page has
// loaded, as a chunk of its own, so it never delays the first paint.
import { INSIGHTS_LIMITS, INSIGHTS_PATHS, type InsightsEvent } from './insights';

const UTM = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** What a beacon for `name` on this page says; null where nothing is to be sent. */
export function beaconBody(
  name: InsightsEvent,
  where: { pathname: string; search: string; referrer: string },
): Record<string, string> | null {
  const path = where.pathname.length > 1 ? where.pathname.replace(/\/+$/, '') : where.pathname;
  if (!(INSIGHTS_PATHS as readonly string[]).includes(path)) return null;
  const body: Record<string, string> = { name, path };
  if (name === 'pageview') {
    if (where.referrer) body.referrer = where.referrer.slice(0, INSIGHTS_LIMITS.referrer);
    const params = new URLSearchParams(where.search);
    for (const key of UTM) {
      const value = params.get(key);
      if (value) body[key] = value.slice(0, INSIGHTS_LIMITS.utm);
    }
  }
  return body;
}

/** Sends one event for the current page, unless the visitor asked not to be tracked. */
export function sendInsightsEvent(name: InsightsEvent): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl || nav.doNotTrack === '1' || typeof nav.sendBeacon !== 'function') return;
  const body = beaconBody(name, { pathname: location.pathname, search: location.search, referrer: document.referrer });
  if (body) nav.sendBeacon('/api/insights/events', JSON.stringify(body));
}

/** Sends `name` once the page has loaded, when the browser is idle: never before the first paint. */
export function sendAfterLoad(name: InsightsEvent): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => sendInsightsEvent(name), { timeout: 2000 })
      : setTimeout(() => sendInsightsEvent(name), 0);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
