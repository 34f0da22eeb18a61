// Launch readiness: the bundled content holds placeholders on purpose (a WhatsApp link with
// PLATZHALTER, instagram.com/dein.profil/, a bracketed imprint). A production server names each
// one at start in a warning line, the team dashboard lists them at its top, and once the founder
// publishes real values (here through the Sanity stand-in) the list is gone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LaunchPlaceholder } from '~/lib/launch-readiness';
import { seriousViolations } from '../support/axe';
import { browserAvailable, launchBrowser } from '../support/browser';
import { TEST_TEAM_CODE } from '../support/codes';
import { hydrated } from '../support/e2e';
import { launchReadySettings } from '../support/launch-ready';
import { logLines } from '../support/logs';
import type { SanityDocument } from '~/server/content/export-format.server';
import { standInEnv, startSanityStandIn, type SanityStandIn } from '../support/sanity-standin';
import { startServer, type TestServer } from '../support/server';
import { teamOwner, teamToken } from '../support/team-client';
import { until } from '../support/until';

const readiness = async (base: string) => {
  const res = await fetch(`${base}/api/launch-readiness`, {
    headers: { Authorization: `Bearer ${await teamToken(base)}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { placeholders: LaunchPlaceholder[] }).placeholders;
};

describe('launch readiness', () => {
  let standIn: SanityStandIn;
  let server: TestServer;
  let browser: Browser | undefined;

  beforeAll(async () => {
    standIn = await startSanityStandIn();
    [server, browser] = await Promise.all([
      startServer({ env: standInEnv(standIn, '') }),
      browserAvailable() ? launchBrowser() : undefined,
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await standIn?.close();
  });

  test('a production server names each placeholder at start: one warning line each, never its value', async () => {
    const placeholders = await readiness(server.url);
    expect(placeholders.map((p) => p.marker)).toEqual(expect.arrayContaining(['PLATZHALTER', 'dein.profil', '[…]']));
    expect(placeholders.find((p) => p.where.includes('„Reiterclub“'))?.value).toBe(
      'https://chat.whatsapp.com/PLATZHALTER-REITERCLUB',
    );
    let warnings: ReturnType<typeof logLines> = [];
    await until(
      () =>
        (warnings = logLines(server.output()).filter((l) => l.level === 'warn' && /placeholder/.test(l.msg))).length >=
        placeholders.length,
      'the placeholder warnings',
    );
    expect(warnings.map((l) => l.field).sort()).toEqual(placeholders.map((p) => p.where).sort());
    for (const line of warnings) expect(line.msg).toContain(String(line.field));
    const log = warnings.map((l) => JSON.stringify(l)).join('\n');
    for (const value of ['PLATZHALTER-REITERCLUB', 'kontakt@example.org', 'Vor- und Nachname der Inhaberin'])
      expect(log).not.toContain(value);
  });

  test('the API is the team’s: no token, no list', async () => {
    expect((await fetch(`${server.url}/api/launch-readiness`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/launch-readiness`, { method: 'POST' })).status).toBe(405);
  });

  test.runIf(browserAvailable())(
    'the dashboard names their number at its top and lists them on request, at 375 and 1280 px; axe finds nothing serious',
    async () => {
      const placeholders = await readiness(server.url);
      for (const width of [375, 1280]) {
        const context = await browser!.newContext({ viewport: { width, height: 900 } });
        const owner = await teamOwner(server.url);
        await context.addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: server.url })));
        const page = await context.newPage();
        await page.goto(`${server.url}/teamdashboard`);
        await hydrated(page);
        await page.getByLabel('Access code').fill(TEST_TEAM_CODE);
        await page.getByRole('button', { name: 'Unlock' }).click();
        const list = page.getByRole('complementary', { name: /Not ready to launch/ });
        await list.waitFor();
        expect(await list.textContent()).toContain(`Not ready to launch: ${placeholders.length} placeholders left`);
        await list.getByText('Show list').click();
        expect(await list.locator('li').count()).toBe(placeholders.length);
        expect(await list.textContent()).toContain(
          'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Reiterclub“ › Einladungslink',
        );
        // At the top: above the dashboard's own heading.
        const [listBox, heading] = await Promise.all([
          list.boundingBox(),
          page.getByRole('heading', { level: 1 }).boundingBox(),
        ]);
        expect(listBox!.y).toBeLessThan(heading!.y);
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      }
    },
  );

  test('publishing real values clears the list', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a stored document is untyped JSON
    const settings = standIn.document('siteSettings')! as SanityDocument & Record<string, any>;
    standIn.publish(launchReadySettings(settings));
    await until(async () => (await readiness(server.url)).length === 0, 'an empty list after the publish', {
      timeoutMs: 15_000,
    });
  });
});
