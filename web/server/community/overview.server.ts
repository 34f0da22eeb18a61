// What the team sees of the community: the stable links with their QR codes, and every group of the
// pool with its counted clicks, its capacity, and which one each link leads to now.
import {
  COMMUNITY_AUDIENCES,
  communityPath,
  type CommunityAudience,
  type CommunityGroupStatus,
  type CommunityOverview,
} from '~/lib/community';
import { getConfig } from '../config.server';
import { getCommunityGroups } from '../content/content.server';
import { clickCounts, clicksInRange } from './clicks.server';
import { activePool, currentGroup, poolFull } from './pool.server';
import { qrModules } from './qr.server';

/** The absolute stable link of an audience (for mails, posts and QR codes). */
export const stableLink = (audience: CommunityAudience, publicUrl = getConfig().publicUrl) =>
  `${publicUrl}${communityPath(audience)}`;

/** Every group of the pool, in the Studio's order, with its counted clicks and whether it is current. */
export async function groupStatuses(): Promise<{
  groups: CommunityGroupStatus[];
  full: CommunityAudience[];
  missing: CommunityAudience[];
}> {
  const pool = await getCommunityGroups();
  const counts = await clickCounts(pool.map((g) => g.key));
  const current = new Set<string>();
  const full: CommunityAudience[] = [];
  const missing: CommunityAudience[] = [];
  for (const audience of COMMUNITY_AUDIENCES) {
    const active = activePool(pool, audience);
    const group = currentGroup(active, counts);
    if (group) current.add(group.key);
    else missing.push(audience);
    if (poolFull(active, counts)) full.push(audience);
  }
  const groups = pool.map((g) => {
    const clicks = counts.get(g.key) ?? 0;
    return {
      key: g.key,
      audience: g.audience,
      name: g.name,
      inviteUrl: g.inviteUrl,
      capacity: g.capacity,
      active: g.active !== false,
      clicks,
      current: current.has(g.key),
      full: clicks >= g.capacity,
    };
  });
  return { groups, full, missing };
}

/** GET /api/community: the links, their QR codes' modules, the pool. */
export async function communityOverview(): Promise<CommunityOverview> {
  const links = COMMUNITY_AUDIENCES.map((audience) => {
    const url = stableLink(audience);
    return { audience, url, qr: qrModules(url) };
  });
  return { links, ...(await groupStatuses()) };
}

/** What the insights report adds for a range of Berlin days: clicks per group of the pool and per campaign. */
export async function communityFigures(from: string, to: string) {
  const [rows, statuses] = await Promise.all([clicksInRange(from, to), groupStatuses()]);
  const byGroup = new Map<string, number>();
  const byCampaign = new Map<string, number>();
  let total = 0;
  for (const { group, campaign, clicks } of rows) {
    byGroup.set(group, (byGroup.get(group) ?? 0) + clicks);
    if (campaign) byCampaign.set(campaign, (byCampaign.get(campaign) ?? 0) + clicks);
    total += clicks;
  }
  const groups = statuses.groups.map((g) => ({
    audience: g.audience,
    name: g.name,
    clicks: byGroup.get(g.key) ?? 0,
    total: g.clicks,
    capacity: g.capacity,
    current: g.current,
  }));
  return { groups, byCampaign, total };
}
