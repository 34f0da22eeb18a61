// The team dashboard's API on PGlite and PostgreSQL: the status change with the version the
// changer saw, an application's history, the CSV export with the list's filters; every endpoint
// refuses a request without a token, with a forged one and with an expired one.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { APPLICATION_API_MESSAGES } from '~/copy/dashboard';
import type { ApplicationRecord } from '~/lib/applications';
import * as patchRoute from '~/routes/api.applications.$id';
import * as historyRoute from '~/routes/api.applications.$id.history';
import * as csvRoute from '~/routes/api.applications[.]csv';
import { createApplication } from '~/server/applications/store.server';
import { BOM } from '~/server/http/csv.server';
import { schema } from '~/server/db/db.server';
import { sign } from '~/server/signing.server';
import { TEAM_SESSION_MAX_MS as TEAM_SESSION_TTL_MS } from '~/lib/team';
import { application } from '../support/applications';
import { describeEachDatabase, emptyTables } from '../support/database';
import { PUBLIC_URL, bearer, call, expiredTeamAuth, get, teamAuth, useTestConfig } from '../support/routes';

const patch = async (id: string, body: unknown, given?: Record<string, string>) =>
  call(
    patchRoute.action,
    new Request(`${PUBLIC_URL}/api/applications/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', ...(given ?? (await teamAuth())) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    undefined,
    { id },
  );
const history = async (id: string, headers?: Record<string, string>) =>
  call(historyRoute.loader, get(`/api/applications/${id}/history`, headers ?? (await teamAuth())), undefined, {
    id,
  });
const csv = async (query = '', headers?: Record<string, string>) =>
  call(csvRoute.loader, get(`/api/applications.csv${query}`, headers ?? (await teamAuth())));

/** The CSV's rows as cells (the export never has a `;` inside a quoted cell in these tests). */
const csvRows = (text: string) =>
  text
    .slice(BOM.length)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));

describeEachDatabase('dashboard API', (current) => {
  beforeAll(() => {
    useTestConfig();
  });
  beforeEach(() => emptyTables(current().db, schema.applications));

  test('every endpoint answers 401 without a token, with a forged one and with an expired one', async () => {
    const { record } = await createApplication(application());
    const forged = [
      bearer(sign('team-session', `v1-${Date.now() + TEAM_SESSION_TTL_MS}`, 'another-secret-another-secret-0123')),
      bearer('not-a-token'),
      // A token of the right shape signed for another purpose.
      bearer(sign('access-grant', `v1-${Date.now() + TEAM_SESSION_TTL_MS}`)),
    ];
    const expired = await expiredTeamAuth();
    for (const headers of [{}, ...forged, expired]) {
      const label = JSON.stringify(headers);
      const changed = await patch(record.id, { status: 'approved' }, headers);
      expect(changed.status, label).toBe(401);
      expect(changed.headers.get('www-authenticate'), label).toBe('Bearer');
      expect((await history(record.id, headers)).status, label).toBe(401);
      expect((await csv('', headers)).status, label).toBe(401);
    }
    // Nothing was changed by the refused requests.
    expect(await (await history(record.id)).json()).toEqual({
      history: [{ from: null, to: 'pending', at: expect.any(String), by: null }],
    });
  });

  test('a status change with the current version writes status, updatedAt and version + 1', async () => {
    const { record } = await createApplication(application());
    const res = await patch(record.id, { status: 'approved', version: 1 });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { success, application: changed } = (await res.json()) as {
      success: boolean;
      application: ApplicationRecord;
    };
    expect(success).toBe(true);
    expect(changed).toMatchObject({ id: record.id, status: 'approved', version: 2, createdAt: record.createdAt });
    expect(Date.parse(changed.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(record.createdAt));
  });

  test('a change without a version always applies; the same status again changes nothing', async () => {
    const { record } = await createApplication(application());
    const first = await (await patch(record.id, { status: 'rejected' })).json();
    expect(first.application).toMatchObject({ status: 'rejected', version: 2 });
    const again = await patch(record.id, { status: 'rejected' });
    expect(again.status).toBe(200);
    expect((await again.json()).application).toEqual(first.application);
  });

  test('a stale version → 409 with the current record, and nothing is written', async () => {
    const { record } = await createApplication(application());
    await patch(record.id, { status: 'approved', version: 1 });
    const stale = await patch(record.id, { status: 'rejected', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('cache-control')).toBe('no-store');
    const body = await stale.json();
    expect(body.error).toBe(APPLICATION_API_MESSAGES.conflict);
    expect(body.application).toMatchObject({ id: record.id, status: 'approved', version: 2 });
    const { history: entries } = await (await history(record.id)).json();
    expect(entries.map((e: { to: string }) => e.to)).toEqual(['pending', 'approved']);
  });

  test('bad input → 400, an unknown or malformed id → 404, other methods → 405; never a 5xx', async () => {
    const { record } = await createApplication(application());
    for (const body of [
      {},
      { status: 'done' },
      { status: 'Approved' },
      { status: null },
      { status: 'approved', version: 0 },
      { status: 'approved', version: '2' },
      { status: 'approved', version: 1.5 },
      [],
      'nope',
    ]) {
      const res = await patch(record.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await patch(record.id, JSON.stringify({ status: 'x'.repeat(20_000) }))).status).toBe(413);
    expect((await patch(randomUUID(), { status: 'approved' })).status).toBe(404);
    expect((await patch('not-a-uuid', { status: 'approved' })).status).toBe(404);
    expect((await history(randomUUID())).status).toBe(404);
    expect((await history('not-a-uuid')).status).toBe(404);
    const getOne = await call(patchRoute.loader, get(`/api/applications/${record.id}`, await teamAuth()));
    expect(getOne.status).toBe(405);
    expect(getOne.headers.get('allow')).toBe('PATCH');
    const put = new Request(`${PUBLIC_URL}/api/applications/${record.id}`, {
      method: 'PUT',
      headers: await teamAuth(),
    });
    expect((await call(patchRoute.action, put, undefined, { id: record.id })).status).toBe(405);
    expect((await csv('?type=Rider')).status).toBe(400);
    expect((await csv('?status=done')).status).toBe(400);
  });

  test('the history lists every change, oldest first, the creation first with from: null', async () => {
    const { record } = await createApplication(application());
    await patch(record.id, { status: 'approved', version: 1 });
    await patch(record.id, { status: 'rejected', version: 2 });
    await patch(record.id, { status: 'pending', version: 3 });
    const res = await history(record.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { history: entries } = (await res.json()) as { history: { from: string | null; to: string; at: string }[] };
    expect(entries.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: null, to: 'pending' },
      { from: 'pending', to: 'approved' },
      { from: 'approved', to: 'rejected' },
      { from: 'rejected', to: 'pending' },
    ]);
    const times = entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test('the CSV: BOM, semicolons, newest first, German status words, Berlin times, the list filters', async () => {
    const mentor = (await createApplication(application({ applicationType: 'Mentor', name: 'Max Mentor' }))).record;
    const mentee = (await createApplication(application({ name: 'Jürgen Müller', email: 'j@example.org' }))).record;
    const partner = (
      await createApplication(application({ applicationType: 'Business Partner', name: 'Petra Partner' }))
    ).record;
    // Summer time: Berlin is two hours ahead of UTC.
    for (const [record, at] of [
      [mentor, '2026-07-01T10:00:00Z'],
      [mentee, '2026-07-01T12:00:05Z'],
      [partner, '2026-07-01T13:00:00Z'],
    ] as const)
      await current()
        .db.update(schema.applications)
        .set({ createdAt: new Date(at) })
        .where(eq(schema.applications.id, record.id));
    await patch(mentee.id, { status: 'approved' });

    const all = await csv();
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect(all.headers.get('content-disposition')).toMatch(
      /^attachment; filename="bewerbungen-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await all.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csvRows(bytes.toString('utf8'));
    expect(rows[0]).toEqual([
      'ID',
      'Art',
      'Status',
      'Name',
      'E-Mail',
      'Website',
      'Nachricht',
      'Beworben am (Ortszeit Berlin)',
      'Geändert am (Ortszeit Berlin)',
      'Geändert von',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([partner.id, mentee.id, mentor.id]);
    expect(rows.find((r) => r[0] === mentee.id)).toEqual([
      mentee.id,
      'Mentee',
      'angenommen',
      'Jürgen Müller',
      'j@example.org',
      '',
      '',
      '01.07.2026 14:00:05',
      expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/),
      'Olivia Owner',
    ]);
    expect(rows.find((r) => r[0] === mentor.id)?.[2]).toBe('in Prüfung');

    const ids = async (query: string) =>
      csvRows(await (await csv(query)).text())
        .slice(1)
        .map((r) => r[0]);
    expect(await ids('?type=Mentor')).toEqual([mentor.id]);
    expect(await ids('?type=Business%20Partner')).toEqual([partner.id]);
    expect(await ids('?status=approved')).toEqual([mentee.id]);
    expect(await ids('?status=pending&type=All')).toEqual([partner.id, mentor.id]);
    expect(await ids('?q=m%C3%BCller')).toEqual([mentee.id]);
    expect(await ids('?type=Mentee&status=rejected')).toEqual([]);
  });

  test('the CSV neutralises cells that look like formulas and quotes separators', async () => {
    const attacks = ['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
    for (const [i, attack] of attacks.entries()) {
      await createApplication(
        application({
          name: attack,
          email: `x${i}@example.org`,
          message: `${attack};zweiter Teil`,
          websiteLink: attack,
        }),
      );
    }
    const text = (await (await csv()).text()).slice(BOM.length);
    // Each cell that starts like a formula starts with an apostrophe (inside quotes when quoted).
    const lines = text.split('\r\n').slice(1, -1);
    expect(lines.length).toBeGreaterThanOrEqual(attacks.length);
    for (const attack of attacks) {
      const escaped = attack.replace(/"/g, '""');
      expect(text).toContain(`'${escaped}`);
      expect(text).not.toMatch(new RegExp(`(^|;|")${escapeRegExp(escaped)}`, 'm'));
    }
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"");zweiter Teil"`);
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
