// The community's stable links, shared by the pages (the signup panel), the server (redirects,
// mails, QR codes) and the dashboard. /gruppe/reiter and /gruppe/trainer never change; the server
// sends each click on to the audience's current WhatsApp group, so a full or reset group never
// breaks a link that was shared, printed or mailed.
import type { UserType } from './content-types';

export const COMMUNITY_AUDIENCES = ['reiter', 'trainer'] as const satisfies readonly UserType[];
export type CommunityAudience = (typeof COMMUNITY_AUDIENCES)[number];

/** The campaign parameters a stable link carries on to the click it counts. */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
/** The longest campaign value passed on (the server keeps at most this much of it, too). */
export const CAMPAIGN_VALUE_MAX = 100;

/** The stable link's path of an audience. */
export const communityPath = (audience: CommunityAudience) => `/gruppe/${audience}`;

/**
 * The campaign of a page's query string (`?utm_source=…&utm_campaign=…`), as the query of a stable
 * link: only the three utm values, each at most 100 characters; '' when there is none.
 */
export function campaignQuery(search: string | URLSearchParams | null | undefined): string {
  const params = typeof search === 'string' || !search ? new URLSearchParams(search ?? '') : search;
  const kept = new URLSearchParams();
  for (const name of CAMPAIGN_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) kept.set(name, value.slice(0, CAMPAIGN_VALUE_MAX));
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/** The stable link of an audience, with the campaign of `search` (the landing page's URL) carried on. */
export const communityLink = (audience: CommunityAudience, search?: string | URLSearchParams | null) =>
  `${communityPath(audience)}${campaignQuery(search)}`;

/** A group of the pool as the dashboard shows it (GET /api/community). */
export interface CommunityGroupStatus {
  key: string;
  audience: CommunityAudience;
  name: string;
  inviteUrl: string;
  capacity: number;
  active: boolean;
  /** Counted clicks since the group was added: what fills it. */
  clicks: number;
  /** The group the audience's stable link leads to now. */
  current: boolean;
  /** Its counted clicks reached its capacity. */
  full: boolean;
}

/** GET /api/community: the stable links (with their QR code's modules) and the pool. */
export interface CommunityOverview {
  links: { audience: CommunityAudience; url: string; qr: boolean[][] }[];
  groups: CommunityGroupStatus[];
  /** Audiences whose every active group is full: their link leads into a full group. */
  full: CommunityAudience[];
  /** Audiences without any active group: their link leads nowhere. */
  missing: CommunityAudience[];
}
