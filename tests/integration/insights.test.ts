// Insights on PGlite and PostgreSQL: beacons through the route (counted, refused, or answered and
// not counted), unique visitors per Berlin day with a clock of the test's own, the salt and the
// hashes gone once the day is over, the team's report and its CSV, and garbage that never stores
// anything nor causes a 5xx.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { RouterContextProvider } from 'react-router';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import * as eventsRoute from '~/routes/api.insights.events';
import * as reportRoute from '~/routes/api.insights';
import * as csvRoute from '~/routes/api.insights[.]csv';
import { schema } from '~/server/db/db.server';
import { countServerEvent } from '~/server/insights/insights.server';
import { parseBeacon } from '~/server/insights/classify.server';
import { forgetVisitorMemory, recordBeacon } from '~/server/insights/recorder.server';
import { insightsReport } from '~/server/insights/report.server';
import { directAction } from '~/server/app/direct-action.server';
import { clientAddressContext } from '~/server/http/http.server';
import { sweepRetention } from '~/server/app/retention.server';
import { berlinDay } from '~/lib/berlin-time';
import type { InsightsReport } from '~/lib/insights';
import { csvLines } from '../support/csv';
import { describeEachDatabase, emptyTables } from '../support/database';
import { call, get, post, teamAuth, useTestConfig } from '../support/routes';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const beacon = (body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.1') =>
  call(
    eventsRoute.action,
    post('/api/insights/events', body, {
      'Content-Type': 'text/plain;charset=UTF-8',
      'User-Agent': BROWSER,
      ...headers,
    }),
    ip,
  );
const report = async (query = '') => {
  const res = await call(reportRoute.loader, get(`/api/insights${query}`, await teamAuth()));
  return { status: res.status, body: (await res.json()) as InsightsReport };
};

describeEachDatabase('insights', (current) => {
  beforeAll(() => {
    useTestConfig();
  });
  beforeEach(async () => {
    // The insights' own tables, and those its funnel counts from.
    const counted = [schema.signups, schema.applications, schema.communityClicks];
    await emptyTables(current().db, schema.insightsDaily, schema.insightsVisitors, schema.insightsSalts, ...counted);
    forgetVisitorMemory();
  });
  const rows = () => current().db.select().from(schema.insightsDaily);
  const today = () => berlinDay(new Date());

  test('a page view is counted: one visitor, one page view, its referrer group and device', async () => {
    const res = await beacon({ name: 'pageview', path: '/', referrer: 'https://l.instagram.com/?u=x' });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
    const { body } = await report();
    expect(body.totals).toEqual({ visitors: 1, pageviews: 1 });
    expect(body.days.at(-1)).toEqual({ date: today(), visitors: 1, pageviews: 1 });
    expect(body.referrers[0]).toEqual({ source: 'instagram', visitors: 1 });
    expect(body.devices).toEqual({ phone: 0, desktop: 1 });
    expect(body.funnel.landingViews).toBe(1);
  });

  test('the same visitor twice in a day is one visitor; another address or browser is another', async () => {
    await beacon({ name: 'pageview', path: '/' });
    await beacon({ name: 'pageview', path: '/agb' });
    expect((await report()).body.totals).toEqual({ visitors: 1, pageviews: 2 });
    await beacon({ name: 'pageview', path: '/' }, {}, '203.0.113.2');
    await beacon({ name: 'pageview', path: '/' }, { 'User-Agent': PHONE });
    const { body } = await report();
    expect(body.totals).toEqual({ visitors: 3, pageviews: 4 });
    expect(body.devices).toEqual({ phone: 1, desktop: 2 });
  });

  test('on the next Berlin day the same visitor is a new one, and the day before leaves no salt or hash', async () => {
    const visitor = { address: '203.0.113.9', userAgent: BROWSER };
    const view = parseBeacon(JSON.stringify({ name: 'pageview', path: '/' }))!;
    // 23:30 and 23:59 in Berlin, then 00:10 the next day (UTC+1 in November).
    await recordBeacon(view, visitor, new Date('2026-11-10T22:30:00Z'));
    await recordBeacon(view, visitor, new Date('2026-11-10T22:59:00Z'));
    const [firstSalt] = await current().db.select().from(schema.insightsSalts);
    const [firstHash] = await current().db.select().from(schema.insightsVisitors);
    expect(firstSalt!.day).toBe('2026-11-10');
    await recordBeacon(view, visitor, new Date('2026-11-10T23:10:00Z'));
    const salts = await current().db.select().from(schema.insightsSalts);
    const hashes = await current().db.select().from(schema.insightsVisitors);
    expect(salts.map((s) => s.day)).toEqual(['2026-11-11']);
    expect(salts[0]!.salt).not.toBe(firstSalt!.salt);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]!.hash).not.toBe(firstHash!.hash);
    const { body } = await report('?from=2026-11-10&to=2026-11-11');
    expect(body.days).toEqual([
      { date: '2026-11-10', visitors: 1, pageviews: 2 },
      { date: '2026-11-11', visitors: 1, pageviews: 1 },
    ]);
    expect(body.totals).toEqual({ visitors: 2, pageviews: 3 });
  });

  test('the retention sweep deletes the salts and hashes of past days and keeps the aggregates', async () => {
    const view = parseBeacon(JSON.stringify({ name: 'pageview', path: '/' }))!;
    await recordBeacon(view, { address: '203.0.113.9', userAgent: BROWSER }, new Date('2026-11-10T12:00:00Z'));
    expect(await sweepRetention(new Date('2026-11-10T20:00:00Z'))).toMatchObject({ visitorHashes: 0 });
    expect(await current().db.select().from(schema.insightsVisitors)).toHaveLength(1);
    expect(await sweepRetention(new Date('2026-11-10T23:00:00Z'))).toMatchObject({ visitorHashes: 1 });
    expect(await current().db.select().from(schema.insightsVisitors)).toHaveLength(0);
    expect(await current().db.select().from(schema.insightsSalts)).toHaveLength(0);
    expect(await rows()).toContainEqual({ day: '2026-11-10', metric: 'visitor', key: '', count: 1 });
  });

  test('bots, prefetches, Sec-GPC and DNT are answered 204 and count nothing', async () => {
    const view = { name: 'pageview', path: '/' };
    for (const headers of <Record<string, string>[]>[
      { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'User-Agent': '' },
      { 'Sec-Purpose': 'prefetch' },
      { Purpose: 'prefetch' },
      { 'Sec-GPC': '1' },
      { DNT: '1' },
    ]) {
      expect((await beacon(view, headers)).status).toBe(204);
    }
    expect(await rows()).toEqual([]);
    expect(await current().db.select().from(schema.insightsVisitors)).toEqual([]);
  });

  test('unknown events and paths, over-long values and non-JSON are 400; big bodies 413; nothing stored', async () => {
    expect((await beacon({ name: 'buy', path: '/' })).status).toBe(400);
    expect((await beacon({ name: 'pageview', path: '/admin' })).status).toBe(400);
    expect((await beacon({ name: 'pageview', path: '/', utm_source: 'x'.repeat(101) })).status).toBe(400);
    expect((await beacon({ name: 'pageview', path: '/', referrer: 'x'.repeat(1025) })).status).toBe(400);
    expect((await beacon('{"name":')).status).toBe(400);
    expect((await beacon('')).status).toBe(400);
    expect((await beacon({ name: 'pageview', path: '/', pad: 'x'.repeat(2100) })).status).toBe(413);
    expect((await call(eventsRoute.loader, get('/api/insights/events'))).status).toBe(405);
    expect(await rows()).toEqual([]);
  });

  test('fuzz: garbage beacons never cause a 5xx and never store anything', async () => {
    const known = fc.constantFrom('pageview', 'popup_open', 'group_click', '/', '/agb', '');
    const value = fc.oneof(
      fc.string({ maxLength: 300 }),
      known,
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string()),
    );
    const body = fc.oneof(
      fc.string({ maxLength: 3000 }),
      fc
        .dictionary(fc.constantFrom('name', 'path', 'referrer', 'utm_source', 'x', '__proto__'), value)
        .map((o) => JSON.stringify(o)),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const valid = parseBeacon(text) !== null;
        const res = await beacon(text, { 'User-Agent': 'Googlebot/2.1' });
        expect(res.status).toBeLessThan(500);
        if (!valid) expect([400, 413]).toContain(res.status);
      }),
      { numRuns: 150 },
    );
    expect(await rows()).toEqual([]);
  });

  test('many beacons at once are each counted, in batches, before their 204', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        beacon({ name: i % 3 === 0 ? 'popup_open' : 'pageview', path: '/' }, {}, `198.51.100.${i % 50}`),
      ),
    );
    expect(answers.every((r) => r.status === 204)).toBe(true);
    const { body } = await report();
    expect(body.totals).toEqual({ visitors: 50, pageviews: 200 });
    expect(body.funnel.popupOpens).toBe(100);
  });

  describe('the direct transport (production skips the router for beacons)', () => {
    let url = '';
    let close: () => Promise<void>;
    beforeAll(async () => {
      const app = express();
      // The route's action as the production server hands it to the transport (its lean form answers).
      const loadContext = (req: express.Request) => {
        const context = new RouterContextProvider();
        context.set(clientAddressContext, req.socket.remoteAddress ?? 'unknown');
        return context;
      };
      app.post('/api/insights/events', directAction(eventsRoute.action as never, loadContext));
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/insights/events`;
      close = () => new Promise((resolve) => server.close(() => resolve()));
    });
    afterAll(() => close?.());
    const send = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER, ...headers },
        body,
      });

    test('answers as the route does: 204 counted, 400 not a beacon, 413 too large, no cookie, not cached', async () => {
      const counted = await send(JSON.stringify({ name: 'pageview', path: '/' }));
      expect(counted.status).toBe(204);
      expect(counted.headers.get('set-cookie')).toBeNull();
      expect(counted.headers.get('cache-control')).toBe('no-store');
      expect((await send('{"name":"pageview","path":"/nope"}')).status).toBe(400);
      expect((await send(JSON.stringify({ name: 'pageview', path: '/', x: 'y'.repeat(3000) }))).status).toBe(413);
      expect((await send(JSON.stringify({ name: 'pageview', path: '/' }), { 'Sec-GPC': '1' })).status).toBe(204);
      expect((await report()).body.totals).toEqual({ visitors: 1, pageviews: 1 });
    });
  });

  describe('the report', () => {
    async function seed() {
      const { db } = current();
      const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;
      const values: (typeof schema.insightsDaily.$inferInsert)[] = [];
      for (let d = 1; d <= 14; d++) {
        values.push({ day: day(d), metric: 'visitor', key: '', count: d });
        values.push({ day: day(d), metric: 'pageview', key: '/', count: 2 * d });
        values.push({ day: day(d), metric: 'pageview', key: '/access', count: 1 });
      }
      values.push(
        { day: day(9), metric: 'referrer', key: 'google', count: 4 },
        { day: day(10), metric: 'referrer', key: 'instagram', count: 7 },
        { day: day(10), metric: 'campaign', key: 'instagram|story|=cmd', count: 3 },
        { day: day(10), metric: 'device', key: 'phone', count: 5 },
        { day: day(11), metric: 'device', key: 'desktop', count: 2 },
        { day: day(11), metric: 'popup_open', key: '', count: 6 },
        // The beacon's group_click of pages of earlier builds: accepted, no longer the group step.
        { day: day(12), metric: 'group_click', key: '', count: 5 },
      );
      await db.insert(schema.insightsDaily).values(values);
      // The group step: clicks counted where the stable link redirects (one outside the range).
      await db.insert(schema.communityClicks).values([
        { day: day(12), groupKey: 'reiterclub-1', campaign: 'instagram|story|=cmd', count: 2 },
        { day: day(15), groupKey: 'reiterclub-1', campaign: '', count: 4 },
      ]);
      await countServerEvent('code_accepted', new Date('2026-11-12T10:00:00Z'));
      // Signups at the range's edges in Berlin time: 00:30 on the 8th is in, 23:30 on the 14th is in,
      // 00:30 on the 15th is out.
      await db.insert(schema.signups).values([
        { id: 'a', userType: 'reiter', name: 'A', email: 'a@example.org', createdAt: new Date('2026-11-07T23:30:00Z') },
        {
          id: 'b',
          userType: 'trainer',
          name: 'B',
          email: 'b@example.org',
          createdAt: new Date('2026-11-14T22:30:00Z'),
        },
        { id: 'c', userType: 'reiter', name: 'C', email: 'c@example.org', createdAt: new Date('2026-11-14T23:30:00Z') },
      ]);
      await db
        .insert(schema.applications)
        .values([
          { applicationType: 'Mentee', name: 'M', email: 'm@example.org', createdAt: new Date('2026-11-12T12:00:00Z') },
        ]);
    }

    test('a range: days, totals, the previous period, referrers, campaigns, devices, the funnel', async () => {
      await seed();
      const { status, body } = await report('?from=2026-11-08&to=2026-11-14');
      expect(status).toBe(200);
      expect(body.days.map((d) => d.visitors)).toEqual([8, 9, 10, 11, 12, 13, 14]);
      expect(body.totals).toEqual({ visitors: 77, pageviews: 154 + 7 });
      expect(body.previous).toEqual({ visitors: 1 + 2 + 3 + 4 + 5 + 6 + 7, pageviews: 2 * 28 + 7 });
      expect(body.referrers.slice(0, 2)).toEqual([
        { source: 'instagram', visitors: 7 },
        { source: 'google', visitors: 4 },
      ]);
      expect(body.campaigns).toEqual([
        { source: 'instagram', medium: 'story', campaign: '=cmd', visitors: 3, groupClicks: 2 },
      ]);
      expect(body.groups).toEqual([
        { audience: 'reiter', name: 'Reiterclub', clicks: 2, total: 0, capacity: 1000, current: true },
        { audience: 'trainer', name: 'Trainerinnen', clicks: 0, total: 0, capacity: 1000, current: true },
      ]);
      expect(body.devices).toEqual({ phone: 5, desktop: 2 });
      expect(body.funnel).toEqual({
        landingViews: 154,
        popupOpens: 6,
        signups: { reiter: 1, trainer: 1 },
        groupClicks: 2,
        accessViews: 7,
        codesAccepted: 1,
        applications: 1,
      });
    });

    test('the CSV holds the same figures, formula-looking cells neutralised', async () => {
      await seed();
      const res = await call(csvRoute.loader, get('/api/insights.csv?from=2026-11-08&to=2026-11-14', await teamAuth()));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = csvLines(await res.text());
      expect(lines[0]).toBe('Bereich;Eintrag;Besucher;Seitenaufrufe;Anzahl');
      expect(lines[1]).toBe('Tag;08.11.2026;8;17;');
      expect(lines).toContain('Summe;08.11.2026–14.11.2026;77;161;');
      expect(lines).toContain('Kampagne;instagram / story / =cmd;3;;2');
      expect(lines).toContain('Gruppe;"Reiterclub (Reiterinnen): 0 von 1000 Plätzen, aktuell";;;2');
      expect(lines).toContain('Funnel;Gruppenlink geklickt;;;2');
      expect(lines).toContain('Funnel;Code akzeptiert;;;1');
      expect(lines).toContain('Funnel;Anmeldungen Trainer;;;1');
    });

    test('401 without the team token; 400 for a bad range', async () => {
      expect((await call(reportRoute.loader, get('/api/insights'))).status).toBe(401);
      expect((await call(csvRoute.loader, get('/api/insights.csv'))).status).toBe(401);
      for (const query of [
        '?from=2026-11-09&to=2026-11-08',
        '?from=2026-13-01&to=2026-12-01',
        '?from=2024-01-01&to=2026-01-01',
      ]) {
        expect((await report(query)).status).toBe(400);
        expect((await call(csvRoute.loader, get(`/api/insights.csv${query}`, await teamAuth()))).status).toBe(400);
      }
    });

    test('a 30-day report over a year of aggregates', async () => {
      const values: (typeof schema.insightsDaily.$inferInsert)[] = [];
      for (let i = 0; i < 365; i++) {
        const date = new Date(Date.UTC(2025, 11, 1 + i)).toISOString().slice(0, 10);
        values.push(
          { day: date, metric: 'visitor', key: '', count: 10 },
          { day: date, metric: 'pageview', key: '/', count: 20 },
        );
      }
      await current().db.insert(schema.insightsDaily).values(values);
      const body = await insightsReport('2026-10-01', '2026-10-30');
      expect(body.days).toHaveLength(30);
      expect(body.totals).toEqual({ visitors: 300, pageviews: 600 });
      expect(body.previous).toEqual({ visitors: 300, pageviews: 600 });
    });
  });
});
