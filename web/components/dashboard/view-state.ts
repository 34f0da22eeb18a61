// The team dashboard's view state and what a card shows, without the DOM: the filters and search as
// a URL query (so a view can be bookmarked and survives a reload), the filtered list, and which
// website links may become links (dates and times: ~/lib/berlin-time).
import type { TeamMemberSummary } from '~/lib/team';
import {
  ALL,
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  matchesFilter,
  newestFirst,
  type ApplicationRecord,
  type ApplicationStatus,
  type ApplicationType,
} from '../../lib/applications';

export const TYPE_OPTIONS = [ALL, ...APPLICATION_TYPES] as const;
export const STATUS_OPTIONS = [ALL, ...APPLICATION_STATUSES] as const;
/** The dashboard's sections; `team` and `activity` are shown to owners only. */
export const DASHBOARD_VIEWS = [
  'applications',
  'signups',
  'insights',
  'community',
  'newsletter',
  'team',
  'activity',
] as const;
/** The insights' range: the last 7, 30 or 90 days, or `from`–`to`. */
export const INSIGHTS_RANGES = ['7', '30', '90', 'custom'] as const;
export type InsightsRange = (typeof INSIGHTS_RANGES)[number];
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

export interface DashboardQuery {
  type: ApplicationType | typeof ALL;
  status: ApplicationStatus | typeof ALL;
  /** Search over name and email; kept as typed (the filter trims it). */
  q: string;
  view: DashboardView;
  /** The signups table's page, from 1. */
  page: number;
  /** The insights' range; with `custom`, `from` and `to` (YYYY-MM-DD, Berlin days) give it. */
  range: InsightsRange;
  from: string;
  to: string;
}

export const DEFAULT_QUERY: DashboardQuery = {
  type: ALL,
  status: ALL,
  q: '',
  view: 'applications',
  page: 1,
  range: '30',
  from: '',
  to: '',
};

const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The longest search kept from a URL (the API refuses longer ones). */
export const SEARCH_MAX = 200;

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : fallback;

/** Reads the view from a URL query; anything unknown or malformed falls back to the default. */
export function parseDashboardQuery(search: URLSearchParams | string): DashboardQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number(params.get('page'));
  return {
    type: oneOf(TYPE_OPTIONS, params.get('type'), ALL),
    status: oneOf(STATUS_OPTIONS, params.get('status'), ALL),
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    view: oneOf(DASHBOARD_VIEWS, params.get('view'), 'applications'),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    range: oneOf(INSIGHTS_RANGES, params.get('range'), '30'),
    from: isoDay(params.get('from')),
    to: isoDay(params.get('to')),
  };
}

/** What a dashboard view of the signed-in member gets from the page. */
export interface MemberViewProps {
  token: string;
  member: TeamMemberSummary;
  onAuthError: () => void;
}

/** What a dashboard view that reads and changes the URL query gets from the page. */
export interface QueryViewProps {
  token: string;
  query: DashboardQuery;
  onQuery: (patch: Partial<DashboardQuery>) => void;
  onAuthError: () => void;
}

/** The URL query of a view; default values are left out, so the plain URL is the default view. */
export function serialiseDashboardQuery(query: DashboardQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.view !== DEFAULT_QUERY.view) params.set('view', query.view);
  if (query.type !== ALL) params.set('type', query.type);
  if (query.status !== ALL) params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.range !== DEFAULT_QUERY.range) params.set('range', query.range);
  if (query.range === 'custom' && query.from) params.set('from', query.from);
  if (query.range === 'custom' && query.to) params.set('to', query.to);
  return params;
}

/** The filter part of a view as the API's list and CSV export read it (`?type=&status=&q=`). */
export function applicationQueryString(query: DashboardQuery): string {
  const { type, status, q } = query;
  return serialiseDashboardQuery({ ...DEFAULT_QUERY, type, status, q: q.trim() }).toString();
}

/** The applications the view shows, newest first. */
export function visibleApplications(applications: readonly ApplicationRecord[], query: DashboardQuery) {
  const filter = {
    type: query.type === ALL ? undefined : query.type,
    status: query.status === ALL ? undefined : query.status,
    q: query.q.trim() || undefined,
  };
  return applications.filter((a) => matchesFilter(a, filter)).sort(newestFirst);
}

/**
 * The href for an applicant's website, or null when it must stay plain text: only absolute http
 * and https addresses become links (a `javascript:` or `data:` address would run in our page).
 */
export function safeWebsiteHref(link: string | null | undefined): string | null {
  const text = link?.trim();
  if (!text || !/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A mailto: link to `email`; characters that would start a query or fragment are escaped. */
export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email.trim()).replaceAll('%40', '@')}`;
}
