// The team with names, on PGlite and PostgreSQL: invitations (single use, 7 days) accepted with a
// real Better Auth account and a TOTP code computed from the key the page shows; sign-ins that need
// both factors and are recorded; owners' changes that end sessions at once; the last owner; the
// history, the record and the activity log naming the member; exports recorded with their filter.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { INVITATION_MESSAGES } from '~/copy/team';
import * as invitationPage from '~/routes/team.einladung';
import * as authRoute from '~/routes/api.auth.$';
import * as sessionRoute from '~/routes/api.team.session';
import * as membersRoute from '~/routes/api.team.members';
import * as memberRoute from '~/routes/api.team.members.$id';
import * as factorRoute from '~/routes/api.team.members.$id.second-factor';
import * as invitationsRoute from '~/routes/api.team.invitations';
import * as invitationRoute from '~/routes/api.team.invitations.$id';
import * as activityRoute from '~/routes/api.team.activity';
import * as patchRoute from '~/routes/api.applications.$id';
import * as historyRoute from '~/routes/api.applications.$id.history';
import * as csvRoute from '~/routes/api.applications[.]csv';
import * as eventsRoute from '~/routes/api.applications.events';
import * as signupsCsvRoute from '~/routes/api.signups[.]csv';
import { createApplication } from '~/server/applications/store.server';
import { schema } from '~/server/db/db.server';
import { createInvitation, deleteOldActivity, recordActivity } from '~/server/team/team.server';
import { sweepRetention } from '~/server/retention.server';
import { INVITATION_TTL_MS } from '~/lib/team';
import { application } from '../support/applications';
import { EventStreamReader } from '../support/event-stream';
import { describeEachDatabase } from '../support/database';
import { PUBLIC_URL, TEAM_CODE, bearer, call, get, post, useTestConfig } from '../support/routes';
import { cookieHeader, keepCookies } from '../support/team-client';
import { seedMember, tokenOf } from '../support/team';
import { secretOf, totp } from '../support/totp';

type Jar = Map<string, string>;

