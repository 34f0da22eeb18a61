// A click on a stable link (/gruppe/reiter, /gruppe/trainer): where it leads, and whether it is
// counted (under the beacon's rules: bots, prefetches, GPC and DNT are not; nothing is kept of the
// visitor but the click's group, day and campaign).
import type { CommunityAudience } from '~/lib/community';
import type { CommunityGroup } from '~/lib/content-types';
import { isDatabaseUnavailable } from '../db/db.server';
import { log } from '../log.server';
import { getCommunityGroups } from '../content/content.server';
import { berlinDay, notCounted, type HeaderReader } from '../insights/insights.server';
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
}

/** Follows an audience's stable link: the group it leads to now, the click counted where it may be. */
export async function followGroupLink(
  audience: CommunityAudience,
  click: Click,
  now = new Date(),
): Promise<GroupLinkResult> {
  const pool = activePool(await getCommunityGroups(), audience);
  if (!pool.length) return { kind: 'no-group' };
  const counted = click.method === 'GET' && !notCounted(click.header);
  try {
    if (!counted) return leadTo((await peekCurrent(pool))!, false);
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
