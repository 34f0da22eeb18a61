// Accounts through Better Auth's endpoints on PGlite and PostgreSQL, with a real SMTP server:
// sign-up (the same answer for an address that has an account), sign-in, the limits in the
// database, email verification (the link and the password, so an account made for someone else's
// address is never verified), the reset flow, the export and the deletion of an account with what
// belongs to it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApplication } from '~/server/applications/store.server';
import { getAuth } from '~/server/accounts/auth.server';
import { schema } from '~/server/db/db.server';
import { sweepMailOutbox } from '~/server/app/mail-queues.server';
import { startOutbox } from '~/server/mail/outbox.server';
import { createSignup } from '~/server/signups/writer.server';
import * as authApi from '~/routes/api.auth.$';
import * as exportRoute from '~/routes/api.account.export';
import * as authPage from '~/routes/auth';
import * as kontoPage from '~/routes/konto';
import * as resetPage from '~/routes/passwort-neu';
import * as verifyPage from '~/routes/konto.bestaetigen';
import { describeEachDatabase } from '../support/database';
import { PUBLIC_URL, call, get, useTestConfig } from '../support/routes';
import { smtpSink } from '../support/smtp';
import { PASSWORD, authGet, authPost, freshAddress, freshEmail, signIn, signUp } from '../support/accounts';

const smtp = smtpSink();

