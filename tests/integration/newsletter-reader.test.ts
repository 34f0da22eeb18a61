// The newsletter from both sides besides sending it, on PGlite and PostgreSQL with a real SMTP
// server: the team's preview of a mail and the problems that keep one from going out (and the
// address a test names), and the reader's side: /konto's unsubscribe (the whole address, also from
// a send under way) and re-subscription (a new double opt-in: a confirmation mail through the one
// queue and nothing else until it is confirmed), the checks on those forms, and the account export
// with the newsletters the address received.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import * as exportRoute from '~/routes/api.account.export';
import * as newsletterAction from '~/routes/api.newsletters.$id.action';
import * as previewRoute from '~/routes/api.newsletters.$id.preview';
import * as problemsRoute from '~/routes/api.newsletters.problems';
import * as confirmPage from '~/routes/newsletter.bestaetigen';
import * as kontoPage from '~/routes/konto';
import { sweepMailOutbox } from '~/server/app/mail-queues.server';
import { schema } from '~/server/db/db.server';
import { newsletterQueue } from '~/server/newsletter/newsletter.server';
import { KONTO_COPY } from '~/copy/account';
import { useContentDir } from '../support/content-source';
import { describeEachDatabase, emptyTables, seedSignup, type SignupRow } from '../support/database';
import { PASSWORD, freshEmail, signUp } from '../support/accounts';
import { contentWith } from '../support/newsletters';
import { call, get, post, PUBLIC_URL, useMailConfig, useOwnerAndReviewer } from '../support/routes';
import { smtpSink } from '../support/smtp';

const smtp = smtpSink();
const sweep = newsletterQueue();
const FAST = { NEWSLETTER_RATE_PER_MINUTE: '600000' };

type Notice = { notice: { ok: boolean; message: string }; intent?: string };

