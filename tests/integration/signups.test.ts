// POST /api/signups and the team's GET /api/signups(.csv) on PGlite and PostgreSQL.
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { SIGNUP_API_MESSAGES, SIGNUP_MESSAGES } from '~/copy/signup';
import * as signupsCsvRoute from '~/routes/api.signups[.]csv';
import * as signupsRoute from '~/routes/api.signups';
import { schema } from '~/server/db/db.server';
import { csvLines } from '../support/csv';
import { describeEachDatabase, emptyTables } from '../support/database';
import { bearer, call, expiredTeamAuth, get, post, PUBLIC_URL, teamAuth, useTestConfig } from '../support/routes';
import { awayFromWindowEdge } from '../support/rate-windows';

const signup = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  userType: 'reiter',
  name: 'Anna Reiter',
  email: 'anna@example.org',
  newsletterOptIn: false,
  timestamp: '2026-11-22T08:15:00.000Z',
  ...over,
});

const submit = (body: unknown, ip?: string, headers?: Record<string, string>) =>
  call(signupsRoute.action, post('/api/signups', body, headers), ip);

describeEachDatabase('POST /api/signups', (current) => {
  beforeAll(() => {
    useTestConfig();
  });
  beforeEach(() => emptyTables(current().db, schema.signups, schema.rateLimits));
  const rows = () => current().db.select().from(schema.signups);

  test('stores the trimmed record and answers 201 {id, data} with every stored field', async () => {
    const body = signup({ name: '  Anna Reiter ', email: ' anna@example.org  ', userType: 'trainer' });
    const res = await submit(body);
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toEqual({
      id: body.id,
      data: {
        id: body.id,
        userType: 'trainer',
        name: 'Anna Reiter',
        email: 'anna@example.org',
        newsletterOptIn: false,
        timestamp: '2026-11-22T08:15:00.000Z',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });
    const [row] = await rows();
    expect(row).toMatchObject({ id: body.id, name: 'Anna Reiter', email: 'anna@example.org', userType: 'trainer' });
    expect(row!.createdAt.toISOString()).toBe(answer.data.createdAt);
  });

  test('the newsletter opt-in defaults to true; a missing id and timestamp are fine', async () => {
    const res = await submit({ userType: 'reiter', name: 'Bea', email: 'bea@example.org' });
    expect(res.status).toBe(201);
    const { id, data } = await res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data).toMatchObject({ newsletterOptIn: true, timestamp: null });
  });

  test('the same id again answers 200 {id} alone (never the stored name or address) and stores no duplicate', async () => {
    const body = signup();
    const first = await (await submit(body)).json();
    const again = await submit({ ...body, name: 'Someone Else' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id: first.id });
    expect(await rows()).toHaveLength(1);
    expect((await rows())[0]!.name).toBe('Anna Reiter');
  });

  test('only application/json from the site itself: another content type → 415, another Origin → 403', async () => {
    const body = JSON.stringify(signup());
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const res = await submit(body, undefined, { 'Content-Type': type });
      expect(res.status, type).toBe(415);
    }
    for (const origin of ['https://evil.example', 'null', 'http://bewegung.test.evil.example']) {
      const res = await submit(body, undefined, { Origin: origin });
      expect(res.status, origin).toBe(403);
      expect((await res.json()).error).toBe(SIGNUP_API_MESSAGES.forbidden);
    }
    expect(await rows()).toHaveLength(0);
    // The site's own origin, JSON with a charset, and no Origin at all (not a browser's page) pass.
    expect((await submit(signup(), undefined, { Origin: PUBLIC_URL })).status).toBe(201);
    expect((await submit(signup(), undefined, { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(201);
  });

  test('a burst of retries with one id (double click) stores exactly one record', async () => {
    const body = signup();
    const answers = await Promise.all(Array.from({ length: 12 }, () => submit(body)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { id: string; data?: unknown }[];
    expect(new Set(bodies.map((b) => b.id))).toEqual(new Set([body.id]));
    expect(bodies.filter((b) => b.data)).toHaveLength(1);
    const [{ n }] = (await current().db.select({ n: count() }).from(schema.signups)) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });

  test('the same id with differing bodies in one write: the answer and the confirmation mail follow the stored row', async () => {
    const id = crypto.randomUUID();
    const bodies = [
      signup({ id, name: 'Erste Anmeldung', newsletterOptIn: true }),
      ...Array.from({ length: 11 }, () => signup({ id, name: 'Spätere Anmeldung', newsletterOptIn: false })),
    ];
    const answers = await Promise.all(bodies.map((b) => submit(b)));
    const created = answers.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const [stored] = await rows();
    expect((await created[0]!.json()).data).toMatchObject({
      name: stored!.name,
      newsletterOptIn: stored!.newsletterOptIn,
    });
    const mails = await current().db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.signupId, id));
    expect(mails).toHaveLength(stored!.newsletterOptIn ? 1 : 0);
  });

  test('many parallel signups (written together) are each answered 201 with their own record', async () => {
    const bodies = Array.from({ length: 120 }, (_, i) => signup({ name: `Parallel ${i}` }));
    const answers = await Promise.all(bodies.map((b) => submit(b)));
    expect(answers.map((r) => r.status)).toEqual(bodies.map(() => 201));
    const data = await Promise.all(answers.map((r) => r.json()));
    expect(data.map((d) => [d.id, d.data.name])).toEqual(bodies.map((b) => [b.id, b.name]));
    expect(await rows()).toHaveLength(120);
  });

  test.each([
    [{ name: '' }, SIGNUP_MESSAGES.empty, ['name']],
    [{ name: '   ', email: '  ' }, SIGNUP_MESSAGES.empty, ['name', 'email']],
    [{ email: 'anna.example.org' }, SIGNUP_MESSAGES.email, ['email']],
    [{ userType: 'admin' }, SIGNUP_API_MESSAGES.invalid, ['userType']],
    [{ newsletterOptIn: 'yes' }, SIGNUP_API_MESSAGES.invalid, ['newsletterOptIn']],
    [{ timestamp: 'gestern' }, SIGNUP_API_MESSAGES.invalid, ['timestamp']],
    [{ id: '../../etc' }, SIGNUP_API_MESSAGES.invalid, ['id']],
    [{ name: 'x'.repeat(500) }, SIGNUP_API_MESSAGES.tooLong, ['name']],
  ])('bad input %o → 400 with the German message and the field', async (change, error, fields) => {
    const res = await submit(signup(change));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe(error);
    expect(Object.keys(body.fields).sort()).toEqual([...fields].sort());
    // Each field with its message, as every 400 says them.
    for (const field of fields) expect(typeof body.fields[field]).toBe('string');
    expect(await rows()).toHaveLength(0);
  });

  test.each(['', 'not json', '[1,2]', 'null', '"text"', '{"name":'])(
    'a body that is no JSON object (%j) → 400',
    async (raw) => {
      const res = await submit(raw);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(SIGNUP_API_MESSAGES.invalid);
    },
  );

  test('an oversized body → 413, whether Content-Length says so or not', async () => {
    const big = JSON.stringify(signup({ name: 'x'.repeat(40_000) }));
    const declared = await submit(big, undefined, { 'Content-Length': String(big.length) });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toBe(SIGNUP_API_MESSAGES.tooLarge);
    // Streamed without a length: the reader stops at the limit.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 64; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const request = new Request(`${PUBLIC_URL}/api/signups`, {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    const streamed = await call(signupsRoute.action, request);
    expect(streamed.status).toBe(413);
    expect(await rows()).toHaveLength(0);
  });

  test('other methods → 405', async () => {
    const res = await call(signupsRoute.action, new Request(`${PUBLIC_URL}/api/signups`, { method: 'DELETE' }));
    expect(res.status).toBe(405);
  });

  test('any input at all is answered with 201, 400 or 413, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              id: fc.oneof(fc.uuid(), fc.string(), fc.integer()),
              userType: fc.oneof(fc.constantFrom('reiter', 'trainer'), fc.string(), fc.constant(null)),
              name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
              email: fc.oneof(fc.emailAddress(), fc.string()),
              newsletterOptIn: fc.oneof(fc.boolean(), fc.string()),
              timestamp: fc.oneof(
                fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
                fc.string(),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
        async (body) => {
          const res = await submit(JSON.stringify(body));
          expect([200, 201, 400, 413]).toContain(res.status);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a filled honeypot looks like success but stores nothing', async () => {
    const body = signup({ referenz: 'http://spam.example' });
    const res = await submit(body);
    expect(res.status).toBe(201);
    expect((await res.json()).data).toMatchObject({ name: 'Anna Reiter' });
    expect(await rows()).toHaveLength(0);
    // An empty honeypot (what people send) is fine.
    expect((await submit(signup({ referenz: '' }))).status).toBe(201);
    expect(await rows()).toHaveLength(1);
  });
});

describeEachDatabase('signup rate limit', (current) => {
  beforeAll(() => {
    useTestConfig({ SIGNUP_RATE_LIMIT: '3' });
  });

  test('more than SIGNUP_RATE_LIMIT signups a minute from one address → 429 with a German message', async () => {
    await awayFromWindowEdge();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await submit(signup(), '198.51.100.7'));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    const limited = answers[3]!;
    expect((await limited.json()).error).toBe(SIGNUP_API_MESSAGES.rateLimited);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await submit(signup(), '198.51.100.8')).status).toBe(201);
    const stored = await current().db.select().from(schema.signups);
    expect(stored.filter((r) => r.name === 'Anna Reiter')).toHaveLength(4);
  });

  test('the count lives in the database: a parallel burst cannot get past it', async () => {
    await awayFromWindowEdge();
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(signup(), '198.51.100.9')));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
    const [row] = await current().db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, '198.51.100.9'));
    expect(row!.hits).toBe(10);
  });
});