/** A form post from the browser to one of the account pages (no JavaScript). */
const formPost = (path: string, fields: Record<string, string>, cookie = '') =>
  new Request(`${PUBLIC_URL}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: PUBLIC_URL,
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'document',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
/** The data of a route action's answer (a `data()` result or a plain object). */
const actionResult = (answer: unknown) =>
  ((answer as { data?: unknown }).data ?? answer) as { notice?: { ok: boolean; message: string }; done?: boolean };

const useConfig = (env: Record<string, string> = {}) =>
  useTestConfig({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT: '5', ...env });
const mailTo = (to: string, subject: RegExp) => smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject));
const sessionOf = (cookie: string) => getAuth().api.getSession({ headers: new Headers({ Cookie: cookie }) });
const verifyLink = async (email: string) =>
  new URL((await mailTo(email, /bestätige/)).links.find((l) => l.includes('/konto/bestaetigen'))!);
/** What the verification link's page shows (nothing is changed by opening it). */
const verifyPageState = async (link: URL) =>
  (await call(verifyPage.loader, get(`${link.pathname}${link.search}`))) as unknown as {
    state: string;
    email: string | null;
  };
/** The verification page's form: the link's token and a password. */
const verifyWith = (link: URL, password: string, cookie = '') =>
  call(
    verifyPage.action,
    formPost('/konto/bestaetigen', { token: link.searchParams.get('token')!, password }, cookie),
    freshAddress(),
  ) as Promise<unknown>;
const resetLink = async (email: string) =>
  new URL((await mailTo(email, /neues Passwort/)).links.find((l) => l.includes('/passwort-neu'))!);

describeEachDatabase('accounts', (current) => {
  const emailVerified = async (email: string) =>
    (await current().db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email)))[0]!.emailVerified;
  let stopOutbox: () => Promise<void>;
  beforeAll(() => {
    useConfig();
    stopOutbox = startOutbox([sweepMailOutbox], 60_000);
  });
  // Before the database closes: the outbox may still be marking mails as sent.
  afterAll(() => stopOutbox());

  describe('sign-up and sign-in', () => {
    test('a sign-up creates an unverified account, does not sign in, and mails a German link to the verification page', async () => {
      const email = freshEmail();
      const answer = await authPost('/sign-up/email', { email, password: PASSWORD, name: '' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ token: null, user: { email, emailVerified: false } });
      expect(answer.cookie).toBe('');
      const mail = await mailTo(email, /bestätige/);
      expect(mail.subject).toBe('Bitte bestätige deine E-Mail-Adresse');
      expect(mail.text).toContain('Hallo,');
      expect(mail.text).toContain('Dort fragen wir nach dem Passwort');
      expect(mail.links.some((l) => l.startsWith(`${PUBLIC_URL}/konto/bestaetigen?token=`))).toBe(true);
      expect(mail.links.some((l) => l.includes('/api/auth/'))).toBe(false);
    });

    test('signing in sets a strict session cookie; behind https it is Secure', async () => {
      const { email } = await signUp();
      const answer = await signIn(email);
      const setCookie = answer.response.headers.getSetCookie().find((c) => c.includes('session_token='))!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      // Plain http (this test's PUBLIC_URL): no Secure flag, or the browser would drop the cookie.
      expect(setCookie).not.toMatch(/Secure/i);
      expect((await sessionOf(answer.cookie))?.user).toMatchObject({ email, emailVerified: false });
      useConfig({ PUBLIC_URL: 'https://bewegung.test' });
      try {
        const secure = await authPost(
          '/sign-in/email',
          { email, password: PASSWORD },
          { origin: 'https://bewegung.test' },
        );
        expect(secure.status).toBe(200);
        const cookie = secure.response.headers.getSetCookie().find((c) => c.includes('session_token='))!;
        expect(cookie).toMatch(/; Secure/i);
        expect(cookie).toMatch(/HttpOnly/i);
      } finally {
        useConfig();
      }
    });

    test('a sign-up for an address that has an account answers exactly as for a new one; the owner is mailed', async () => {
      const { email } = await signUp();
      await mailTo(email, /bestätige/);
      const fresh = await authPost('/sign-up/email', { email: freshEmail(), password: PASSWORD, name: '' });
      const again = await authPost('/sign-up/email', {
        email: email.toUpperCase(),
        password: 'ein-anderes-passwort',
        name: '',
      });
      expect(again.status).toBe(fresh.status);
      expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(Object.keys(again.body.user as object).sort()).toEqual(Object.keys(fresh.body.user as object).sort());
      expect(again.body).toMatchObject({ token: null, user: { email, emailVerified: false } });
      expect(again.cookie).toBe('');
      expect([...again.response.headers.keys()].sort()).toEqual([...fresh.response.headers.keys()].sort());
      const users = await current()
        .db.select()
        .from(schema.authUsers)
        .where(sql`lower(${schema.authUsers.email}) = ${email}`);
      expect(users).toHaveLength(1);
      const notice = await mailTo(email, /schon ein Konto/);
      expect(notice.text).toContain(`${PUBLIC_URL}/auth`);
      expect(notice.text).toContain('Forgot Password?');
      // The old password still works, the one sent with the second sign-up does not.
      expect((await signIn(email)).status).toBe(200);
      expect((await signIn(email, 'ein-anderes-passwort')).status).toBe(401);
      // A flood of such sign-ups does not flood the owner's mailbox: at most one notice an hour.
      await authPost('/sign-up/email', { email, password: PASSWORD, name: '' });
      const o = schema.mailOutbox;
      const notices = await current()
        .db.select()
        .from(o)
        .where(sql`${o.toAddress} = ${email} and ${o.kind} = 'existing-account'`);
      expect(notices).toHaveLength(1);
    });

    test('a body over 16 KB is refused with 413 before Better Auth reads it', async () => {
      const answer = await authPost('/sign-up/email', { email: freshEmail(), password: 'x'.repeat(20_000), name: '' });
      expect(answer.status).toBe(413);
    });

    test('malformed JSON answers a 4xx, never a 5xx', async () => {
      const request = new Request(`${PUBLIC_URL}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL },
        body: '{"email": ',
      });
      const response = await call(authApi.action, request, freshAddress());
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });

    test('a password shorter than 10 characters is refused', async () => {
      const answer = await authPost('/sign-up/email', { email: freshEmail(), password: 'kurz-123', name: '' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Password too short');
    });

    test('the right password signs in before the email is verified; a wrong one answers the backend’s message', async () => {
      const { email } = await signUp();
      const right = await signIn(email);
      expect(right.status).toBe(200);
      expect((await sessionOf(right.cookie))?.user.email).toBe(email);
      const wrong = await signIn(email, 'falsches-passwort');
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid email or password');
      expect(wrong.cookie).toBe('');
    });

    test('a state-changing request with a session cookie from another origin is refused', async () => {
      const { cookie } = await signUp();
      const answer = await authPost('/sign-out', {}, { cookie, origin: 'https://evil.example' });
      expect(answer.status).toBe(403);
      expect(await sessionOf(cookie)).not.toBeNull();
    });
  });

  describe('limits', () => {
    test('after 5 sign-in attempts a minute from one address the 6th is refused, even with the right password', async () => {
      const { email } = await signUp();
      const ip = freshAddress();
      for (let i = 0; i < 5; i++) expect((await signIn(email, 'falsches-passwort', ip)).status).toBe(401);
      const limited = await signIn(email, PASSWORD, ip);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many requests. Please try again later.');
      // Another address is not affected.
      expect((await signIn(email, PASSWORD, freshAddress())).status).toBe(200);
    });

    test('the counters are in the database: a second server instance on it sees the same limit', async () => {
      const { email } = await signUp();
      const ip = freshAddress();
      for (let i = 0; i < 5; i++) await signIn(email, 'falsches-passwort', ip);
      const first = getAuth();
      useConfig(); // a new configuration: a new Better Auth instance, as in a second process
      expect(getAuth()).not.toBe(first);
      expect((await signIn(email, PASSWORD, ip)).status).toBe(429);
      const rows = await current().db.select().from(schema.authRateLimits);
      expect(rows.some((r) => r.key.includes(ip) && r.key.includes('/sign-in/email'))).toBe(true);
    });

    test('AUTH_RATE_LIMIT=0 turns the limits off', async () => {
      useConfig({ AUTH_RATE_LIMIT: '0' });
      try {
        const { email } = await signUp();
        const ip = freshAddress();
        for (let i = 0; i < 7; i++) expect((await signIn(email, 'falsches-passwort', ip)).status).toBe(401);
      } finally {
        useConfig();
      }
    });

    test('sign-ups and password-reset requests are limited too', async () => {
      const ip = freshAddress();
      for (let i = 0; i < 5; i++) {
        expect(
          (await authPost('/sign-up/email', { email: freshEmail(), password: PASSWORD, name: '' }, { ip })).status,
        ).toBe(200);
      }
      expect(
        (await authPost('/sign-up/email', { email: freshEmail(), password: PASSWORD, name: '' }, { ip })).status,
      ).toBe(429);
      const resetIp = freshAddress();
      for (let i = 0; i < 5; i++) {
        expect((await authPost('/request-password-reset', { email: freshEmail() }, { ip: resetIp })).status).toBe(200);
      }
      expect((await authPost('/request-password-reset', { email: freshEmail() }, { ip: resetIp })).status).toBe(429);
    });
  });

  describe('the /auth form (a plain form post)', () => {
    test('a form post goes through Better Auth’s limiter: the 6th sign-in from one address is refused', async () => {
      const { email } = await signUp();
      const ip = freshAddress();
      const tryOnce = () =>
        call(
          authPage.action,
          formPost('/auth?mode=sign-in', { intent: 'sign-in', email, password: 'falsch-falsch' }),
          ip,
        );
      for (let i = 0; i < 5; i++)
        expect(actionResult(await tryOnce()).notice?.message).toBe('Invalid email or password');
      expect(actionResult(await tryOnce()).notice?.message).toBe('Too many requests. Please try again later.');
    });

    test('a sign-in by form answers "Signed in successfully!" and passes the session cookie on', async () => {
      const { email } = await signUp();
      const answer = (await call(
        authPage.action,
        formPost('/auth', { intent: 'sign-in', email, password: PASSWORD }),
      )) as unknown as { data: { notice: unknown; signedInAs: string }; init: { headers: Headers } };
      expect(answer.data).toMatchObject({
        notice: { ok: true, message: 'Signed in successfully!' },
        signedInAs: email,
      });
      expect(answer.init.headers.getSetCookie().join()).toContain('session_token=');
    });

    test('"Forgot Password?" without an email asks for it and sends nothing', async () => {
      const result = actionResult(await call(authPage.action, formPost('/auth', { intent: 'reset', email: '' })));
      expect(result.notice).toEqual({ ok: false, message: 'Please enter your email address first' });
    });
  });

  describe('verification', () => {
    test('the mailed link and the password verify the address; only then are its applications and signups shown', async () => {
      const email = freshEmail('verify');
      const signedUp = (await call(
        authPage.action,
        formPost('/auth?mode=sign-up', { intent: 'sign-up', email, password: PASSWORD }),
      )) as unknown as { data: { notice: unknown; signedInAs: unknown }; init: { headers: Headers } };
      expect(signedUp.data.notice).toMatchObject({ ok: true, message: 'Account created successfully!' });
      expect(signedUp.data.signedInAs).toBeNull();
      expect(signedUp.init.headers.getSetCookie()).toEqual([]);
      const cookie = (await signIn(email)).cookie;
      await createApplication({
        id: crypto.randomUUID(),
        applicationType: 'Mentee',
        name: 'Jördis',
        email: email.toUpperCase(),
      });
      await createSignup({ userType: 'reiter', name: 'Jördis', email, newsletterOptIn: false });
      const konto = (c: string) =>
        call(kontoPage.loader, get('/konto', { Cookie: c })) as unknown as Promise<{
          emailVerified: boolean;
          holdings: { applications: { history: unknown[] }[]; signups: unknown[] };
        }>;
      expect(await konto(cookie)).toMatchObject({ emailVerified: false, holdings: { applications: [], signups: [] } });

      const link = await verifyLink(email);
      // Opening the link changes nothing (mail scanners open links): it asks for the password.
      expect(await verifyPageState(link)).toEqual({ token: link.searchParams.get('token'), state: 'valid', email });
      expect(await emailVerified(email)).toBe(false);
      const wrong = actionResult(await verifyWith(link, 'falsches-passwort'));
      expect(wrong.notice?.message).toMatch(/^Das Passwort stimmt nicht\./);
      expect(await emailVerified(email)).toBe(false);

      const verified = (await verifyWith(link, PASSWORD)) as Response;
      expect(verified.status).toBe(303);
      expect(verified.headers.get('location')).toBe('/konto?bestaetigt');
      const fresh = verified.headers
        .getSetCookie()
        .find((c) => c.includes('session_token='))!
        .split(';')[0]!;
      expect(await emailVerified(email)).toBe(true);
      // The session opened before the verification has ended; the new one shows what is tied to the address.
      expect(await sessionOf(cookie)).toBeNull();
      const after = await konto(fresh);
      expect(after.emailVerified).toBe(true);
      expect(after.holdings.applications).toHaveLength(1);
      expect(after.holdings.applications[0]!.history).toEqual([expect.objectContaining({ from: null, to: 'pending' })]);
      expect(after.holdings.signups).toHaveLength(1);
      expect(await verifyPageState(link)).toMatchObject({ state: 'already-verified' });
    });

    test("an account made with someone else's address is never verified, even when the owner clicks the link", async () => {
      const victim = freshEmail('bewerberin');
      await createApplication({ id: crypto.randomUUID(), applicationType: 'Mentee', name: 'Jördis', email: victim });
      // Someone signs up with the applicant's address and a password of their own, and signs in.
      await authPost('/sign-up/email', { email: victim, password: 'passwort-des-angreifers', name: '' });
      const attacker = (await signIn(victim, 'passwort-des-angreifers')).cookie;
      // The applicant gets the mail and opens the link; without the attacker's password nothing happens.
      const link = await verifyLink(victim);
      expect((await verifyPageState(link)).state).toBe('valid');
      for (const guess of [PASSWORD, 'irgendein-passwort'])
        expect(actionResult(await verifyWith(link, guess)).notice?.message).toMatch(/Forgot Password\?/);
      // Better Auth's own link target is switched off: the token alone verifies nothing.
      const direct = await authGet(`/verify-email?token=${link.searchParams.get('token')}`);
      expect(direct.status).toBe(404);
      expect(await emailVerified(victim)).toBe(false);
      const exported = await (await call(exportRoute.loader, get('/api/account/export', { Cookie: attacker }))).json();
      expect(exported).toMatchObject({ applications: [], signups: [] });

      // The applicant takes the account over with a reset (the mail goes to them), then verifies.
      await authPost('/request-password-reset', { email: victim });
      const token = (await resetLink(victim)).searchParams.get('token')!;
      const mine = 'passwort-der-bewerberin';
      expect(
        actionResult(await call(resetPage.action, formPost('/passwort-neu', { token, password: mine }))),
      ).toMatchObject({
        done: true,
      });
      expect(await sessionOf(attacker)).toBeNull();
      expect(((await verifyWith(link, mine)) as Response).status).toBe(303);
      expect(await emailVerified(victim)).toBe(true);
    });

    test('a forged, altered or unknown link verifies nothing and says so in German', async () => {
      const { email } = await signUp();
      const link = await verifyLink(email);
      const token = link.searchParams.get('token')!;
      for (const bad of [`${token.slice(0, -2)}xy`, 'abc', '', `${token}.x`]) {
        const forged = new URL(link);
        forged.searchParams.set('token', bad);
        expect((await verifyPageState(forged)).state, bad).toBe('invalid');
        expect(actionResult(await verifyWith(forged, PASSWORD)).notice?.message).toMatch(/ungültig oder abgelaufen/);
      }
      expect(await emailVerified(email)).toBe(false);
    });

    test('/konto without a session leads to /auth', async () => {
      await expect(call(kontoPage.loader, get('/konto'))).rejects.toMatchObject({ status: 302 });
    });
  });

  describe('password reset', () => {
    test('the link works once, the old password stops working and every other session is signed out', async () => {
      const { email, cookie: first } = await signUp();
      const second = (await signIn(email)).cookie;
      const reset = actionResult(await call(authPage.action, formPost('/auth', { intent: 'reset', email })));
      expect(reset.notice).toEqual({ ok: true, message: 'Password reset email sent!' });

      const link = await resetLink(email);
      expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/passwort-neu`);
      const token = link.searchParams.get('token')!;
      const newPassword = 'neues-passwort-fuer-jordis';
      const done = actionResult(
        await call(resetPage.action, formPost('/passwort-neu', { token, password: newPassword })),
      );
      expect(done).toMatchObject({ done: true });

      expect(await sessionOf(first)).toBeNull();
      expect(await sessionOf(second)).toBeNull();
      expect((await signIn(email)).status).toBe(401);
      expect((await signIn(email, newPassword)).status).toBe(200);

      const again = actionResult(
        await call(resetPage.action, formPost('/passwort-neu', { token, password: 'noch-ein-passwort' })),
      );
      expect(again.notice?.message).toMatch(/ungültig, abgelaufen oder wurde schon benutzt/);
      expect((await signIn(email, newPassword)).status).toBe(200);
      // The sent mail keeps no body: its link must not outlive its use.
      const o = schema.mailOutbox;
      const queued = () => current().db.select().from(o).where(eq(o.toAddress, email));
      await expect.poll(async () => (await queued()).find((m) => m.kind === 'password-reset')?.text).toBeNull();
    });

    test('a link older than an hour no longer works', async () => {
      const { email } = await signUp();
      await authPost('/request-password-reset', { email });
      const token = (await resetLink(email)).searchParams.get('token')!;
      const v = schema.authVerifications;
      const [row] = await current()
        .db.select()
        .from(v)
        .where(eq(v.identifier, `reset-password:${token}`));
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(60 * 60 * 1000, -4);
      await current()
        .db.update(v)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(v.identifier, `reset-password:${token}`));
      const late = actionResult(
        await call(resetPage.action, formPost('/passwort-neu', { token, password: 'zu-spaet-passwort' })),
      );
      expect(late.notice?.message).toMatch(/abgelaufen/);
      expect((await signIn(email)).status).toBe(200);
    });

    test('an unknown address answers the same success and no mail is queued or sent', async () => {
      const email = freshEmail('unknown');
      const reset = actionResult(await call(authPage.action, formPost('/auth', { intent: 'reset', email })));
      expect(reset.notice).toEqual({ ok: true, message: 'Password reset email sent!' });
      const queued = await current().db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, email));
      // Every mail goes through the outbox: with nothing queued, nothing can go out later.
      expect(queued).toEqual([]);
      expect(smtp.mailsTo(email)).toEqual([]);
    });
  });

  describe('export and deletion', () => {
    async function verifiedAccount() {
      const { email } = await signUp(freshEmail('export'));
      const verified = (await verifyWith(await verifyLink(email), PASSWORD)) as Response;
      const cookie = verified.headers
        .getSetCookie()
        .find((c) => c.includes('session_token='))!
        .split(';')[0]!;
      return { email, cookie };
    }

    test('the export holds the user, sessions, applications with history and signups, and no hash or token', async () => {
      const { email, cookie } = await verifiedAccount();
      const id = crypto.randomUUID();
      await createApplication({ id, applicationType: 'Mentor', name: 'Jördis', email });
      await createSignup({ userType: 'trainer', name: 'Jördis', email, newsletterOptIn: true });
      const res = await call(exportRoute.loader, get('/api/account/export', { Cookie: cookie }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="konto-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = await res.text();
      const body = JSON.parse(text);
      expect(body.user).toMatchObject({ email, emailVerified: true });
      expect(body.sessions).toHaveLength(1);
      expect(body.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
      expect(body.applications).toEqual([
        expect.objectContaining({ id, history: [expect.objectContaining({ to: 'pending' })] }),
      ]);
      expect(body.signups).toEqual([expect.objectContaining({ userType: 'trainer', email })]);
      const [account] = await current()
        .db.select()
        .from(schema.authAccounts)
        .where(eq(schema.authAccounts.userId, body.user.id));
      const [session] = await current()
        .db.select()
        .from(schema.authSessions)
        .where(eq(schema.authSessions.userId, body.user.id));
      expect(text).not.toContain(account!.password!);
      expect(text).not.toContain(session!.token);
      expect(text).not.toMatch(/password|token/i);
    });

    test('the export needs a session', async () => {
      expect((await call(exportRoute.loader, get('/api/account/export'))).status).toBe(401);
    });

    test('a wrong password deletes nothing; the right one deletes the account and what belongs to it, and mails a confirmation', async () => {
      const { email, cookie } = await verifiedAccount();
      const other = freshEmail('other');
      await createApplication({ id: crypto.randomUUID(), applicationType: 'Mentee', name: 'Jördis', email });
      await createApplication({ id: crypto.randomUUID(), applicationType: 'Mentee', name: 'Anna', email: other });
      await createSignup({ userType: 'reiter', name: 'Jördis', email, newsletterOptIn: false });
      await createSignup({ userType: 'reiter', name: 'Anna', email: other, newsletterOptIn: false });
      const wrong = actionResult(
        await call(kontoPage.action, formPost('/konto', { intent: 'delete', password: 'falsch-falsch' }, cookie)),
      );
      expect(wrong.notice).toEqual({ ok: false, message: 'Das Passwort stimmt nicht.' });
      expect(await sessionOf(cookie)).not.toBeNull();

      const gone = (await call(
        kontoPage.action,
        formPost('/konto', { intent: 'delete', password: PASSWORD }, cookie),
      )) as Response;
      expect(gone.status).toBe(302);
      expect(gone.headers.get('location')).toBe('/auth?konto=geloescht');
      expect(gone.headers.getSetCookie().join()).toMatch(/session_token=;/);

      const db = current().db;
      expect(await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email))).toEqual([]);
      expect(await sessionOf(cookie)).toBeNull();
      const apps = await db.select().from(schema.applications);
      expect(apps.filter((a) => a.email === email)).toEqual([]);
      expect(apps.filter((a) => a.email === other)).toHaveLength(1);
      const signups = await db.select().from(schema.signups);
      expect(signups.filter((s) => s.email === email)).toEqual([]);
      expect(signups.filter((s) => s.email === other)).toHaveLength(1);
      const mail = await mailTo(email, /gelöscht/);
      expect(mail.subject).toBe('Dein Konto ist gelöscht');
      expect((await signIn(email)).status).toBe(401);
    });

    test('sign out everywhere ends every session of the account', async () => {
      const { email, cookie } = await signUp();
      const other = (await signIn(email)).cookie;
      const answer = (await call(
        kontoPage.action,
        formPost('/konto', { intent: 'sign-out-everywhere' }, cookie),
      )) as Response;
      expect(answer.status).toBe(302);
      expect(await sessionOf(cookie)).toBeNull();
      expect(await sessionOf(other)).toBeNull();
    });
  });
});
