// POST /api/access and the access grant, on PGlite and PostgreSQL: the codes of ACCESS_CODES in
// any case, every attempt recorded without the code or the client's address in clear, 10 wrong
// codes per client (IPv6: per /64) per 15 minutes, 200 wrong codes in total per hour lock the
// check for everyone for 15 minutes, and a signed grant cookie that expires after 2 hours.
import { eq } from 'drizzle-orm';
import { createCookie } from 'react-router';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ACCESS_MESSAGES } from '~/copy/access';
import * as accessPage from '~/routes/access';
import * as accessRoute from '~/routes/api.access';
import {
  ACCESS_ATTEMPTS_KEPT_MS,
  ACCESS_BUDGET,
  ACCESS_LOCKDOWN_MAIL_KIND,
  ACCESS_LOCKDOWN_MS,
  ACCESS_GRANT_COOKIE,
  ACCESS_GRANT_TTL_MS,
  ACCESS_LOGGED_PER_WINDOW,
  ACCESS_WINDOW_MS,
  checkAccessCode,
  clientHash,
  type AccessCheck,
  codeHash,
  deleteOldAccessAttempts,
  grantCookie,
  grantState,
  hasAccessGrant,
} from '~/server/access/access-codes.server';
import { schema } from '~/server/db/db.server';
import { problemStatus } from '~/server/http/http.server';
import { sign } from '~/server/signing.server';
import { TEST_ACCESS_CODES, TEST_AUTH_SECRET } from '../support/codes';
import { describeEachDatabase } from '../support/database';
import { awayFromWindowEdge } from '../support/rate-windows';
import { call, get, post, useTestConfig } from '../support/routes';

const [CODE, SECOND_CODE] = TEST_ACCESS_CODES;
const tryCode = (code: unknown, ip = '192.0.2.10') => call(accessRoute.action, post('/api/access', { code }), ip);
const withCookie = (value: string) => get('/bewerbung', { Cookie: `other=1; ${ACCESS_GRANT_COOKIE}=${value}` });
/** The cookie's value in a Set-Cookie header. */
const valueOf = (setCookie: string) => /=([^;]*)/.exec(setCookie)![1]!;
/** A check's status and {valid, error} answer, as POST /api/access maps its result. */
const statusOf = (check: AccessCheck) => (check.ok ? 200 : problemStatus(check.problem));
const answerOf = (check: AccessCheck) => (check.ok ? check.value.answer : { valid: false, error: check.message });

