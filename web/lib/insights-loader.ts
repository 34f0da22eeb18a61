// The one way the page sends an insights event: the beacon's code (web/lib/insights-beacon.ts) is
// loaded as a chunk of its own only when an event is sent, so it is no part of the first load.
import type { InsightsEvent } from './insights';

/**
 * Loads the beacon and sends `name`: at once, or (`idle`) once the page has loaded and the browser
 * is idle. Not counted is fine: a failed load is dropped and the page never notices.
 */
export function sendInsights(name: InsightsEvent, { idle = false } = {}): void {
  void import('./insights-beacon').then(
    (beacon) => (idle ? beacon.sendAfterLoad(name) : beacon.sendInsightsEvent(name)),
    () => {},
  );
}
