// POST /api/applications and the /bewerbung page's action, on PGlite and PostgreSQL, with a real
// SMTP server: the access grant, the German messages per field, one application per client id,
// the applicant's confirmation and the team's notice queued with the application (and surviving
// an SMTP outage), and the daily retention sweep.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { APPLICATION_MESSAGES } from '~/copy/access';
import { MESSAGE_MAX } from '~/copy/limits';
import * as applicationsRoute from '~/routes/api.applications';
import * as bewerbungRoute from '~/routes/bewerbung';
import {
  ACCESS_GRANT_COOKIE,
  ACCESS_GRANT_TTL_MS,
  grantCookie as grantSetCookie,
} from '~/server/access/access-codes.server';
import { APPLICATION_MAIL_KINDS } from '~/server/applications/mails.server';
import { APPLICATION_RATE_WINDOW_MS } from '~/server/applications/form.server';
import { createApplication, listApplications, setApplicationStatus } from '~/server/applications/store.server';
import { schema } from '~/server/db/db.server';
import { sweepMailOutbox } from '~/server/app/mail-queues.server';
import { OUTBOX_LEASE_MS } from '~/server/mail/outbox.server';
import { applicationCutoff, startRetentionSweep, sweepRetention } from '~/server/app/retention.server';
import { sign } from '~/server/signing.server';
import { describeEachDatabase } from '../support/database';
import { awayFromWindowEdge } from '../support/rate-windows';
import { PUBLIC_URL, call, get, post, useMailConfig } from '../support/routes';
import { SMTP_DOWN, smtpSink } from '../support/smtp';

const smtp = smtpSink();

const TEAM = 'team@bewegung.test';
const useMail = (env: Record<string, string> = {}) => useMailConfig(smtp.url, env);
const address = () => `bewerbung-${crypto.randomUUID().slice(0, 8)}@example.org`;
/** A grant's cookie value as POST /api/access sets it, made at `now` (with the test config's secret). */
const issueGrant = async (now = Date.now()) => /=([^;]*)/.exec(await grantSetCookie(now))![1]!;
/** A valid grant, made once the test config is in place (it signs with the config's secret). */
let validGrant = '';
const grantCookie = (grant = validGrant) => ({ Cookie: `${ACCESS_GRANT_COOKIE}=${grant}` });
const application = (extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  applicationType: 'Mentee',
  name: 'Jördis Reiter',
  email: address(),
  websiteLink: 'https://reitstall-sonne.de',
  message: 'Ich reite seit 12 Jahren und möchte lernen, wie mein Pferd gesund geht.',
  consent: true,
  ...extra,
});
const submit = (body: unknown, headers: Record<string, string> = grantCookie()) =>
  call(applicationsRoute.action, post('/api/applications', body, headers));
