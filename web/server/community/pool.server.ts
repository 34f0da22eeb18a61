// The pure half of the stable links: which groups of the Studio's pool an audience's link may lead
// to, which of them is current, when a group is announced as nearly full, and what of a click's
// campaign is kept. No database, no clock.
import type { CommunityGroup } from '~/lib/content-types';
import { CAMPAIGN_PARAMS, type CommunityAudience } from '~/lib/community';
import { whatsappInvite } from '~schemas/whatsapp-link';
import { cleanUtm } from '../http/http.server';

/** The share of a group's capacity (in percent) at which the team is told, once, that it is nearly full. */
export const ANNOUNCE_PERCENT = 90;

/**
 * The active groups of an audience, in the Studio's order, each with its link as a redirect sends
 * it. A group whose link is not a WhatsApp invitation (written past the Studio) is skipped: the
 * stable link never sends a visitor anywhere else, and launch readiness names the group.
 */
export function activePool(groups: readonly CommunityGroup[], audience: CommunityAudience): CommunityGroup[] {
  return groups.flatMap((g) => {
    const inviteUrl = g.audience === audience && g.active !== false ? whatsappInvite(g.inviteUrl) : undefined;
    return inviteUrl ? [{ ...g, inviteUrl }] : [];
  });
}

/** Counted clicks by group key (a group never clicked has none). */
export type ClickCounts = ReadonlyMap<string, number>;

const clicksOf = (counts: ClickCounts, key: string) => counts.get(key) ?? 0;

/**
 * The group a stable link leads to: the first of the pool that has not reached its capacity; when
 * every one is full, the last (a full group is better than a dead link). Undefined for an empty pool.
 */
export function currentGroup(pool: readonly CommunityGroup[], counts: ClickCounts): CommunityGroup | undefined {
  return pool.find((g) => clicksOf(counts, g.key) < g.capacity) ?? pool.at(-1);
}

/** Whether every group of the pool is full (the link then leads into a full group). */
export const poolFull = (pool: readonly CommunityGroup[], counts: ClickCounts) =>
  pool.length > 0 && pool.every((g) => clicksOf(counts, g.key) >= g.capacity);

/** The counted clicks at which a group of `capacity` places is announced: 90 %, rounded up. */
export const announceAt = (capacity: number) => Math.max(1, Math.ceil((capacity * ANNOUNCE_PERCENT) / 100));

/**
 * A click's campaign as it is stored: `source|medium|campaign` of the link's utm values, each
 * cleaned like the beacon's (lower case, plain words, at most 100 characters); '' without any.
 * Over-long or odd values are cut and cleaned, never refused: the visitor is on their way to a group.
 */
export function clickCampaign(params: URLSearchParams): string {
  const parts = CAMPAIGN_PARAMS.map((name) => cleanUtm(params.get(name) ?? ''));
  return parts.some(Boolean) ? parts.join('|') : '';
}
