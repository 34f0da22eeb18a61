// A click on a stable link (/gruppe/reiter, /gruppe/trainer): where it leads, and whether it is
// counted (under the beacon's rules: bots, prefetches, GPC and DNT are not; and at most
// GROUP_CLICKS_PER_CLIENT an hour from one client, so that nobody fills a group's places by
// clicking; nothing is kept of the visitor but the click's group, day and campaign).
import type { CommunityAudience } from '~/lib/community';
import type { CommunityGroup } from '~/lib/content-types';
import { berlinDay } from '~/lib/berlin-time';
import { isDatabaseUnavailable } from '../db/db.server';
import { notCounted, type HeaderReader } from '../http/http.server';
import { log } from '../log.server';
import { allow, limitKey } from '../rate-limit.server';
import { keyedHash } from '../signing.server';
import { getCommunityGroups } from '../content/content.server';
import { announceIfNearlyFull } from './announce.server';
import { countClick, guessCurrent, peekCurrent } from './clicks.server';
import { activePool, clickCampaign } from './pool.server';

export type GroupLinkResult =
  /** Send the visitor to `url`, the invitation of the group `group`; `counted` says whether the click was. */
  | { kind: 'redirect'; url: string; group: string; counted: boolean }
  /** The audience has no active group in the pool (the Studio refuses to publish that). */
  | { kind: 'no-group' };

export interface Click {
  /** GET counts; HEAD (link checkers) and anything else only says where the link leads. */
  method: string;
  /** The stable link's query: its utm values are the click's campaign. */
  params: URLSearchParams;
  header: HeaderReader;
  /** The client's address (TRUST_PROXY decides which): its counted clicks are limited. */
  client: string;
}

/** Counted clicks per client and audience in GROUP_CLICK_WINDOW_MS; more still lead to the group, uncounted. */
export const GROUP_CLICKS_PER_CLIENT = 3;
export const GROUP_CLICK_WINDOW_MS = 3_600_000;

/**
 * Whether one more click of this client on this audience's link may count. The client is its limit
 * key (an IPv6 address by its /64), kept only as a keyed hash in the counter for the hour.
 */
async function clientMayCount(audience: CommunityAudience, client: string, now: Date) {
  const window = {
    bucket: `group-click-${audience}`,
    key: keyedHash('group-click', limitKey(client)),
    windowMs: GROUP_CLICK_WINDOW_MS,
  };
  return (await allow(window, GROUP_CLICKS_PER_CLIENT, now.getTime())).allowed;
}

/** Follows an audience's stable link: the group it leads to now, the click counted where it may be. */
export async function followGroupLink(
  audience: CommunityAudience,
  click: Click,
  now = new Date(),
): Promise<GroupLinkResult> {
  const pool = activePool(await getCommunityGroups(), audience);
  if (!pool.length) return { kind: 'no-group' };
  const countable = click.method === 'GET' && !notCounted(click.header);
  try {
    if (!countable || !(await clientMayCount(audience, click.client, now)))
      return leadTo((await peekCurrent(pool))!, false);
    const { group, clicks } = await countClick(pool, berlinDay(now), clickCampaign(click.params));
    await announceIfNearlyFull(group, clicks, pool[pool.indexOf(group) + 1]);
    return leadTo(group, true);
  } catch (error) {
    // The visitor is on their way into the community: without the database they still get there.
    if (!isDatabaseUnavailable(error)) throw error;
    log.error(`Community link: database unavailable, click not counted: ${(error as Error).message}`);
    return leadTo(guessCurrent(pool)!, false);
  }
}

const leadTo = (group: CommunityGroup, counted: boolean): GroupLinkResult => ({
  kind: 'redirect',
  url: group.inviteUrl,
  group: group.key,
  counted,
});
