// The idle timeout in Chromium, with TEAM_SESSION_IDLE_MINUTES=2: a dashboard left open (its
// placeholder check every minute, its event stream) locks after the idle time, never before it;
// a member who clicks (also where the click loads nothing) keeps the session.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserAvailable } from '../support/browser';
import { TEST_TEAM_CODE } from '../support/codes';
import { hydrated, useBrowserHarness } from '../support/e2e';
import { newTeamMember, teamOwner, type TeamMemberLogin } from '../support/team-client';

const IDLE_MS = 2 * 60_000;
/** The server keeps a session this much longer (the dashboard reports a click within 15 s). */
const GRACE_MS = 30_000;

describe.runIf(browserAvailable())('the team session’s idle timeout', () => {
  const site = useBrowserHarness({ env: { AUTH_RATE_LIMIT: '0', TEAM_SESSION_IDLE_MINUTES: '2' } });

  /** The member's dashboard, unlocked with the code, in a browser of its own. */
  async function unlocked(member: TeamMemberLogin): Promise<Page> {
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([...member.cookies].map(([name, value]) => ({ name, value, url: site.url })));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${site.url}/teamdashboard`);
    await hydrated(page);
    await page.getByLabel('Access code').fill(TEST_TEAM_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();
    return page;
  }

  test(
    'a dashboard left open locks after the idle time; one whose member clicks stays open',
    { timeout: 300_000 },
    async () => {
      const [owner, reviewer] = await Promise.all([teamOwner(site.url), newTeamMember(site.url)]);
      const [left, used] = await Promise.all([unlocked(owner), unlocked(reviewer)]);
      const unlockedAt = Date.now();

      // The reviewer clicks now and then: on the heading (nothing loads), and from time to time a tab.
      let clicking = true;
      const clicks = (async () => {
        for (let i = 0; clicking; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20_000));
          if (!clicking) break;
          if (i % 3 === 2) await used.getByRole('button', { name: 'Signups' }).click();
          else await used.getByRole('heading', { name: 'Application Dashboard' }).click();
        }
      })();

      // The owner's dashboard only makes its own requests: it locks (the sign-in shows again).
      await left.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: IDLE_MS + GRACE_MS + 60_000 });
      const lockedAfter = Date.now() - unlockedAt;
      expect(lockedAfter).toBeGreaterThanOrEqual(IDLE_MS);
      expect(lockedAfter).toBeLessThan(IDLE_MS + GRACE_MS + 25_000);

      // Well past the idle time, the reviewer who clicked is still in, and the dashboard still answers.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      clicking = false;
      await clicks;
      expect(Date.now() - unlockedAt).toBeGreaterThan(IDLE_MS + GRACE_MS);
      await used.getByRole('button', { name: 'Applications' }).click();
      await used.getByRole('button', { name: 'Signups' }).click();
      await used.getByRole('heading', { name: 'Signups', level: 2 }).waitFor();
      expect(await used.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
      expect(await used.getByLabel('Access code').count()).toBe(0);
    },
  );
});
