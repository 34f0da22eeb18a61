// The team's side of the signups on PGlite and PostgreSQL: paging through the list (newest first,
// with the total) and the figures behind the dashboard's chart.
import { beforeAll, beforeEach, expect, test } from 'vitest';
import * as signupsRoute from '~/routes/api.signups';
import * as statsRoute from '~/routes/api.signups.stats';
import { schema } from '~/server/db/db.server';
import { sign } from '~/server/signing.server';
import { TEAM_SESSION_MAX_MS as TEAM_SESSION_TTL_MS } from '~/lib/team';
import { describeEachDatabase, emptyTables } from '../support/database';
import { bearer, call, expiredTeamAuth, get, teamAuth, useTestConfig } from '../support/routes';

const list = async (query = '', headers?: Record<string, string>) =>
  call(signupsRoute.loader, get(`/api/signups${query}`, headers ?? (await teamAuth())));
const stats = async (headers?: Record<string, string>) =>
  call(statsRoute.loader, get('/api/signups/stats', headers ?? (await teamAuth())));

describeEachDatabase('signups for the team', (current) => {
  beforeAll(() => {
    useTestConfig();
  });
  beforeEach(() => emptyTables(current().db, schema.signups));

  const insert = (rows: (Partial<typeof schema.signups.$inferInsert> & { id: string; createdAt: Date })[]) =>
    current()
      .db.insert(schema.signups)
      .values(rows.map((r) => ({ userType: 'reiter' as const, name: r.id, email: `${r.id}@example.org`, ...r })));

  test('stats and the list answer 401 without a token, with a forged one and with an expired one', async () => {
    for (const headers of [
      {},
      bearer('forged'),
      bearer(sign('team-session', `v1-${Date.now() + TEAM_SESSION_TTL_MS}`, 'another-secret-another-secret-0123')),
      await expiredTeamAuth(),
    ]) {
      expect((await stats(headers)).status).toBe(401);
      expect((await list('?limit=10', headers)).status).toBe(401);
    }
  });

  test('without paging the whole list, newest first, with the total', async () => {
    await insert(Array.from({ length: 7 }, (_, i) => ({ id: `s${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })));
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.total).toBe(7);
    expect(body.signups.map((s: { id: string }) => s.id)).toEqual(['s6', 's5', 's4', 's3', 's2', 's1', 's0']);
  });

  test('?limit=&offset= pages through the list newest first; total counts all', async () => {
    await insert(Array.from({ length: 7 }, (_, i) => ({ id: `s${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })));
    const page = async (query: string) => {
      const body = await (await list(query)).json();
      return { total: body.total, ids: body.signups.map((s: { id: string }) => s.id) };
    };
    expect(await page('?limit=3')).toEqual({ total: 7, ids: ['s6', 's5', 's4'] });
    expect(await page('?limit=3&offset=3')).toEqual({ total: 7, ids: ['s3', 's2', 's1'] });
    expect(await page('?limit=3&offset=6')).toEqual({ total: 7, ids: ['s0'] });
    expect(await page('?limit=3&offset=9')).toEqual({ total: 7, ids: [] });
    for (const bad of ['?limit=0', '?limit=501', '?limit=abc', '?offset=-1', '?limit=2.5']) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
    }
  });

  test('stats: counts per type, the newsletter opt-in state, and every ISO week split by type', async () => {
    const confirmedAt = new Date('2026-01-10T12:00:00Z');
    await insert([
      // Sunday 4 January 23:30 UTC is Monday 00:30 in Germany: week 2.
      {
        id: 'a',
        createdAt: new Date('2026-01-04T23:30:00Z'),
        newsletterOptIn: true,
        newsletterConfirmedAt: confirmedAt,
      },
      { id: 'b', createdAt: new Date('2026-01-04T22:30:00Z'), userType: 'trainer', newsletterOptIn: false },
      { id: 'c', createdAt: new Date('2026-01-06T10:00:00Z'), userType: 'trainer', newsletterOptIn: true },
      {
        id: 'd',
        createdAt: new Date('2026-01-21T10:00:00Z'),
        newsletterOptIn: true,
        newsletterConfirmedAt: confirmedAt,
        newsletterUnsubscribedAt: new Date('2026-01-22T10:00:00Z'),
      },
      { id: 'e', createdAt: new Date('2026-01-22T10:00:00Z'), newsletterOptIn: true },
    ]);
    const res = await stats();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      total: 5,
      byType: { reiter: 3, trainer: 2 },
      newsletter: { optedIn: 4, confirmed: 1, unconfirmed: 2, unsubscribed: 1 },
      weeks: [
        { week: '2026-W01', start: '2025-12-29', reiter: 0, trainer: 1 },
        { week: '2026-W02', start: '2026-01-05', reiter: 1, trainer: 1 },
        { week: '2026-W03', start: '2026-01-12', reiter: 0, trainer: 0 },
        { week: '2026-W04', start: '2026-01-19', reiter: 2, trainer: 0 },
      ],
    });
  });

  test('stats without any signup are zeros and no weeks', async () => {
    expect(await (await stats()).json()).toEqual({
      total: 0,
      byType: { reiter: 0, trainer: 0 },
      newsletter: { optedIn: 0, confirmed: 0, unconfirmed: 0, unsubscribed: 0 },
      weeks: [],
    });
  });
});
