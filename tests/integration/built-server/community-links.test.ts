// The community's stable links over HTTP, as an attacker tries them, against the built server on
// PGlite and on PostgreSQL, behind one trusted proxy (TRUST_PROXY=true, as in the compose stack):
// one client's plain GETs of /gruppe/reiter never fill a group (3 counted clicks per address, an
// IPv6 client by its /64, an hour; every click still redirected), and a dataset written past the
// Studio (a Sanity stand-in, as with an API token) with a phishing link or a CR/LF in a link sends
// nobody anywhere but to WhatsApp: such a group is skipped, never a 5xx, and launch readiness names it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommunityOverview } from '~/lib/community';
import { NOT_WHATSAPP, type LaunchPlaceholder } from '~/lib/launch-readiness';
import type { SanityDocument } from '~/server/content/export-format.server';
import { GROUP_CLICK_WINDOW_MS } from '~/server/community/links.server';
import { createPostgresDatabase, postgresAvailable } from '../../support/postgres';
import { awayFromWindowEdge } from '../../support/rate-windows';
import { standInEnv, startSanityStandIn, type SanityStandIn } from '../../support/sanity-standin';
import { startServer, type TestServer } from '../../support/server';
import { teamGet } from '../../support/team-client';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOD = 'https://chat.whatsapp.com/GuteGruppe';

const pool = [
  { _key: 'phish', audience: 'reiter', name: 'Phishing', inviteUrl: 'https://evil.example/phish' },
  { _key: 'crlf', audience: 'reiter', name: 'Kaputt', inviteUrl: 'https://chat.whatsapp.com/x\r\nSet-Cookie: a=1' },
  { _key: 'gut', audience: 'reiter', name: 'Reiterclub', inviteUrl: GOOD },
  // The trainers' only group is a phishing link: their stable link leads nowhere.
  { _key: 'fake', audience: 'trainer', name: 'Trainerinnen', inviteUrl: 'https://evil.example/trainer' },
].map((g) => ({ _type: 'communityGroup', capacity: 1000, active: true, ...g }));

const engines: [string, boolean, () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }>][] = [
  ['PGlite', true, async () => ({ env: {}, drop: async () => {} })],
  [
    'PostgreSQL',
    postgresAvailable(),
    async () => {
      const database = await createPostgresDatabase();
      return { env: { DATABASE_URL: database.url }, drop: database.drop };
    },
  ],
];

describe.each(engines)('the stable links against the built server on %s', (_engine, available, database) => {
  let standIn: SanityStandIn;
  let server: TestServer;
  let drop = async () => {};
  beforeAll(async () => {
    if (!available) return;
    standIn = await startSanityStandIn();
    const settings = standIn.document('siteSettings') as SanityDocument;
    // Written past the Studio, which would refuse both links.
    standIn.publish({ ...settings, communityGroups: pool }, { live: false });
    const db = await database();
    drop = db.drop;
    server = await startServer({ env: { ...standInEnv(standIn, ''), ...db.env, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    await drop();
  });

  const get = (path: string, client: string, method = 'GET') =>
    fetch(`${server.url}${path}`, {
      method,
      redirect: 'manual',
      headers: { 'User-Agent': CHROME, 'X-Forwarded-For': client },
    });
  const clicksOf = async (key: string) =>
    (await teamGet<CommunityOverview>(server.url, '/api/community')).groups.find((g) => g.key === key)!.clicks;

  test.runIf(available)(
    'a phishing link or a CR/LF in a link is skipped: every click goes to WhatsApp, never a 5xx',
    async () => {
      for (const method of ['GET', 'HEAD']) {
        const res = await get('/gruppe/reiter', '203.0.113.5', method);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe(GOOD);
        expect(res.headers.get('set-cookie')).toBeNull();
      }
      const trainers = await get('/gruppe/trainer', '203.0.113.5');
      expect(trainers.status).toBe(404);
      expect(trainers.headers.get('location')).toBeNull();
      expect(await trainers.text()).toContain('Die Gruppe ist gerade nicht erreichbar');

      const { placeholders } = await teamGet<{ placeholders: LaunchPlaceholder[] }>(
        server.url,
        '/api/launch-readiness',
      );
      expect(placeholders.filter((p) => p.marker === NOT_WHATSAPP).map((p) => p.where)).toEqual([
        'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Phishing“ › Einladungslink',
        'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Kaputt“ › Einladungslink',
        'Website-Einstellungen › WhatsApp-Gruppen (Community) › „Trainerinnen“ › Einladungslink',
      ]);
      // Named at start too, one warning line each.
      expect(server.output()).toContain(
        'Content placeholder before launch: Website-Einstellungen › WhatsApp-Gruppen (Community) › „Phishing“ › Einladungslink (not a WhatsApp invitation link)',
      );
    },
  );

  test.runIf(available)(
    'one client counts at most 3 clicks an hour (an IPv6 client by its /64); every click is still redirected',
    async () => {
      await awayFromWindowEdge(GROUP_CLICK_WINDOW_MS, 30_000);
      const before = await clicksOf('gut');
      const clicks = async (client: string, n: number) => {
        for (let i = 0; i < n; i++) {
          const res = await get('/gruppe/reiter', client);
          expect(res.status).toBe(302);
          expect(res.headers.get('location')).toBe(GOOD);
        }
      };
      await clicks('198.51.100.20', 20);
      expect((await clicksOf('gut')) - before).toBe(3);
      // A whole /64 is one client; the next /64 another.
      for (let i = 1; i <= 5; i++) await clicks(`2001:db8:aa:bb::${i}`, 1);
      expect((await clicksOf('gut')) - before).toBe(6);
      await clicks('2001:db8:aa:bc::1', 1);
      expect((await clicksOf('gut')) - before).toBe(7);
    },
  );
});