const formPost = (path: string, form: Record<string, string>, headers: Record<string, string> = grantCookie()) =>
  new Request(`${PUBLIC_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
/** Runs a route action that may throw a redirect, as React Router would answer it. */
const answerOf = async (run: () => Promise<unknown>) => {
  try {
    return (await run()) as Response | { data: unknown; init?: ResponseInit };
  } catch (thrown) {
    return thrown as Response;
  }
};

describeEachDatabase('submitting applications', (current) => {
  const outbox = schema.mailOutbox;
  beforeAll(async () => {
    useMail();
    validGrant = await issueGrant(Date.now() + 60 * 60_000);
  });
  beforeEach(async () => {
    useMail();
    await current().db.delete(outbox);
    await current().db.delete(schema.applications);
  });

  describe('the access grant', () => {
    test('without a grant → 401, before the body is read, and nothing is stored', async () => {
      const forged = sign('access-grant', `v1-${Date.now() + 60_000}`, 'x'.repeat(40));
      const teamToken = sign('team-session', `v1-${Date.now() + 60_000}`);
      const expired = await issueGrant(Date.now() - ACCESS_GRANT_TTL_MS - 1000);
      for (const headers of [{}, grantCookie(forged), grantCookie(teamToken), grantCookie(expired), grantCookie('')]) {
        const res = await submit(application(), headers);
        expect(res.status, JSON.stringify(headers)).toBe(401);
        expect(await res.json()).toEqual({ error: APPLICATION_MESSAGES.noGrant });
      }
      expect(await listApplications()).toEqual([]);
    });

    test('the page without a grant leads back to /access (saying so when the grant ran out)', async () => {
      const none = await answerOf(async () => bewerbungRoute.loader({ request: get('/bewerbung') } as never));
      expect(none).toBeInstanceOf(Response);
      expect((none as Response).headers.get('location')).toBe('/access');
      const expired = await answerOf(async () =>
        bewerbungRoute.loader({ request: get('/bewerbung', grantCookie(await issueGrant(0))) } as never),
      );
      expect((expired as Response).headers.get('location')).toBe('/access?abgelaufen');
      const posted = await answerOf(() => call(bewerbungRoute.action, formPost('/bewerbung', { name: 'x' }, {})));
      expect((posted as Response).status).toBe(303);
      expect((posted as Response).headers.get('location')).toBe('/access');
      const granted = await bewerbungRoute.loader({ request: get('/bewerbung', grantCookie()) } as never);
      expect(granted.clientId).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('JSON from the page', () => {
    test('a valid application → 201 {id}, stored as pending with the consent time', async () => {
      const input = application({ name: '  Jördis Reiter  ' });
      const res = await submit(input);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ id: input.id });
      const [stored] = await listApplications();
      expect(stored).toMatchObject({
        id: input.id,
        applicationType: 'Mentee',
        status: 'pending',
        name: 'Jördis Reiter',
        email: input.email,
        websiteLink: input.websiteLink,
        message: input.message,
        updatedAt: null,
        version: 1,
      });
      const [row] = await current().db.select().from(schema.applications);
      expect(Date.now() - row!.consentAt!.getTime()).toBeLessThan(60_000);
    });

    test('optional fields may be left out; without an id the server makes one', async () => {
      const res = await submit({
        applicationType: 'Business Partner',
        name: 'Hof Linde',
        email: address(),
        consent: true,
      });
      expect(res.status).toBe(201);
      const { id } = await res.json();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await listApplications())[0]).toMatchObject({ id, websiteLink: null, message: null });
    });

    test('the same id again stores nothing new and answers the same id', async () => {
      const input = application();
      const answers = await Promise.all([submit(input), submit(input), submit({ ...input, name: 'Anders' })]);
      for (const res of answers) {
        expect(res.status).toBe(201);
        expect(await res.json()).toEqual({ id: input.id });
      }
      expect(await listApplications()).toHaveLength(1);
      expect((await listApplications())[0]!.name).toBe('Jördis Reiter');
      // One confirmation only.
      expect(await current().db.select().from(outbox).where(eq(outbox.toAddress, input.email))).toHaveLength(1);
    });

    test('invalid fields → 400 {error, fields} with the German message of each field', async () => {
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ applicationType: 'Admin' }, { applicationType: APPLICATION_MESSAGES.type }],
        [{ name: ' ' }, { name: APPLICATION_MESSAGES.name }],
        [{ email: 'keine-adresse' }, { email: APPLICATION_MESSAGES.email }],
        [{ websiteLink: 'javascript:alert(1)' }, { websiteLink: APPLICATION_MESSAGES.website }],
        [{ message: 'x'.repeat(MESSAGE_MAX + 1) }, { message: APPLICATION_MESSAGES.messageTooLong }],
        [{ consent: false }, { consent: APPLICATION_MESSAGES.consent }],
        [{ consent: undefined }, { consent: APPLICATION_MESSAGES.consent }],
      ];
      for (const [change, fields] of cases) {
        const res = await submit(application(change));
        expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(400);
        expect(await res.json()).toEqual({ error: Object.values(fields)[0], fields });
      }
      const several = await submit({ consent: false });
      expect(await several.json()).toEqual({
        error: APPLICATION_MESSAGES.summary,
        fields: {
          applicationType: APPLICATION_MESSAGES.type,
          name: APPLICATION_MESSAGES.name,
          email: APPLICATION_MESSAGES.emailEmpty,
          consent: APPLICATION_MESSAGES.consent,
        },
      });
      expect(await listApplications()).toEqual([]);
    });

    test('malformed bodies → 400 or 413, never a 5xx; GET without a team token → 401', async () => {
      for (const body of ['nope', '[]', 'null', '{"id": 5}']) expect((await submit(body)).status, body).toBe(400);
      expect((await submit(application({ message: 'x'.repeat(40_000) }))).status).toBe(413);
      const put = new Request(`${PUBLIC_URL}/api/applications`, { method: 'PUT', headers: grantCookie() });
      expect((await call(applicationsRoute.action, put)).status).toBe(405);
      expect((await call(applicationsRoute.loader, get('/api/applications', grantCookie()))).status).toBe(401);
    });

    test('a filled honeypot looks like a success, and nothing is stored or mailed', async () => {
      const res = await submit({ ...application(), referenz: 'https://spam.example' });
      expect(res.status).toBe(201);
      expect(await listApplications()).toEqual([]);
      expect(await current().db.select().from(outbox)).toEqual([]);
    });
  });

  describe("the limit: every application mails an address of the sender's choice", () => {
    const from = (ip: string, grant: string, body = application()) =>
      call(applicationsRoute.action, post('/api/applications', body, grantCookie(grant)), ip);
    beforeEach(async () => {
      await current().db.delete(schema.rateLimits);
      await awayFromWindowEdge(APPLICATION_RATE_WINDOW_MS, 10_000);
      useMail({ APPLICATION_RATE_LIMIT: '5' });
    });
    afterEach(() => void useMail());

    test('5 applications per grant an hour, also from changing addresses; then 429 with Retry-After', async () => {
      const grant = await issueGrant(Date.now() + 60 * 60_000);
      for (let i = 0; i < 5; i++) expect((await from(`192.0.2.${100 + i}`, grant)).status).toBe(201);
      const limited = await from('192.0.2.120', grant);
      expect(limited.status).toBe(429);
      expect((await limited.json()).error).toBe(APPLICATION_MESSAGES.tooMany);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      expect(await listApplications()).toHaveLength(5);
    });

    test('5 per address an hour (an IPv6 client: its /64), also with a fresh grant for each', async () => {
      for (let i = 1; i <= 5; i++) {
        expect((await from(`2001:db8:9:9::${i}`, await issueGrant(Date.now() + 60 * 60_000))).status).toBe(201);
      }
      expect((await from('2001:db8:9:9::99', await issueGrant(Date.now() + 60 * 60_000))).status).toBe(429);
      // The form page without JavaScript is limited alike.
      const page = (await call(
        bewerbungRoute.action,
        formPost('/bewerbung', { applicationType: 'Mentor', name: 'P', email: address(), consent: 'on' }),
        '2001:db8:9:9::100',
      )) as unknown as { data: Record<string, unknown>; init: ResponseInit };
      expect(page.init.status).toBe(429);
      expect(page.data).toMatchObject({ error: APPLICATION_MESSAGES.tooMany, draft: { name: 'P' } });
      expect(await current().db.select().from(outbox)).toHaveLength(5);
    });

    test('the same id again (a retry) is not counted a second time', async () => {
      const grant = await issueGrant(Date.now() + 60 * 60_000);
      const body = application();
      for (let i = 0; i < 6; i++) expect((await from('192.0.2.130', grant, body)).status).toBe(201);
      for (let i = 0; i < 4; i++) expect((await from('192.0.2.130', grant)).status).toBe(201);
      expect((await from('192.0.2.130', grant)).status).toBe(429);
    });
  });

  describe('form posts without JavaScript', () => {
    const form = (extra: Record<string, string> = {}) => ({
      id: crypto.randomUUID(),
      applicationType: 'Mentor',
      name: 'Anna Pferd',
      email: address(),
      websiteLink: '',
      message: 'Zeile 1\r\nZeile 2',
      consent: 'ja',
      referenz: '',
      ...extra,
    });

    test('a full message of umlauts fits, percent-encoded', async () => {
      const res = await call(
        applicationsRoute.action,
        formPost('/api/applications', form({ message: 'ä'.repeat(MESSAGE_MAX) })),
      );
      expect(res.status).toBe(303);
    });

    test('to POST /api/applications → 303 to the thank-you page', async () => {
      const fields = form();
      const res = await call(applicationsRoute.action, formPost('/api/applications', fields));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/bewerbung/danke');
      expect((await listApplications())[0]).toMatchObject({ id: fields.id, message: 'Zeile 1\nZeile 2' });
    });

    test('to the page: stored and redirected; refused with the messages and what was typed', async () => {
      const fields = form();
      const ok = await answerOf(() => call(bewerbungRoute.action, formPost('/bewerbung', fields)));
      expect((ok as Response).headers.get('location')).toBe('/bewerbung/danke');
      expect(await listApplications()).toHaveLength(1);

      const { consent: _unticked, ...withoutConsent } = form({ name: 'Bea', websiteLink: 'javascript:alert(1)' });
      const refused = (await call(bewerbungRoute.action, formPost('/bewerbung', withoutConsent))) as unknown as {
        data: Record<string, unknown>;
        init: ResponseInit;
      };
      expect(refused.init.status).toBe(400);
      expect(refused.data).toMatchObject({
        error: APPLICATION_MESSAGES.summary,
        fields: { websiteLink: APPLICATION_MESSAGES.website, consent: APPLICATION_MESSAGES.consent },
        draft: { name: 'Bea', websiteLink: 'javascript:alert(1)', applicationType: 'Mentor' },
        clientId: withoutConsent.id,
      });
      expect(await listApplications()).toHaveLength(1);

      const huge = (await call(
        bewerbungRoute.action,
        formPost('/bewerbung', form({ message: 'x'.repeat(40_000) })),
      )) as unknown as { data: Record<string, unknown>; init: ResponseInit };
      expect(huge.init.status).toBe(413);
      expect(huge.data).toMatchObject({ error: APPLICATION_MESSAGES.tooLarge });
    });
  });

  describe('mails', () => {
    test('the applicant gets a German confirmation; the team a notice without the message', async () => {
      useMail({ TEAM_NOTIFY_EMAIL: TEAM });
      // A name of its own, so that mails of the other database's run cannot match.
      const name = `Jördis ${crypto.randomUUID().slice(0, 6)}`;
      const input = application({ name });
      expect((await submit(input)).status).toBe(201);
      expect(await sweepMailOutbox()).toEqual({ claimed: 2, sent: 2 });
      const confirmation = await smtp.waitFor((m) => m.to.includes(input.email));
      expect(confirmation.subject).toBe('Deine Bewerbung ist angekommen');
      expect(confirmation.text).toContain(`Hallo ${name},`);
      expect(confirmation.text).toContain('Bewerbung als: Mentee');
      expect(confirmation.text).toContain('So geht es weiter');
      expect(confirmation.links).toContain(`${PUBLIC_URL}/datenschutz`);
      const notice = await smtp.waitFor((m) => m.to.includes(TEAM) && m.subject.includes(name));
      expect(notice.subject).toBe(`Neue Bewerbung: ${name} (Mentee)`);
      expect(notice.text).toContain('Bewerbung als: Mentee');
      expect(notice.links).toContain(`${PUBLIC_URL}/teamdashboard`);
      expect(notice.text).not.toContain(input.message);
      expect(notice.text).not.toContain(input.email);
    });

    test('without TEAM_NOTIFY_EMAIL only the applicant is mailed', async () => {
      const input = application();
      await submit(input);
      const rows = await current().db.select().from(outbox);
      expect(rows.map((r) => [r.kind, r.toAddress])).toEqual([[APPLICATION_MAIL_KINDS.received, input.email]]);
    });

    test('the mails are queued in the creating transaction: a failed creation queues none', async () => {
      const input = application();
      await expect(
        createApplication({ ...input, applicationType: 'Mentee' }, async (tx, record) => {
          const { queueApplicationMails } = await import('~/server/applications/mails.server');
          await queueApplicationMails(tx, record);
          throw new Error('the database went away');
        }),
      ).rejects.toThrow('went away');
      expect(await current().db.select().from(outbox)).toEqual([]);
      expect(await listApplications()).toEqual([]);
    });

    test('an SMTP outage delays the mails; they go out once the server is back', async () => {
      useMail({ SMTP_URL: SMTP_DOWN, TEAM_NOTIFY_EMAIL: TEAM });
      const input = application();
      expect((await submit(input)).status).toBe(201);
      expect(await sweepMailOutbox()).toEqual({ claimed: 2, sent: 0 });
      const pending = await current()
        .db.select()
        .from(outbox)
        .where(sql`${outbox.sentAt} is null`);
      expect(pending).toHaveLength(2);
      useMail({ TEAM_NOTIFY_EMAIL: TEAM });
      const later = new Date(Date.now() + OUTBOX_LEASE_MS + 1000);
      expect(await sweepMailOutbox({ now: later })).toEqual({ claimed: 2, sent: 2 });
      await smtp.waitFor((m) => m.to.includes(input.email));
      expect(smtp.mails.filter((m) => m.to.includes(input.email))).toHaveLength(1);
    });
  });

  describe('retention', () => {
    const age = (id: string, createdAt: Date, updatedAt: Date | null = null) =>
      current().db.update(schema.applications).set({ createdAt, updatedAt }).where(eq(schema.applications.id, id));

    test('applications are deleted 12 months after their last change, not before', async () => {
      const now = new Date('2026-11-23T12:00:00Z');
      expect(applicationCutoff(now).toISOString()).toBe('2025-11-23T12:00:00.000Z');
      const ids = { old: '', changedLately: '', young: '' };
      for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
        const input = application();
        await submit(input);
        ids[key] = input.id;
      }
      const longAgo = new Date('2025-01-01T00:00:00Z');
      await age(ids.old, longAgo, new Date('2025-11-23T11:59:00Z'));
      await age(ids.changedLately, longAgo, new Date('2025-11-23T12:01:00Z'));
      await age(ids.young, new Date('2025-12-01T00:00:00Z'));
      expect(await sweepRetention(now)).toMatchObject({ applications: 1 });
      expect((await listApplications()).map((a) => a.id).sort()).toEqual([ids.changedLately, ids.young].sort());
      // A status change counts as a change: it starts the 12 months again.
      await setApplicationStatus(ids.changedLately, 'approved', { now: new Date('2026-06-01T00:00:00Z') });
      expect(await sweepRetention(new Date('2027-01-01T00:00:00Z'))).toMatchObject({ applications: 1 });
      expect((await listApplications()).map((a) => a.id)).toEqual([ids.changedLately]);
    });

    test('the sweep started with the server runs at once and then daily', async () => {
      const input = application();
      await submit(input);
      await age(input.id, new Date(Date.now() - 400 * 86_400_000));
      const stop = startRetentionSweep(60_000, 0);
      try {
        await expect.poll(async () => (await listApplications()).length).toBe(0);
      } finally {
        stop();
      }
    });
  });
});