/** A request of a browser with its cookies (same origin, as a form post sends it). */
function browserRequest(path: string, jar: Jar, init: { form?: Record<string, string>; json?: unknown } = {}) {
  const headers: Record<string, string> = {
    Origin: PUBLIC_URL,
    Cookie: cookieHeader(jar),
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  };
  if (init.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  return new Request(`${PUBLIC_URL}${path}`, {
    method: init.form || init.json !== undefined ? 'POST' : 'GET',
    headers,
    body: init.form ? new URLSearchParams(init.form) : init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

/** Calls a route as a browser would, keeping the cookies it sets. */
async function browse(handler: Parameters<typeof call>[0], path: string, jar: Jar, init = {}, params = {}) {
  const res = asResponse(await call(handler, browserRequest(path, jar, init), '198.51.100.7', params));
  keepCookies(jar, res);
  return res;
}

/** A page's data() answer as the Response the server makes of it (its view as JSON). */
function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  const { data, init } = result as { data: unknown; init?: ResponseInit };
  return new Response(JSON.stringify(data), init);
}

const viewOf = async (res: Response) => (await res.json()) as unknown;

describeEachDatabase('the team', (current) => {
  beforeAll(() => {
    useTestConfig({ AUTH_RATE_LIMIT: '0' });
  });

  async function invite(email: string, role: 'owner' | 'reviewer' = 'reviewer', now?: Date) {
    const made = await createInvitation({ email, role }, null, { now });
    if (!made.ok) throw new Error(made.problem);
    return new URL(made.value.url);
  }
  const pathOf = (link: URL) => `${link.pathname}${link.search}`;

  /** Accepts an invitation as the invited person's browser does; answers the jar and what the steps showed. */
  async function accept(link: URL, person = { name: 'Rita Reviewer', password: 'rita-password-1' }) {
    const jar: Jar = new Map();
    const account = await browse(invitationPage.action, pathOf(link), jar, { form: { intent: 'account', ...person } });
    const factor = (await viewOf(account)) as { stage: string; key: string; uri: string; qr: boolean[][] };
    expect(factor.stage).toBe('second-factor');
    const secret = secretOf(factor.uri);
    expect(factor.key.replace(/ /g, '')).toBe(secret);
    expect(factor.qr.length).toBeGreaterThan(20);
    const done = await browse(invitationPage.action, pathOf(link), jar, {
      form: { intent: 'confirm', code: totp(secret) },
    });
    const view = (await viewOf(done)) as { stage: string; backupCodes: string[] };
    return { jar, secret, view, status: done.status };
  }

  describe('invitations', () => {
    test('an invitation is accepted with an account, an authenticator and 10 backup codes; then the person is a member', async () => {
      const link = await invite('rita@example.org');
      const shown = (await viewOf(await browse(invitationPage.loader, pathOf(link), new Map()))) as { stage: string };
      expect(shown).toMatchObject({
        stage: 'account',
        email: 'rita@example.org',
        role: 'reviewer',
        existingAccount: false,
      });
      const { jar, view, status } = await accept(link);
      expect(status).toBe(200);
      expect(view.stage).toBe('done');
      expect(view.backupCodes).toHaveLength(10);
      const [user] = await current()
        .db.select()
        .from(schema.authUsers)
        .where(eq(schema.authUsers.email, 'rita@example.org'));
      expect(user).toMatchObject({
        name: 'Rita Reviewer',
        teamRole: 'reviewer',
        twoFactorEnabled: true,
        emailVerified: true,
      });
      // The browser is signed in as the member: the code opens a token.
      const res = await browse(sessionRoute.action, '/api/team/session', jar, { json: { code: TEAM_CODE } });
      expect(res.status).toBe(200);
      expect((await res.json()).member).toMatchObject({ name: 'Rita Reviewer', role: 'reviewer' });
      // The invitation is used: the link opens nothing again and creates nothing.
      const again = await browse(invitationPage.loader, pathOf(link), new Map());
      expect(again.status).toBe(410);
      expect(await viewOf(again)).toEqual({ stage: 'invalid', reason: 'used' });
      const replay = await browse(invitationPage.action, pathOf(link), new Map(), {
        form: { intent: 'account', name: 'Mallory', password: 'mallory-password' },
      });
      expect(replay.status).toBe(410);
      const joined = await current()
        .db.select()
        .from(schema.teamActivity)
        .where(eq(schema.teamActivity.action, 'joined'));
      expect(joined.map((e) => e.memberName)).toContain('Rita Reviewer');
    });

    test('an expired, withdrawn or unknown link shows a German message and creates no account', async () => {
      const expired = await invite('late@example.org', 'reviewer', new Date(Date.now() - INVITATION_TTL_MS - 1000));
      const withdrawn = await invite('withdrawn@example.org');
      await invite('withdrawn@example.org'); // a newer invitation replaces the open one
      for (const [link, reason] of [
        [expired, 'expired'],
        [withdrawn, 'used'],
        [new URL(`${PUBLIC_URL}/team/einladung?token=nonsense`), 'unknown'],
        [new URL(`${PUBLIC_URL}/team/einladung`), 'unknown'],
      ] as const) {
        const page = await browse(invitationPage.loader, pathOf(link), new Map());
        expect(page.status, reason).toBe(410);
        expect(await viewOf(page)).toEqual({ stage: 'invalid', reason });
        const post = await browse(invitationPage.action, pathOf(link), new Map(), {
          form: { intent: 'account', name: 'Late', password: 'late-password-1' },
        });
        expect(post.status).toBe(410);
      }
      const users = await current()
        .db.select()
        .from(schema.authUsers)
        .where(sql`${schema.authUsers.email} in ('late@example.org', 'withdrawn@example.org')`);
      expect(users).toEqual([]);
    });

    test('a wrong code or a bad form keeps the step with a German message; the key stays the same after a reload', async () => {
      const link = await invite('theo@example.org');
      const jar: Jar = new Map();
      const short = await browse(invitationPage.action, pathOf(link), jar, {
        form: { intent: 'account', name: 'Theo', password: 'short' },
      });
      expect(short.status).toBe(400);
      expect(await viewOf(short)).toMatchObject({ stage: 'account', error: INVITATION_MESSAGES.passwordTooShort });
      const account = await browse(invitationPage.action, pathOf(link), jar, {
        form: { intent: 'account', name: 'Theo', password: 'theo-password-1' },
      });
      const { uri } = (await viewOf(account)) as { uri: string };
      const reload = (await viewOf(await browse(invitationPage.loader, pathOf(link), jar))) as {
        uri: string;
        stage: string;
      };
      expect(reload.stage).toBe('second-factor');
      expect(reload.uri).toBe(uri);
      const wrong = await browse(invitationPage.action, pathOf(link), jar, {
        form: { intent: 'confirm', code: '000000' },
      });
      expect(wrong.status).toBe(400);
      expect(await viewOf(wrong)).toMatchObject({ stage: 'second-factor', error: INVITATION_MESSAGES.wrongCode });
      // Not a member yet: the second factor was not confirmed.
      const [user] = await current()
        .db.select()
        .from(schema.authUsers)
        .where(eq(schema.authUsers.email, 'theo@example.org'));
      expect(user!.teamRole).toBeNull();
      const code = totp(secretOf(uri));
      const done = await browse(invitationPage.action, pathOf(link), jar, { form: { intent: 'confirm', code } });
      expect(await viewOf(done)).toMatchObject({ stage: 'done' });
    });

    test('an existing account joins with its own password (a wrong one is refused)', async () => {
      const ctx = await (await import('~/server/accounts/accounts.server')).getAuth().$context;
      const user = await ctx.internalAdapter.createUser(
        { email: 'applicant@example.org', name: '', emailVerified: true },
        { method: 'email-password' },
      );
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await ctx.password.hash('applicant-password'),
      });
      const link = await invite('applicant@example.org');
      const shown = (await viewOf(await browse(invitationPage.loader, pathOf(link), new Map()))) as object;
      expect(shown).toMatchObject({ stage: 'account', existingAccount: true });
      const wrong = await browse(invitationPage.action, pathOf(link), new Map(), {
        form: { intent: 'account', name: 'Ada', password: 'not-the-password' },
      });
      expect(await viewOf(wrong)).toMatchObject({ stage: 'account', error: INVITATION_MESSAGES.wrongPassword });
      const { view } = await accept(link, { name: 'Ada Applicant', password: 'applicant-password' });
      expect(view.stage).toBe('done');
    });

    test('owners invite through the API (201 with a link); someone in the team already → 409; reviewers → 403', async () => {
      const owner = await seedMember();
      const auth = bearer(await tokenOf(owner));
      const made = await call(
        invitationsRoute.action,
        post('/api/team/invitations', { email: 'New@Example.org', role: 'owner' }, auth),
      );
      expect(made.status).toBe(201);
      const body = await made.json();
      expect(body.url).toMatch(/^http:\/\/bewegung\.test\/team\/einladung\?token=[\w-]{40,}$/);
      expect(body.invitation).toMatchObject({ email: 'new@example.org', role: 'owner' });
      const bad = await call(
        invitationsRoute.action,
        post('/api/team/invitations', { email: 'nope', role: 'boss' }, auth),
      );
      expect(bad.status).toBe(400);
      const again = await call(
        invitationsRoute.action,
        post('/api/team/invitations', { email: owner.email, role: 'owner' }, auth),
      );
      expect(again.status).toBe(409);
      expect((await again.json()).error).toBe(TEAM_API_MESSAGES.alreadyMember);
      const reviewer = bearer(await tokenOf(await seedMember({ role: 'reviewer' })));
      const refused = await call(
        invitationsRoute.action,
        post('/api/team/invitations', { email: 'x@example.org', role: 'reviewer' }, reviewer),
      );
      expect(refused.status).toBe(403);
      // The open invitation is listed, and can be withdrawn.
      const list = await (await call(membersRoute.loader, get('/api/team/members', auth))).json();
      const open = list.invitations.find((i: { email: string }) => i.email === 'new@example.org');
      expect(open).toBeTruthy();
      const del = new Request(`${PUBLIC_URL}/api/team/invitations/${open.id}`, { method: 'DELETE', headers: auth });
      expect((await call(invitationRoute.action, del, undefined, { id: open.id })).status).toBe(204);
      expect((await call(invitationRoute.action, del, undefined, { id: open.id })).status).toBe(404);
    });
  });

  describe('signing in', () => {
    let secret: string;
    beforeAll(async () => {
      ({ secret } = await accept(await invite('sina@example.org'), {
        name: 'Sina Signin',
        password: 'sina-password-1',
      }));
    });
    const signIn = (jar: Jar, password = 'sina-password-1') =>
      browse(authRoute.action, '/api/auth/sign-in/email', jar, { json: { email: 'sina@example.org', password } });
    const verify = (jar: Jar, code: string) =>
      browse(authRoute.action, '/api/auth/two-factor/verify-totp', jar, { json: { code } });

    test('a password alone opens nothing: no session, and the code is not even compared', async () => {
      const jar: Jar = new Map();
      const res = await signIn(jar);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
      expect([...jar.keys()]).toEqual(['better-auth.two_factor']);
      const code = await browse(sessionRoute.action, '/api/team/session', jar, { json: { code: TEAM_CODE } });
      expect(code.status).toBe(401);
    });

    test('the password and the authenticator’s code sign in; failures of either are recorded with the member', async () => {
      const before = Date.now();
      await signIn(new Map(), 'wrong-password-1');
      const jar: Jar = new Map();
      await signIn(jar);
      expect((await verify(jar, '000000')).status).toBe(401);
      const ok = await verify(jar, totp(secret));
      expect(ok.status).toBe(200);
      expect(jar.has('better-auth.session_token')).toBe(true);
      expect((await browse(sessionRoute.action, '/api/team/session', jar, { json: { code: TEAM_CODE } })).status).toBe(
        200,
      );
      const events = await current()
        .db.select()
        .from(schema.teamActivity)
        .where(
          sql`${schema.teamActivity.at} >= ${new Date(before).toISOString()}::timestamptz and ${schema.teamActivity.memberName} = 'Sina Signin'`,
        );
      expect(events.map((e) => e.action).sort()).toEqual(['second-factor-failed', 'sign-in', 'sign-in-failed']);
    });

    test('a sign-in from a new browser is mailed to the member once (in German), not from a known one', async () => {
      const mails = () =>
        current().db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'team-new-browser'));
      const before = (await mails()).length;
      const jar: Jar = new Map();
      await signIn(jar);
      await verify(jar, totp(secret));
      const after = await mails();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({
        toAddress: 'sina@example.org',
        subject: 'Neue Anmeldung in deinem Team-Konto',
      });
      expect(after.at(-1)!.text).toContain('Firefox');
      // The same browser again (its device cookie kept): no mail.
      jar.delete('better-auth.session_token');
      await signIn(jar);
      await verify(jar, totp(secret));
      expect(await mails()).toHaveLength(before + 1);
    });

    test('a backup code works once', async () => {
      const { view } = await accept(await invite('bo@example.org'), { name: 'Bo Backup', password: 'bo-password-123' });
      const code = view.backupCodes[0]!;
      const twice: number[] = [];
      for (let i = 0; i < 2; i++) {
        const jar: Jar = new Map();
        await browse(authRoute.action, '/api/auth/sign-in/email', jar, {
          json: { email: 'bo@example.org', password: 'bo-password-123' },
        });
        twice.push(
          (await browse(authRoute.action, '/api/auth/two-factor/verify-backup-code', jar, { json: { code } })).status,
        );
      }
      expect(twice).toEqual([200, 401]);
    });

    test('nobody sets up, replaces or removes a second factor from outside (404)', async () => {
      for (const path of [
        '/two-factor/enable',
        '/two-factor/disable',
        '/two-factor/generate-backup-codes',
        '/two-factor/get-totp-uri',
      ]) {
        const res = await browse(authRoute.action, `/api/auth${path}`, new Map(), { json: { password: 'x' } });
        expect(res.status, path).toBe(404);
      }
    });
  });

  describe('owners manage the team', () => {
    let owner: Awaited<ReturnType<typeof seedMember>>;
    let auth: Record<string, string>;
    beforeEach(async () => {
      await current()
        .db.update(schema.authUsers)
        .set({ teamRole: null })
        .where(sql`${schema.authUsers.teamRole} = 'owner'`);
      owner = await seedMember({ name: 'Olivia Owner' });
      auth = bearer(await tokenOf(owner));
    });
    const memberCall = (method: 'PATCH' | 'DELETE', id: string, body?: unknown) =>
      call(
        memberRoute.action,
        new Request(`${PUBLIC_URL}/api/team/members/${id}`, {
          method,
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        undefined,
        { id },
      );
    const works = async (token: string) =>
      (await call(membersRoute.loader, get('/api/team/members', bearer(token)))).status;

    test('the members are listed with role and last activity; reviewers get 403', async () => {
      const rita = await seedMember({ role: 'reviewer', name: 'Rita Reviewer' });
      const res = await call(membersRoute.loader, get('/api/team/members', auth));
      expect(res.status).toBe(200);
      const { members } = await res.json();
      expect(members).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: rita.id, name: 'Rita Reviewer', email: rita.email, role: 'reviewer' }),
        ]),
      );
      expect(
        members.every(
          (m: { lastSeenAt: string | null }) => m.lastSeenAt === null || !Number.isNaN(Date.parse(m.lastSeenAt)),
        ),
      ).toBe(true);
      expect(await works(await tokenOf(rita))).toBe(403);
    });

    test('a role change ends the member’s sessions at once (their token → 401) and is recorded', async () => {
      const rita = await seedMember({ role: 'reviewer', name: 'Rita Reviewer' });
      const ritaToken = await tokenOf(rita);
      const res = await memberCall('PATCH', rita.id, { role: 'owner' });
      expect(res.status).toBe(200);
      expect((await res.json()).member).toEqual({ id: rita.id, name: 'Rita Reviewer', role: 'owner' });
      const list = await call((await import('~/routes/api.signups')).loader, get('/api/signups', bearer(ritaToken)));
      expect(list.status).toBe(401);
      expect((await memberCall('PATCH', rita.id, { role: 'king' })).status).toBe(400);
      expect((await memberCall('PATCH', 'nobody', { role: 'owner' })).status).toBe(404);
      const [event] = await current()
        .db.select()
        .from(schema.teamActivity)
        .where(sql`${schema.teamActivity.action} = 'role-changed' and ${schema.teamActivity.target} = ${rita.id}`);
      expect(event).toMatchObject({
        memberName: 'Olivia Owner',
        detail: { name: 'Rita Reviewer', from: 'reviewer', to: 'owner' },
      });
    });

    test('the last owner can be neither demoted nor removed (409); with a second owner they can', async () => {
      expect((await memberCall('PATCH', owner.id, { role: 'reviewer' })).status).toBe(409);
      const removal = await memberCall('DELETE', owner.id);
      expect(removal.status).toBe(409);
      expect((await removal.json()).error).toBe(TEAM_API_MESSAGES.lastOwner);
      const second = await seedMember({ name: 'Second Owner' });
      expect((await memberCall('DELETE', second.id)).status).toBe(204);
      expect((await memberCall('DELETE', second.id)).status).toBe(404);
      // Two owners stepping down at the same moment: one of them stays an owner.
      const third = await seedMember({ name: 'Third Owner' });
      const thirdAuth = bearer(await tokenOf(third));
      const stepDown = (id: string, headers: Record<string, string>) =>
        call(
          memberRoute.action,
          new Request(`${PUBLIC_URL}/api/team/members/${id}`, {
            method: 'PATCH',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify({ role: 'reviewer' }),
          }),
          undefined,
          { id },
        );
      const [a, b] = await Promise.all([stepDown(owner.id, auth), stepDown(third.id, thirdAuth)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const owners = await current().db.select().from(schema.authUsers).where(eq(schema.authUsers.teamRole, 'owner'));
      expect(owners).toHaveLength(1);
    });

    test('removal ends every session and token of the member, takes the second factor and open invitations', async () => {
      const rita = await seedMember({ role: 'reviewer', name: 'Rita Reviewer' });
      const tokens = [await tokenOf(rita), await tokenOf(rita)];
      await createInvitation({ email: rita.email, role: 'owner' }, null, { allowMember: true });
      expect((await memberCall('DELETE', rita.id)).status).toBe(204);
      for (const token of tokens) expect(await works(token)).toBe(401);
      const [user] = await current().db.select().from(schema.authUsers).where(eq(schema.authUsers.id, rita.id));
      expect(user).toMatchObject({ teamRole: null, twoFactorEnabled: false });
      expect(
        await current().db.select().from(schema.authSessions).where(eq(schema.authSessions.userId, rita.id)),
      ).toEqual([]);
      const open = await current()
        .db.select()
        .from(schema.teamInvitations)
        .where(
          sql`${schema.teamInvitations.email} = ${rita.email} and ${schema.teamInvitations.revokedAt} is null and ${schema.teamInvitations.usedAt} is null`,
        );
      expect(open).toEqual([]);
    });

    test('removal closes the member’s open live stream within 5 seconds', async () => {
      const rita = await seedMember({ role: 'reviewer', name: 'Rita Reviewer' });
      const controller = new AbortController();
      const res = await call(
        eventsRoute.loader,
        new Request(`${PUBLIC_URL}/api/applications/events`, {
          headers: bearer(await tokenOf(rita)),
          signal: controller.signal,
        }),
      );
      expect(res.status).toBe(200);
      const stream = new EventStreamReader(res, () => controller.abort());
      await stream.waitFor((e) => e.event === 'snapshot');
      const removed = performance.now();
      expect((await memberCall('DELETE', rita.id)).status).toBe(204);
      await Promise.race([stream.ended, new Promise((r) => setTimeout(r, 6000))]);
      const took = performance.now() - removed;
      stream.close();
      expect(took).toBeLessThan(5000);
      expect(stream.failure).toBeUndefined(); // ended by the server, not cut
    });

    test('resetting a lost second factor ends the sessions and answers a new link that sets up a new one', async () => {
      const { jar, secret } = await accept(await invite('lena@example.org'), {
        name: 'Lena Lost',
        password: 'lena-password-1',
      });
      const [lena] = await current()
        .db.select()
        .from(schema.authUsers)
        .where(eq(schema.authUsers.email, 'lena@example.org'));
      const reset = await call(
        factorRoute.action,
        new Request(`${PUBLIC_URL}/api/team/members/${lena!.id}/second-factor`, { method: 'DELETE', headers: auth }),
        undefined,
        { id: lena!.id },
      );
      expect(reset.status).toBe(200);
      const { url } = await reset.json();
      expect((await browse(sessionRoute.action, '/api/team/session', jar, { json: { code: TEAM_CODE } })).status).toBe(
        401,
      );
      const again = await accept(new URL(url), { name: 'Lena Lost', password: 'lena-password-1' });
      expect(again.view.stage).toBe('done');
      expect(again.secret).not.toBe(secret);
      const [user] = await current().db.select().from(schema.authUsers).where(eq(schema.authUsers.id, lena!.id));
      expect(user!.teamRole).toBe('reviewer');
    });
  });

  describe('who did what', () => {
    test('a status change names the member in the record, the history and the activity log', async () => {
      const rita = await seedMember({ role: 'reviewer', name: 'Rita Reviewer' });
      const auth = bearer(await tokenOf(rita));
      const { record } = await createApplication(application());
      const res = await call(
        patchRoute.action,
        new Request(`${PUBLIC_URL}/api/applications/${record.id}`, {
          method: 'PATCH',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: 'approved', version: 1 }),
        }),
        undefined,
        { id: record.id },
      );
      expect(res.status).toBe(200);
      expect((await res.json()).application.updatedBy).toEqual({ id: rita.id, name: 'Rita Reviewer' });
      const history = await (
        await call(historyRoute.loader, get(`/api/applications/${record.id}/history`, auth), undefined, {
          id: record.id,
        })
      ).json();
      expect(history.history.map((h: { by: unknown }) => h.by)).toEqual([null, { id: rita.id, name: 'Rita Reviewer' }]);
      const [event] = await current()
        .db.select()
        .from(schema.teamActivity)
        .where(sql`${schema.teamActivity.action} = 'status-changed' and ${schema.teamActivity.target} = ${record.id}`);
      expect(event).toMatchObject({
        memberId: rita.id,
        memberName: 'Rita Reviewer',
        detail: { from: 'pending', to: 'approved' },
      });
      // Once the member's account is gone, the history still names them.
      await current().db.delete(schema.authUsers).where(eq(schema.authUsers.id, rita.id));
      const later = await (
        await call(
          historyRoute.loader,
          get(`/api/applications/${record.id}/history`, bearer(await tokenOf(await seedMember()))),
          undefined,
          {
            id: record.id,
          },
        )
      ).json();
      expect(later.history[1].by).toEqual({ id: null, name: 'Rita Reviewer' });
    });

    test('every export is recorded with its filter; the activity view lists it for owners, newest first', async () => {
      const owner = await seedMember({ name: 'Eva Export' });
      const auth = bearer(await tokenOf(owner));
      expect((await call(csvRoute.loader, get('/api/applications.csv?status=approved&q=anna', auth))).status).toBe(200);
      expect((await call(signupsCsvRoute.loader, get('/api/signups.csv', auth))).status).toBe(200);
      const res = await call(activityRoute.loader, get('/api/team/activity', auth));
      expect(res.status).toBe(200);
      const { events } = await res.json();
      const exports = events.filter(
        (e: { action: string; member: { name: string } }) => e.action === 'export' && e.member?.name === 'Eva Export',
      );
      expect(exports.map((e: { target: string }) => e.target)).toEqual(['signups', 'applications']);
      expect(exports[1].detail.filter).toEqual({ status: 'approved', q: 'anna' });
      expect((await call(activityRoute.loader, get('/api/team/activity?from=2026-13-01', auth))).status).toBe(400);
      const reviewer = bearer(await tokenOf(await seedMember({ role: 'reviewer' })));
      expect((await call(activityRoute.loader, get('/api/team/activity', reviewer))).status).toBe(403);
    });

    test('activity is kept 12 months, then deleted by the retention sweep', async () => {
      const now = new Date();
      const old = new Date(now);
      old.setUTCMonth(old.getUTCMonth() - 12);
      old.setUTCDate(old.getUTCDate() - 1);
      await recordActivity({ action: 'sign-in', member: null, target: 'old' }, undefined, old);
      await recordActivity(
        { action: 'sign-in', member: null, target: 'recent' },
        undefined,
        new Date(now.getTime() - 86_400_000),
      );
      const swept = await sweepRetention(now);
      expect(swept.teamActivity).toBeGreaterThanOrEqual(1);
      const targets = (await current().db.select().from(schema.teamActivity)).map((e) => e.target);
      expect(targets).toContain('recent');
      expect(targets).not.toContain('old');
      expect(await deleteOldActivity(now)).toBe(0);
    });
  });
});