describeEachDatabase('access codes', (current) => {
  const attempts = schema.accessAttempts;
  beforeAll(() => {
    useTestConfig();
  });
  beforeEach(async () => {
    await current().db.delete(schema.rateLimits);
    await current().db.delete(schema.lockdowns);
    await current().db.delete(schema.mailOutbox);
    await current().db.delete(attempts);
    await awayFromWindowEdge(ACCESS_WINDOW_MS, 20_000);
  });

  test('a right code → 200 {valid:true} and a grant cookie: HttpOnly, SameSite=Strict, Path=/, 2 hours', async () => {
    const res = await tryCode(CODE);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: true });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${ACCESS_GRANT_COOKIE}=[^;]+; `));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${ACCESS_GRANT_TTL_MS / 1000}`);
    // The test site is served over http: no Secure flag (a browser would drop the cookie).
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain(CODE);
    const value = /=([^;]+)/.exec(cookie)![1]!;
    expect(await hasAccessGrant(withCookie(value))).toBe(true);
  });

  test('every configured code works, in any case and with spaces around it', async () => {
    for (const code of [SECOND_CODE, CODE.toLowerCase(), ` ${CODE.slice(0, 2).toLowerCase()}${CODE.slice(2)} `]) {
      expect(await (await tryCode(code)).json(), code).toEqual({ valid: true });
    }
  });

  test('over https the grant cookie is Secure', async () => {
    useTestConfig({ PUBLIC_URL: 'https://bewegung.test' });
    try {
      expect((await tryCode(CODE)).headers.get('set-cookie')).toContain('; Secure');
    } finally {
      useTestConfig();
    }
  });

  test('a wrong code → 200 {valid:false} with a German message and no cookie', async () => {
    for (const code of ['WRONG', 'MENT0', 'ABCDF']) {
      const res = await tryCode(code);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ valid: false, error: ACCESS_MESSAGES.wrong });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  test('a code that is not five letters or digits is answered without being counted', async () => {
    for (const code of ['', 'ABC', 'ABCDEF', 'AB-DE', 'x'.repeat(64)]) {
      expect(await (await tryCode(code)).json(), code).toEqual({ valid: false, error: ACCESS_MESSAGES.incomplete });
    }
    expect(await current().db.select().from(attempts)).toEqual([]);
  });

  test('a malformed request → 400, 413 or 405, never a 5xx', async () => {
    for (const body of [{}, { code: 12345 }, { code: null }, { code: 'x'.repeat(65) }, 'nope', '[]']) {
      expect((await call(accessRoute.action, post('/api/access', body))).status, JSON.stringify(body)).toBe(400);
    }
    expect((await tryCode('x'.repeat(5000))).status).toBe(413);
    expect((await call(accessRoute.loader, get('/api/access'))).status).toBe(405);
  });

  test('every attempt is recorded with time and validity; the code and the address only as keyed hashes', async () => {
    const ip = '198.51.100.77';
    await tryCode('wrong', ip);
    await tryCode(CODE.toLowerCase(), ip);
    const rows = await current().db.select().from(attempts).orderBy(attempts.id);
    expect(rows.map((r) => [r.codeHash, r.valid, r.limited])).toEqual([
      [codeHash('WRONG'), false, false],
      [codeHash(CODE), true, false],
    ]);
    // Keyed like the address: no table of the 32^5 codes' hashes can be made without the secret.
    expect(codeHash(CODE, 'another-secret-another-secret-another')).not.toBe(codeHash(CODE));
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(CODE);
      expect(JSON.stringify(row)).not.toContain('WRONG');
      expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60_000);
      expect(row.clientHash).toBe(clientHash(ip));
      expect(JSON.stringify(row)).not.toContain(ip);
      expect(JSON.stringify(row)).not.toContain('198.51');
    }
    // Keyed: another secret gives another hash, so the address cannot be found by hashing guesses.
    expect(clientHash(ip, 'another-secret-another-secret-another')).not.toBe(clientHash(ip));
    expect(clientHash('198.51.100.78')).not.toBe(clientHash(ip));
    // Nor is the address in clear in the rate-limit counters.
    const counters = await current().db.select().from(schema.rateLimits);
    expect(JSON.stringify(counters)).not.toContain(ip);
  });

  test('after 10 wrong codes from one client, even the right code → 429 for the rest of 15 minutes', async () => {
    const ip = '192.0.2.30';
    for (let i = 0; i < 10; i++) expect(await (await tryCode('WRONG', ip)).json()).toMatchObject({ valid: false });
    const limited = await tryCode(CODE, ip);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ valid: false, error: ACCESS_MESSAGES.tooMany });
    expect(limited.headers.get('set-cookie')).toBeNull();
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const [last] = await current().db.select().from(attempts).where(eq(attempts.limited, true));
    expect(last).toMatchObject({ codeHash: codeHash(CODE), limited: true });
    // Another client is not affected, and the next window starts fresh.
    expect(await (await tryCode(CODE, '192.0.2.31')).json()).toEqual({ valid: true });
    expect(answerOf(await checkAccessCode(CODE, ip, Date.now() + ACCESS_WINDOW_MS))).toEqual({ valid: true });
  });

  test('an IPv6 client is counted by its /64: new addresses in the same network do not get 10 more tries', async () => {
    for (let i = 1; i <= 10; i++) {
      expect((await tryCode('WRONG', `2001:db8:7:1::${i.toString(16)}`)).status).toBe(200);
    }
    expect((await tryCode(CODE, '2001:db8:7:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    // An IPv4-mapped address is the IPv4 client; another /64 is another client.
    for (let i = 0; i < 10; i++) await tryCode('WRONG', '192.0.2.35');
    expect((await tryCode(CODE, '::ffff:192.0.2.35')).status).toBe(429);
    expect((await tryCode(CODE, '2001:db8:7:2::1')).status).toBe(200);
  });

  test('200 wrong codes in an hour from many clients lock the check for everyone for 15 minutes; the team is mailed once', async () => {
    useTestConfig({ TEAM_NOTIFY_EMAIL: 'team@bewegung.test' });
    try {
      const start = Date.now();
      // 200 clients, one wrong code each, spread over 50 minutes: no client reaches its own limit.
      for (let i = 0; i < ACCESS_BUDGET; i++) {
        const at = start + Math.floor((i * 50 * 60_000) / ACCESS_BUDGET);
        const check = await checkAccessCode('WRONG', `198.18.${i >> 8}.${i & 255}`, at);
        expect(statusOf(check), `wrong code ${i + 1}`).toBe(200);
      }
      const locked = start + 50 * 60_000 + 1000;
      // Now even the right code from a new client is refused, until 15 minutes after the 200th.
      const refused = await checkAccessCode(CODE, '203.0.113.200', locked);
      expect(statusOf(refused)).toBe(429);
      expect(answerOf(refused)).toEqual({ valid: false, error: ACCESS_MESSAGES.tooMany });
      expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(14 * 60);
      expect((refused as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(15 * 60);
      const over = start + Math.floor((199 * 50 * 60_000) / ACCESS_BUDGET) + ACCESS_LOCKDOWN_MS + 1000;
      expect(answerOf(await checkAccessCode(CODE, '203.0.113.200', over))).toEqual({ valid: true });
      // The count starts afresh: the next wrong codes do not lock again at once.
      expect(statusOf(await checkAccessCode('WRONG', '203.0.113.201', over))).toBe(200);
      expect(statusOf(await checkAccessCode(CODE, '203.0.113.202', over + 1000))).toBe(200);
      const mails = await current().db.select().from(schema.mailOutbox);
      expect(mails.map((m) => [m.kind, m.toAddress])).toEqual([[ACCESS_LOCKDOWN_MAIL_KIND, 'team@bewegung.test']]);
      expect(mails[0]!.text).toContain('/access');
    } finally {
      useTestConfig();
    }
  });

  test('parallel wrong codes that spend the budget start one lockdown and one team mail', async () => {
    useTestConfig({ TEAM_NOTIFY_EMAIL: 'team@bewegung.test' });
    try {
      for (let i = 0; i < ACCESS_BUDGET - 5; i++) await checkAccessCode('WRONG', `198.18.1.${i}`);
      await Promise.all(Array.from({ length: 20 }, (_, i) => checkAccessCode('WRONG', `198.18.2.${i}`)));
      expect(statusOf(await checkAccessCode(CODE, '198.18.3.1'))).toBe(429);
      expect(await current().db.select().from(schema.lockdowns)).toHaveLength(1);
      expect(await current().db.select().from(schema.mailOutbox)).toHaveLength(1);
    } finally {
      useTestConfig();
    }
  });

  test('a second lockdown the same day is logged, not mailed again; wrong codes an hour apart never lock', async () => {
    useTestConfig({ TEAM_NOTIFY_EMAIL: 'team@bewegung.test' });
    try {
      const start = Date.now();
      const spend = async (from: number, spacing: number) => {
        for (let i = 0; i < ACCESS_BUDGET; i++)
          await checkAccessCode('WRONG', `198.19.${i >> 8}.${i & 255}`, from + i * spacing);
      };
      await spend(start, 1000);
      const afterFirst = start + ACCESS_BUDGET * 1000 + ACCESS_LOCKDOWN_MS;
      await current().db.delete(schema.rateLimits);
      await spend(afterFirst, 1000);
      expect(statusOf(await checkAccessCode(CODE, '203.0.113.9', afterFirst + ACCESS_BUDGET * 1000))).toBe(429);
      expect(await current().db.select().from(schema.mailOutbox)).toHaveLength(1);
      // 200 wrong codes spread over more than an hour: never 200 within one hour.
      const later = afterFirst + 2 * ACCESS_LOCKDOWN_MS + ACCESS_BUDGET * 1000;
      await current().db.delete(schema.rateLimits);
      await spend(later, 20_000);
      expect(statusOf(await checkAccessCode(CODE, '203.0.113.9', later + ACCESS_BUDGET * 20_000))).toBe(200);
    } finally {
      useTestConfig();
    }
  });

  test('right codes do not count towards the limit', async () => {
    const ip = '192.0.2.40';
    for (let i = 0; i < 9; i++) await tryCode('WRONG', ip);
    for (let i = 0; i < 5; i++) expect((await tryCode(CODE, ip)).status).toBe(200);
    expect((await tryCode('WRONG', ip)).status).toBe(200);
    expect((await tryCode('WRONG', ip)).status).toBe(429);
  });

  test('parallel wrong guesses cannot get past the limit', async () => {
    const ip = '192.0.2.50';
    const answers = await Promise.all(Array.from({ length: 25 }, () => tryCode('WRONG', ip)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
  });

  test('a grant that is missing, forged, for another purpose or expired is not accepted', async () => {
    const now = Date.now();
    const grant = { expiresAt: now + 60_000 };
    const signedWith = async (secret: string) =>
      valueOf(await createCookie(ACCESS_GRANT_COOKIE, { secrets: [secret] }).serialize(grant));
    expect(await hasAccessGrant(get('/bewerbung'))).toBe(false);
    expect(await hasAccessGrant(withCookie(''))).toBe(false);
    expect(await hasAccessGrant(withCookie('v1-99999999999999.forged'))).toBe(false);
    // Signed with another secret, or with AUTH_SECRET itself instead of the grant's own key.
    expect(await hasAccessGrant(withCookie(await signedWith('x'.repeat(40))))).toBe(false);
    expect(await hasAccessGrant(withCookie(await signedWith(TEST_AUTH_SECRET)))).toBe(false);
    // Unsigned (what a client could write itself), and a team token.
    expect(await hasAccessGrant(withCookie(valueOf(await createCookie(ACCESS_GRANT_COOKIE).serialize(grant))))).toBe(
      false,
    );
    expect(await hasAccessGrant(withCookie(sign('team-session', `v1-${now + 60_000}`)))).toBe(false);
    expect(await hasAccessGrant(withCookie('%E0%A4%A'))).toBe(false);
    const made = withCookie(valueOf(await grantCookie(now)));
    expect(await hasAccessGrant(made, now + ACCESS_GRANT_TTL_MS - 1)).toBe(true);
    expect(await hasAccessGrant(made, now + ACCESS_GRANT_TTL_MS)).toBe(false);
    expect(await hasAccessGrant(withCookie(valueOf(await grantCookie(now - ACCESS_GRANT_TTL_MS - 1))))).toBe(false);
    // A grant that ran out (or was forged) is told apart from none, so the page can say so.
    expect(await grantState(made, now + ACCESS_GRANT_TTL_MS)).toBe('expired');
    expect(await grantState(get('/bewerbung'))).toBe('missing');
  });

  test('a flood from one client is counted, but logs at most 100 attempts per window', async () => {
    const ip = '192.0.2.60';
    for (let i = 0; i < ACCESS_LOGGED_PER_WINDOW + 20; i++) await checkAccessCode('WRONG', ip);
    expect(await current().db.select().from(attempts)).toHaveLength(ACCESS_LOGGED_PER_WINDOW);
    const [counter] = await current()
      .db.select()
      .from(schema.rateLimits)
      .where(eq(schema.rateLimits.bucket, 'access-code'));
    expect(counter!.hits).toBe(ACCESS_LOGGED_PER_WINDOW + 20);
  });

  describe('the code page without JavaScript', () => {
    const postForm = (codes: string[], ip = '192.0.2.70') =>
      call(
        accessPage.action,
        new Request('http://bewegung.test/access', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(codes.map((c) => ['code', c])).toString(),
        }),
        ip,
      ) as unknown as Promise<Response | { data: { error?: string }; init: ResponseInit }>;

    test('five boxes with the right code → 303 to /bewerbung with the grant cookie', async () => {
      const res = (await postForm([...CODE.toLowerCase()])) as Response;
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/bewerbung');
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toContain('HttpOnly');
      expect(await hasAccessGrant(withCookie(valueOf(cookie)))).toBe(true);
    });

    test('a wrong or incomplete code shows the page again with the message', async () => {
      const wrong = (await postForm([...'WRONG'])) as { data: { error?: string }; init: ResponseInit };
      expect(wrong.data.error).toBe(ACCESS_MESSAGES.wrong);
      const short = (await postForm(['A', 'B', '', '', ''])) as { data: { error?: string } };
      expect(short.data.error).toBe(ACCESS_MESSAGES.incomplete);
      const ip = '192.0.2.71';
      for (let i = 0; i < 10; i++) await postForm([...'WRONG'], ip);
      const limited = (await postForm([...CODE], ip)) as { data: { error?: string }; init: ResponseInit };
      expect(limited.init.status).toBe(429);
      expect(limited.data.error).toBe(ACCESS_MESSAGES.tooMany);
    });
  });

  test('attempts older than 30 days are deleted by the retention sweep', async () => {
    const now = Date.now();
    await current()
      .db.insert(attempts)
      .values([
        { codeHash: 'older', valid: false, clientHash: 'h', createdAt: new Date(now - ACCESS_ATTEMPTS_KEPT_MS - 1000) },
        {
          codeHash: 'newer',
          valid: false,
          clientHash: 'h',
          createdAt: new Date(now - ACCESS_ATTEMPTS_KEPT_MS + 60_000),
        },
      ]);
    expect(await deleteOldAccessAttempts(now)).toBe(1);
    expect((await current().db.select().from(attempts)).map((r) => r.codeHash)).toEqual(['newer']);
  });
});