/** A form post from /konto in the browser (its origin, its session cookie). */
function kontoPost(fields: Record<string, string>, cookie: string, headers: Record<string, string> = {}) {
  return new Request(`${PUBLIC_URL}/konto`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: PUBLIC_URL,
      'Sec-Fetch-Site': 'same-origin',
      Cookie: cookie,
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}
/** The status and data of a route action's `data()` answer. */
async function answered(request: Request) {
  const answer = (await call(kontoPage.action, request)) as unknown as {
    data: Notice;
    init: { status?: number } | null;
  };
  return { status: answer.init?.status ?? 200, ...answer.data };
}

describeEachDatabase('the newsletter for the team and the reader', (current) => {
  useContentDir(contentWith());
  beforeAll(() => {
    useMailConfig(smtp.url, FAST);
  });
  const team = useOwnerAndReviewer({ owner: 'Olivia Inhaberin' });
  beforeEach(async () => {
    await emptyTables(current().db, schema.newsletterSends, schema.mailOutbox, schema.signups, schema.rateLimits);
  });

  /** A signup as the popup and the confirmation page leave it: confirmed unless told otherwise. */
  const signup = (over: Partial<SignupRow> = {}) =>
    seedSignup(current().db, { name: 'Lea Leserin', email: freshEmail('leserin'), ...over });
  const stored = async (id: string) =>
    (await current().db.select().from(schema.signups).where(eq(schema.signups.id, id)))[0]!;
  /** An account whose address is verified (the verification has its own tests), signed in. */
  async function verifiedAccount() {
    const account = await signUp(freshEmail('konto'), PASSWORD);
    await current()
      .db.update(schema.authUsers)
      .set({ emailVerified: true })
      .where(eq(schema.authUsers.email, account.email));
    return account;
  }
  const ask = (id: string, which: string, body?: unknown, auth = team.ownerAuth) =>
    call(newsletterAction.action, post(`/api/newsletters/${id}/${which}`, body ?? '', auth), '203.0.113.1', { id });
  const preview = (id: string, auth = team.ownerAuth) =>
    call(previewRoute.loader, get(`/api/newsletters/${id}/preview`, auth), '203.0.113.1', { id });
  /** Sends `id` to its audience of `count` and hands every mail to the SMTP server. */
  async function sendAll(id: string, count: number) {
    expect((await ask(id, 'send', { expect: count })).status).toBe(202);
    while ((await sweep({})).claimed > 0);
  }
  const drainOutbox = async () => {
    while ((await sweepMailOutbox({})).claimed > 0);
  };

  describe('the team', () => {
    test('the preview is the test mail (subject, preheader, HTML, text) for every member; without a token, nothing', async () => {
      for (const auth of [team.ownerAuth, team.reviewerAuth]) {
        const res = await preview('nl-alle', auth);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        const body = await res.json();
        expect(body).toEqual({
          subject: '[Test] Neues aus dem Stall (nl-alle)',
          preheader: 'Was sich diesen Monat getan hat.',
          html: expect.stringContaining('Hallo und schön, dass du dabei bist!'),
          text: expect.stringContaining('Hallo und schön, dass du dabei bist!'),
          problems: [],
        });
        // The test variant: its unsubscribe link unsubscribes nobody.
        expect(body.html).toContain(`${PUBLIC_URL}/newsletter/abmelden"`);
        expect(body.html).not.toContain('token=');
      }
      expect(
        (await call(previewRoute.loader, get('/api/newsletters/nl-alle/preview'), '203.0.113.1', { id: 'nl-alle' }))
          .status,
      ).toBe(401);
      expect((await preview('nl-gibt-es-nicht')).status).toBe(404);
      expect((await preview('..%2F..')).status).toBe(404);
      expect(
        (await call(previewRoute.action, post('/api/newsletters/nl-alle/preview', {}, team.ownerAuth))).status,
      ).toBe(405);
    });

    test('a newsletter with problems: the preview names them and shows no mail; the problems list names each such newsletter', async () => {
      const body = await (await preview('nl-long-subject')).json();
      expect(body).toMatchObject({ html: null, text: null, preheader: null });
      expect(body.subject).toMatch(/^Ein viel zu langer Betreff/);
      expect(body.problems).toEqual([expect.stringMatching(/^Betreff: Der Betreff ist \d+ Zeichen lang/)]);

      const res = await call(problemsRoute.loader, get('/api/newsletters/problems', team.reviewerAuth));
      expect(res.status).toBe(200);
      const { newsletters } = (await res.json()) as { newsletters: { id: string; problems: string[] }[] };
      expect(newsletters.map((n) => n.id).sort()).toEqual(['nl-foreign-image', 'nl-javascript', 'nl-long-subject']);
      expect(newsletters.find((n) => n.id === 'nl-javascript')!.problems).toEqual([
        expect.stringMatching(/javascript:alert/),
      ]);
      expect((await call(problemsRoute.loader, get('/api/newsletters/problems'))).status).toBe(401);
    });

    test('a test names the address it went to, and arrives there', async () => {
      const res = await ask('nl-alle', 'test');
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ to: team.owner.email });
      await drainOutbox();
      const mail = await smtp.waitFor((m) => m.to.includes(team.owner.email) && m.subject.startsWith('[Test]'));
      expect(mail.subject).toBe('[Test] Neues aus dem Stall (nl-alle)');
    });

    test('a sent newsletter is previewed as it went out, whatever the Studio holds now', async () => {
      await signup();
      await sendAll('nl-reiter', 1);
      const sent = (await current().db.select().from(schema.newsletterSends))[0]!;
      // As if the founder edited the document after the send.
      await current()
        .db.update(schema.newsletterSends)
        .set({ newsletter: { ...sent.newsletter, subject: 'So ging er hinaus' } })
        .where(eq(schema.newsletterSends.newsletterId, 'nl-reiter'));
      expect((await (await preview('nl-reiter')).json()).subject).toBe('[Test] So ging er hinaus');
    });
  });

  describe('/konto', () => {
    test('unsubscribe: every signup of the address at once; a send under way skips it from then on', async () => {
      const { email, cookie } = await verifiedAccount();
      const rider = await signup({ email });
      const trainer = await signup({ email: email.toUpperCase(), userType: 'trainer' });
      const other = await signup();
      // The send is frozen with the account's address and another; the unsubscribe comes before its turn.
      expect((await ask('nl-alle', 'send', { expect: 2 })).status).toBe(202);

      const answer = await answered(kontoPost({ intent: 'newsletter-unsubscribe' }, cookie));
      expect(answer).toEqual({
        status: 200,
        intent: 'newsletter',
        notice: { ok: true, message: KONTO_COPY.newsletterUnsubscribed },
      });
      for (const s of [rider, trainer]) expect((await stored(s.id)).newsletterUnsubscribedAt).toBeInstanceOf(Date);
      expect((await stored(other.id)).newsletterUnsubscribedAt).toBeNull();

      while ((await sweep({})).claimed > 0);
      expect(smtp.mailsTo(other.email).filter((m) => m.subject.includes('nl-alle'))).toHaveLength(1);
      expect(smtp.mailsTo(email).filter((m) => m.subject.includes('nl-alle'))).toHaveLength(0);
    });

    test('re-subscribe: a new double opt-in; a confirmation mail and no newsletter until it is confirmed', async () => {
      const { email, cookie } = await verifiedAccount();
      const gone = await signup({ email, newsletterUnsubscribedAt: new Date('2026-10-10T10:00:00Z') });
      const answer = await answered(kontoPost({ intent: 'newsletter-resubscribe', signup: gone.id }, cookie));
      expect(answer).toEqual({
        status: 200,
        intent: 'newsletter',
        notice: { ok: true, message: KONTO_COPY.newsletterResubscribed },
      });
      expect(await stored(gone.id)).toMatchObject({
        newsletterOptIn: true,
        newsletterConfirmedAt: null,
        newsletterUnsubscribedAt: null,
        newsletterUndeliverableAt: null,
      });
      // Not confirmed: the audience does not count it, so a send goes to nobody.
      expect((await ask('nl-reiter', 'send', { expect: 1 })).status).toBe(409);

      await drainOutbox();
      const mail = await smtp.waitFor((m) => m.to.includes(email) && /Newsletter-Anmeldung/.test(m.subject));
      const link = new URL(mail.links.find((l) => l.includes('/newsletter/bestaetigen'))!);
      const confirm = new Request(`${PUBLIC_URL}${link.pathname}${link.search}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL },
        body: new URLSearchParams({ token: link.searchParams.get('token')! }),
      });
      await call(confirmPage.action, confirm);
      expect((await stored(gone.id)).newsletterConfirmedAt).toBeInstanceOf(Date);
      await sendAll('nl-reiter', 1);
      expect(smtp.mailsTo(email).filter((m) => m.subject.includes('nl-reiter'))).toHaveLength(1);
    });

    test('an undeliverable address and a signup that never asked for it can subscribe; one that gets it already is left alone', async () => {
      const { email, cookie } = await verifiedAccount();
      const bounced = await signup({ email, newsletterUndeliverableAt: new Date() });
      const never = await signup({ email, newsletterOptIn: false, newsletterConfirmedAt: null });
      for (const s of [bounced, never]) {
        const answer = await answered(kontoPost({ intent: 'newsletter-resubscribe', signup: s.id }, cookie));
        expect(answer.notice.message).toBe(KONTO_COPY.newsletterResubscribed);
        expect(await stored(s.id)).toMatchObject({
          newsletterOptIn: true,
          newsletterConfirmedAt: null,
          newsletterUndeliverableAt: null,
        });
      }
      const receiving = await signup({ email });
      const again = await answered(kontoPost({ intent: 'newsletter-resubscribe', signup: receiving.id }, cookie));
      expect(again).toMatchObject({ status: 200, notice: { message: KONTO_COPY.newsletterAlready } });
      expect((await stored(receiving.id)).newsletterConfirmedAt).toEqual(receiving.newsletterConfirmedAt);
      const queued = await current().db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, email));
      expect(queued.flatMap((m) => (m.kind === 'newsletter-confirmation' ? [m.signupId] : [])).sort()).toEqual(
        [bounced.id, never.id].sort(),
      );
    });

    test("someone else's signup, a foreign page, an unverified address and too many re-subscriptions are refused; nothing changes", async () => {
      const { email, cookie } = await verifiedAccount();
      const mine = await signup({ email, newsletterUnsubscribedAt: new Date() });
      const theirs = await signup({ newsletterUnsubscribedAt: new Date() });
      const refused = async (request: Request, status: number, message: string) => {
        const answer = await answered(request);
        expect(answer).toEqual({ status, intent: 'newsletter', notice: { ok: false, message } });
      };
      await refused(
        kontoPost({ intent: 'newsletter-resubscribe', signup: theirs.id }, cookie),
        404,
        KONTO_COPY.newsletterNotFound,
      );
      await refused(
        kontoPost({ intent: 'newsletter-resubscribe', signup: '' }, cookie),
        400,
        KONTO_COPY.newsletterNotFound,
      );
      await refused(
        kontoPost({ intent: 'newsletter-unsubscribe' }, cookie, { Origin: 'https://evil.example' }),
        403,
        KONTO_COPY.foreignOrigin,
      );
      // A post that names no origin at all (nor a referer, nor a same-origin fetch) is not taken.
      const bare = kontoPost({ intent: 'newsletter-resubscribe', signup: mine.id }, cookie);
      bare.headers.delete('Origin');
      bare.headers.delete('Sec-Fetch-Site');
      await refused(bare, 403, KONTO_COPY.foreignOrigin);
      const viaReferer = kontoPost({ intent: 'newsletter-unsubscribe' }, cookie, { Referer: 'https://evil.example/x' });
      viaReferer.headers.delete('Origin');
      await refused(viaReferer, 403, KONTO_COPY.foreignOrigin);
      expect((await stored(theirs.id)).newsletterUnsubscribedAt).toBeInstanceOf(Date);
      expect((await stored(mine.id)).newsletterUnsubscribedAt).toBeInstanceOf(Date);

      const unverified = await signUp(freshEmail('offen'), PASSWORD);
      const hidden = await signup({ email: unverified.email });
      await refused(kontoPost({ intent: 'newsletter-unsubscribe' }, unverified.cookie), 403, KONTO_COPY.unverified);
      expect((await stored(hidden.id)).newsletterUnsubscribedAt).toBeNull();

      // Each re-subscription mails a confirmation: five an hour per account.
      for (let i = 0; i < 5; i++) {
        await answered(kontoPost({ intent: 'newsletter-resubscribe', signup: mine.id }, cookie));
        await answered(kontoPost({ intent: 'newsletter-unsubscribe' }, cookie));
      }
      await refused(
        kontoPost({ intent: 'newsletter-resubscribe', signup: mine.id }, cookie),
        429,
        KONTO_COPY.newsletterTooMany,
      );
    });

    test('a body over 16 KB is refused (413) before anything is read; signed out, the page sends to /auth', async () => {
      const { cookie } = await verifiedAccount();
      const big = kontoPost({ intent: 'newsletter-unsubscribe', pad: 'x'.repeat(17 * 1024) }, cookie);
      const thrown = await call(kontoPage.action, big).catch((error: unknown) => error);
      expect((thrown as Response).status).toBe(413);
      const out = await call(kontoPage.action, kontoPost({ intent: 'newsletter-unsubscribe' }, '')).catch(
        (error: unknown) => error,
      );
      expect((out as Response).status).toBe(302);
      expect((out as Response).headers.get('location')).toBe('/auth');
    });
  });

  describe('the account export', () => {
    test('lists the newsletters the address received (subject and when sent), newest first; not those of other addresses', async () => {
      const { email, cookie } = await verifiedAccount();
      await signup({ email });
      await signup({ email, userType: 'trainer' });
      const other = await signup({ userType: 'trainer' });
      await sendAll('nl-reiter', 1);
      await sendAll('nl-trainer', 2);
      // Sent to the other address only: not the account's.
      await current()
        .db.update(schema.signups)
        .set({ newsletterUnsubscribedAt: new Date() })
        .where(eq(schema.signups.email, email));
      await sendAll('nl-zweite', 1);

      const res = await call(exportRoute.loader, get('/api/account/export', { Cookie: cookie }));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { newsletters: { subject: string; sentAt: string }[] };
      expect(body.newsletters.map((n) => n.subject)).toEqual([
        'Neues aus dem Stall (nl-trainer)',
        'Neues aus dem Stall (nl-reiter)',
      ]);
      for (const n of body.newsletters) expect(Date.now() - Date.parse(n.sentAt)).toBeLessThan(60_000);
      expect(smtp.mailsTo(other.email).filter((m) => m.subject.includes('nl-zweite'))).toHaveLength(1);
    });

    test('an account whose address is not verified lists none, whatever was sent to that address', async () => {
      const { email, cookie } = await signUp(freshEmail('offen'), PASSWORD);
      await signup({ email });
      await sendAll('nl-reiter', 1);
      const body = await (await call(exportRoute.loader, get('/api/account/export', { Cookie: cookie }))).json();
      expect(body).toMatchObject({ signups: [], newsletters: [] });
    });
  });
});