describeEachDatabase('GET /api/signups and /api/signups.csv', (current) => {
  beforeAll(async () => {
    useTestConfig();
    await current().db.delete(schema.signups);
    await current()
      .db.insert(schema.signups)
      .values([
        {
          id: 'old-signup-1',
          userType: 'reiter',
          name: 'Ältere Anmeldung',
          email: 'a@example.org',
          createdAt: new Date('2026-01-01T10:00:00Z'),
        },
        {
          id: 'new-signup-2',
          userType: 'trainer',
          name: '=HYPERLINK("http://evil")',
          email: 'b;c@example.org',
          newsletterOptIn: false,
          createdAt: new Date('2026-02-01T10:00:00Z'),
        },
      ]);
  });

  test('401 without a team token, with a wrong one or an expired one', async () => {
    for (const headers of [{}, bearer('nonsense'), await expiredTeamAuth(), { Authorization: 'Basic eDp5' }]) {
      for (const route of [signupsRoute.loader, signupsCsvRoute.loader]) {
        const res = await call(route, get('/api/signups', headers));
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
      }
    }
  });

  test('the list, newest first, with the double opt-in state', async () => {
    const res = await call(signupsRoute.loader, get('/api/signups', await teamAuth()));
    expect(res.status).toBe(200);
    const { signups } = await res.json();
    expect(signups.map((s: { id: string }) => s.id)).toEqual(['new-signup-2', 'old-signup-1']);
    expect(signups[1]).toMatchObject({
      name: 'Ältere Anmeldung',
      newsletterOptIn: true,
      newsletterConfirmedAt: null,
      newsletterUnsubscribedAt: null,
      newsletterUndeliverableAt: null,
      createdAt: '2026-01-01T10:00:00.000Z',
    });
  });

  test('the CSV export opens in German Excel: BOM, semicolons, umlauts, no formulas', async () => {
    const res = await call(signupsCsvRoute.loader, get('/api/signups.csv', await teamAuth()));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="anmeldungen-\d{4}-\d\d-\d\d\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvLines(new TextDecoder().decode(bytes));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'ID;Typ;Name;E-Mail;Newsletter gewünscht;Newsletter bestätigt am;Newsletter abgemeldet am;Newsletter unzustellbar seit;Zeitstempel (Gerät);Angemeldet am',
    );
    expect(lines[1]).toBe(
      `new-signup-2;Trainerin;"'=HYPERLINK(""http://evil"")";"b;c@example.org";nein;;;;;2026-02-01T10:00:00.000Z`,
    );
    expect(lines[2]).toBe('old-signup-1;Reiterin;Ältere Anmeldung;a@example.org;ja;;;;;2026-01-01T10:00:00.000Z');
  });
});
