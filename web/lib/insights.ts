// Insights: what the page's beacon may report and what the team's report holds. Shared by the
// beacon (web/lib/insights-beacon.ts, loaded by web/lib/insights-loader.ts), the server that
// counts, and the dashboard that shows it.

/**
 * The events a beacon may name: a page view, the signup popup opened, and the WhatsApp group link
 * clicked (sent by pages of earlier builds only: the click is now counted where the stable link
 * redirects, and the report no longer reads this one).
 */
export const INSIGHTS_EVENTS = ['pageview', 'popup_open', 'group_click'] as const;
export type InsightsEvent = (typeof INSIGHTS_EVENTS)[number];

/**
 * The pages whose views are counted: the public pages and the steps into the community and the
 * application form. Any other path is refused, so the aggregates only ever hold these names.
 */
export const INSIGHTS_PATHS = [
  '/',
  '/imprint',
  '/datenschutz',
  '/agb',
  '/mitmachen',
  '/access',
  '/bewerbung',
  '/bewerbung/danke',
] as const;
export type InsightsPath = (typeof INSIGHTS_PATHS)[number];

/** The referrer groups a visit's origin is reduced to. */
export const REFERRER_GROUPS = ['instagram', 'google', 'direct', 'other'] as const;
export type ReferrerGroup = (typeof REFERRER_GROUPS)[number];

export const DEVICE_CLASSES = ['phone', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Limits of the beacon endpoint (POST /api/insights/events). */
export const INSIGHTS_LIMITS = { body: 2048, utm: 100, referrer: 1024 } as const;

export interface DayFigures {
  date: string;
  visitors: number;
  pageviews: number;
}

/** GET /api/insights: the figures of a range of Europe/Berlin days (`from` and `to` included). */
export interface InsightsReport {
  from: string;
  to: string;
  days: DayFigures[];
  totals: { visitors: number; pageviews: number };
  /** The same figures for the period of the same length just before `from`. */
  previous: { visitors: number; pageviews: number };
  referrers: { source: ReferrerGroup; visitors: number }[];
  /** Visitors (at their first page view of a day) and counted group-link clicks per campaign. */
  campaigns: { source: string; medium: string; campaign: string; visitors: number; groupClicks: number }[];
  /**
   * The pool of WhatsApp groups as it is now: each group's counted clicks in the range, its counted
   * clicks since it was added (`total`, what fills it), its capacity, and whether its link leads there now.
   */
  groups: {
    audience: 'reiter' | 'trainer';
    name: string;
    clicks: number;
    total: number;
    capacity: number;
    current: boolean;
  }[];
  devices: Record<DeviceClass, number>;
  funnel: {
    landingViews: number;
    popupOpens: number;
    signups: { reiter: number; trainer: number };
    /** Counted clicks on the stable group links (/gruppe/…), on the server. */
    groupClicks: number;
    accessViews: number;
    codesAccepted: number;
    applications: number;
  };
}
