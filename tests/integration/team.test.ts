// The team with names, on PGlite and PostgreSQL: invitations (single use, 7 days) accepted with a
// real Better Auth account and a TOTP code computed from the key the page shows; sign-ins that need
// both factors and are recorded; owners' changes that end sessions at once; the last owner; the
// history, the record and the activity log naming the member; exports recorded with their filter.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { symmetricEncrypt } from 'better-auth/crypto';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { INVITATION_MESSAGES, TEAM_INPUT_MESSAGES, TEAM_PASSWORD_RESET_COPY, TEAM_SIGN_IN_COPY } from '~/copy/team';
import * as invitationPage from '~/routes/team.einladung';
import * as teamPage from '~/routes/teamdashboard';
import * as resetPage from '~/routes/passwort-neu';
import * as authRoute from '~/routes/api.auth.$';
import * as sessionRoute from '~/routes/api.team.session';
import * as membersRoute from '~/routes/api.team.members';
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
import { sweepRetention } from '~/server/app/retention.server';
import { INVITATION_TTL_MS } from '~/lib/team';
import { application } from '../support/applications';
import { EventStreamReader } from '../support/event-stream';
import { describeEachDatabase } from '../support/database';
import { PUBLIC_URL, TEAM_CODE, bearer, call, get, post, useTestConfig } from '../support/routes';
import {
  accept,
  asResponse,
  browse,
  browserRequest,
  invite,
  memberChange,
  pathOf,
  postInvite,
  viewOf,
  type Jar,
} from '../support/team-browser';
import { seedMember, tokenOf } from '../support/team';
import { TEST_AUTH_SECRET } from '../support/codes';
import { until } from '../support/until';
import { secretOf, unusedTotp } from '../support/totp';

describeEachDatabase('the team', (current) => {
  beforeAll(() => {
    useTestConfig({ AUTH_RATE_LIMIT: '0' });
  });
  /** The team's activity entries of `action` about `target`. */
  const activityAbout = (action: string, target: string) =>
    current()
      .db.select()
      .from(schema.teamActivity)
      .where(sql`${schema.teamActivity.action} = ${action} and ${schema.teamActivity.target} = ${target}`);

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
      const replay = await postInvite(link, { intent: 'account', name: 'Mallory', password: 'mallory-password' });
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
        const post = await postInvite(link, { intent: 'account', name: 'Late', password: 'late-password-1' });
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
      const short = await postInvite(link, { intent: 'account', name: 'Theo', password: 'short' }, jar);
      expect(short.status).toBe(400);
      expect(await viewOf(short)).toMatchObject({ stage: 'account', error: INVITATION_MESSAGES.passwordTooShort });
      const account = await postInvite(link, { intent: 'account', name: 'Theo', password: 'theo-password-1' }, jar);
      const { uri } = (await viewOf(account)) as { uri: string };
      const reload = (await viewOf(await browse(invitationPage.loader, pathOf(link), jar))) as {
        uri: string;
        stage: string;
      };
      expect(reload.stage).toBe('second-factor');
      expect(reload.uri).toBe(uri);
      const wrong = await postInvite(link, { intent: 'confirm', code: '000000' }, jar);
      expect(wrong.status).toBe(400);
      expect(await viewOf(wrong)).toMatchObject({ stage: 'second-factor', error: INVITATION_MESSAGES.wrongCode });
      // Not a member yet: the second factor was not confirmed.
      const [user] = await current()
        .db.select()
        .from(schema.authUsers)
        .where(eq(schema.authUsers.email, 'theo@example.org'));
      expect(user!.teamRole).toBeNull();
      const code = await unusedTotp(secretOf(uri));
      const done = await postInvite(link, { intent: 'confirm', code }, jar);
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
      const wrong = await postInvite(link, { intent: 'account', name: 'Ada', password: 'not-the-password' });
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
      const ok = await verify(jar, await unusedTotp(secret));
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

    // A code counts once: the third sign-in of the block may wait for the app's next code.
    test(
      'a sign-in from a new browser is mailed to the member once (in German), not from a known one',
      { timeout: 90_000 },
      async () => {
        const mails = () =>
          current().db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'team-new-browser'));
        const before = (await mails()).length;
        const jar: Jar = new Map();
        await signIn(jar);
        await verify(jar, await unusedTotp(secret));
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
        await verify(jar, await unusedTotp(secret));
        expect(await mails()).toHaveLength(before + 1);
      },
    );

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
    const memberCall = (method: 'PATCH' | 'DELETE', id: string, body?: unknown) => memberChange(method, id, auth, body);
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
      const [event] = await activityAbout('role-changed', rita.id);
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
        memberChange('PATCH', id, headers, { role: 'reviewer' });
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

    const resetCall = (id: string, headers = auth) =>
      call(
        factorRoute.action,
        new Request(`${PUBLIC_URL}/api/team/members/${id}/second-factor`, { method: 'DELETE', headers }),
        undefined,
        { id },
      );
    const team = async () =>
      (await (await call(membersRoute.loader, get('/api/team/members', auth))).json()) as {
        members: { id: string; role: string; resetUntil: string | null }[];
        invitations: { id: string; email: string }[];
      };
    const signInPage = async (cookie: string) =>
      (await call(teamPage.loader, get('/teamdashboard', { Cookie: cookie }))) as unknown as {
        member: unknown;
        stage: string;
        ended: { reason: string; role: string | null } | null;
      };

    test('an owner cannot reset her own second factor (403): her session, token and factor stay', async () => {
      const res = await resetCall(owner.id);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe(TEAM_API_MESSAGES.ownSecondFactor);
      expect((await call(membersRoute.loader, get('/api/team/members', auth))).status).toBe(200);
      const [user] = await current().db.select().from(schema.authUsers).where(eq(schema.authUsers.id, owner.id));
      expect(user).toMatchObject({ teamRole: 'owner', twoFactorEnabled: true });
    });

    test('someone whose second factor was reset stays listed, marked, and can be removed (their link stops working)', async () => {
      const rita = await seedMember({ role: 'reviewer', name: 'Rita Reviewer' });
      const first = (await (await resetCall(rita.id)).json()) as { url: string };
      let listed = (await team()).members.find((m) => m.id === rita.id);
      expect(listed).toMatchObject({ role: 'reviewer' });
      expect(Date.parse(listed!.resetUntil!)).toBeGreaterThan(Date.now() + INVITATION_TTL_MS - 60_000);
      // The owners keep their own list unmarked; the reset link is not an "open invitation".
      expect((await team()).members.find((m) => m.id === owner.id)!.resetUntil).toBeNull();
      expect((await team()).invitations.map((i) => i.email)).not.toContain(rita.email);
      // A new link replaces the first: that one opens nothing any more.
      const second = (await (await resetCall(rita.id)).json()) as { url: string };
      expect(second.url).not.toBe(first.url);
      const opened = (url: string) => browse(invitationPage.loader, pathOf(new URL(url)), new Map());
      expect((await opened(first.url)).status).toBe(410);
      expect((await opened(second.url)).status).toBe(200);
      // Her role cannot change while she sets up again; she can be removed (not a 404).
      expect((await memberCall('PATCH', rita.id, { role: 'owner' })).status).toBe(409);
      expect((await memberCall('DELETE', rita.id)).status).toBe(204);
      expect((await opened(second.url)).status).toBe(410);
      listed = (await team()).members.find((m) => m.id === rita.id);
      expect(listed).toBeUndefined();
      expect((await memberCall('DELETE', rita.id)).status).toBe(404);
      const [removal] = await activityAbout('removed', rita.id);
      expect(removal).toMatchObject({
        memberName: 'Olivia Owner',
        detail: { name: 'Rita Reviewer', role: 'reviewer' },
      });
    });

    test('withdrawing an invitation ends every open link of that address, a pending reset link too', async () => {
      const rita = await seedMember({ role: 'reviewer', name: 'Rita Reviewer' });
      const { url: resetUrl } = (await (await resetCall(rita.id)).json()) as { url: string };
      // A second link for the same address, made some other way (the command line), next to the reset link.
      const [other] = await current()
        .db.insert(schema.teamInvitations)
        .values({
          tokenHash: `hash-${rita.id}`,
          email: rita.email,
          role: 'reviewer',
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        })
        .returning();
      const del = new Request(`${PUBLIC_URL}/api/team/invitations/${other!.id}`, { method: 'DELETE', headers: auth });
      expect((await call(invitationRoute.action, del, undefined, { id: other!.id })).status).toBe(204);
      expect((await browse(invitationPage.loader, pathOf(new URL(resetUrl)), new Map())).status).toBe(410);
    });

    test('a bad invitation says what is wrong in words, per field (no schema dump)', async () => {
      for (const [body, fields] of [
        [{ email: 'tom@example', role: 'reviewer' }, { email: TEAM_INPUT_MESSAGES.email }],
        [
          { email: '', role: 'boss' },
          { email: TEAM_INPUT_MESSAGES.email, role: TEAM_INPUT_MESSAGES.role },
        ],
        [{ role: 'owner' }, { email: TEAM_INPUT_MESSAGES.email }],
      ] as const) {
        const res = await call(invitationsRoute.action, post('/api/team/invitations', body, auth));
        expect(res.status).toBe(400);
        const answer = await res.json();
        expect(answer).toEqual({ error: Object.values(fields)[0], fields });
        expect(JSON.stringify(answer)).not.toContain('Expected');
      }
      expect((await memberCall('PATCH', owner.id, { role: 'king' })).status).toBe(400);
    });

    test('the sign-in form of a browser whose session an owner ended says why; other browsers hear nothing', async () => {
      const rita = await seedMember({ role: 'reviewer', name: 'Rita Reviewer' });
      const bo = await seedMember({ role: 'reviewer', name: 'Bo Backup' });
      const lena = await seedMember({ role: 'reviewer', name: 'Lena Lost' });
      expect((await signInPage(rita.cookie)).stage).toBe('code');
      expect((await memberCall('PATCH', rita.id, { role: 'owner' })).status).toBe(200);
      expect((await memberCall('DELETE', bo.id)).status).toBe(204);
      expect((await resetCall(lena.id)).status).toBe(200);
      expect(await signInPage(rita.cookie)).toMatchObject({
        member: null,
        stage: 'sign-in',
        ended: { reason: 'role-changed', role: 'owner' },
      });
      expect((await signInPage(bo.cookie)).ended).toEqual({ reason: 'removed', role: null });
      expect((await signInPage(lena.cookie)).ended).toEqual({ reason: 'second-factor-reset', role: null });
      // A browser whose session simply ended, a forged cookie, no cookie: nothing to say.
      const ended = await seedMember({ role: 'reviewer', sessionAgeMs: 13 * 3600_000 });
      for (const cookie of [ended.cookie, 'better-auth.session_token=forged.sig', ''])
        expect((await signInPage(cookie)).ended).toBeNull();
      // The notes go after 7 days (the retention sweep); then the form says nothing particular.
      const week = 7 * 24 * 3600_000;
      await sweepRetention(new Date(Date.now() + week - 60_000));
      expect((await signInPage(rita.cookie)).ended).not.toBeNull();
      expect((await sweepRetention(new Date(Date.now() + week + 60_000))).sessionEnds).toBeGreaterThanOrEqual(3);
      expect((await signInPage(rita.cookie)).ended).toBeNull();
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
      const [event] = await activityAbout('status-changed', record.id);
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

    test('the activity names the application’s applicant (while it exists) and says when a change was an undo', async () => {
      const owner = await seedMember({ name: 'Olga Owner' });
      const auth = bearer(await tokenOf(owner));
      const patch = async (id: string, status: string) => {
        const res = await call(
          patchRoute.action,
          new Request(`${PUBLIC_URL}/api/applications/${id}`, {
            method: 'PATCH',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ status }),
          }),
          undefined,
          { id },
        );
        expect(res.status).toBe(200);
      };
      const { record: anna } = await createApplication(application({ name: 'Anna Apfel' }));
      const { record: ben } = await createApplication(application({ name: 'Ben Berg' }));
      // Approved, then taken back while its mail waits (an undo); then approved and set to pending
      // again after the mail went out (not an undo: the applicant was told).
      await patch(anna.id, 'approved');
      await patch(anna.id, 'pending');
      await patch(ben.id, 'rejected');
      await current()
        .db.update(schema.decisionMails)
        .set({ status: 'sent', sentAt: new Date() })
        .where(eq(schema.decisionMails.applicationId, ben.id));
      await patch(ben.id, 'pending');
      await current().db.delete(schema.applications).where(eq(schema.applications.id, ben.id));

      const { events } = (await (await call(activityRoute.loader, get('/api/team/activity', auth))).json()) as {
        events: { action: string; target?: string; detail?: Record<string, unknown>; application?: unknown }[];
      };
      const changes = events
        .filter((e) => e.action === 'status-changed' && (e.target === anna.id || e.target === ben.id))
        .map((e) => [e.application, e.detail]);
      expect(changes).toEqual([
        [
          { id: ben.id, name: null },
          { from: 'rejected', to: 'pending' },
        ],
        [
          { id: ben.id, name: null },
          { from: 'pending', to: 'rejected' },
        ],
        [
          { id: anna.id, name: 'Anna Apfel' },
          { from: 'approved', to: 'pending', undo: true },
        ],
        [
          { id: anna.id, name: 'Anna Apfel' },
          { from: 'pending', to: 'approved' },
        ],
      ]);
      // Other actions carry no application.
      expect(events.filter((e) => e.action === 'export' || e.action === 'sign-in').every((e) => !e.application)).toBe(
        true,
      );
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

  describe('backup codes and the sign-in’s words', () => {
    let secret: string;
    let codes: string[];
    beforeAll(async () => {
      ({
        secret,
        view: { backupCodes: codes },
      } = await accept(await invite('cleo@example.org'), {
        name: 'Cleo Codes',
        password: 'cleo-password-1',
      }));
    });
    /** Signs in on /teamdashboard with the password; answers the jar waiting for the second factor. */
    async function passwordDone() {
      const jar: Jar = new Map();
      const res = await browse(teamPage.action, '/teamdashboard', jar, {
        form: { intent: 'sign-in', email: 'cleo@example.org', password: 'cleo-password-1' },
      });
      expect(res.status).toBe(302);
      return jar;
    }
    const second = (jar: Jar, method: string, code: string) =>
      browse(teamPage.action, '/teamdashboard', jar, { form: { intent: 'second-factor', method, code } });

    test('new backup codes have no look-alikes (0/O, 1/I) and one case', () => {
      expect(codes).toHaveLength(10);
      for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    });

    test('a backup code counts in any case, with spaces or without its hyphen; each once', async () => {
      const typed = [
        codes[0]!.toLowerCase(),
        codes[1]![0]! + codes[1]!.slice(1).toLowerCase(),
        ` ${codes[2]!.replace('-', ' ')} `,
        codes[3]!.replace('-', ''),
      ];
      for (const code of typed) {
        const res = await second(await passwordDone(), 'backup', code);
        expect(res.status, code).toBe(302);
      }
      const again = await second(await passwordDone(), 'backup', codes[0]!);
      expect(again.status).toBe(401);
      expect(await again.json()).toMatchObject({ method: 'backup', error: TEAM_SIGN_IN_COPY.wrongBackupCode });
      // Better Auth's own endpoint compares the same way.
      const jar: Jar = new Map();
      await browse(authRoute.action, '/api/auth/sign-in/email', jar, {
        json: { email: 'cleo@example.org', password: 'cleo-password-1' },
      });
      const api = await browse(authRoute.action, '/api/auth/two-factor/verify-backup-code', jar, {
        json: { code: codes[4]!.toLowerCase().replace('-', ' ') },
      });
      expect(api.status).toBe(200);
    });

    test('codes made before, in mixed case with look-alikes, count with a capitalised first letter', async () => {
      const [user] = await current()
        .db.select()
        .from(schema.authUsers)
        .where(eq(schema.authUsers.email, 'cleo@example.org'));
      const legacy = ['elL9Z-yAjdI', 'Lqcjj-I0P6C'];
      await current()
        .db.update(schema.authTwoFactors)
        .set({ backupCodes: await symmetricEncrypt({ key: TEST_AUTH_SECRET, data: JSON.stringify(legacy) }) })
        .where(eq(schema.authTwoFactors.userId, user!.id));
      expect((await second(await passwordDone(), 'backup', 'ElL9Z-yAjdI')).status).toBe(302);
      expect((await second(await passwordDone(), 'backup', 'Lqcjj-I0P6C')).status).toBe(302);
      expect((await second(await passwordDone(), 'backup', 'elL9Z-yAjdI')).status).toBe(401);
    });

    test('a wrong app code is refused with the invitation’s explanation, not “Invalid code”', async () => {
      const res = await second(await passwordDone(), 'totp', '000000');
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ method: 'totp', error: TEAM_SIGN_IN_COPY.wrongCode });
      expect((await second(await passwordDone(), 'totp', await unusedTotp(secret))).status).toBe(302);
    });

    test('the team’s “forgot password” mails a link that leads back to the team sign-in', async () => {
      await accept(await invite('forgetful@example.org'), {
        name: 'Fritz Forgetful',
        password: 'fritz-password-1',
      });
      const mails = () =>
        current()
          .db.select()
          .from(schema.mailOutbox)
          .where(
            sql`${schema.mailOutbox.kind} = 'password-reset' and ${schema.mailOutbox.toAddress} = 'forgetful@example.org'`,
          );
      const page = await call(teamPage.loader, get('/teamdashboard?forgot-password'));
      expect(page).toMatchObject({ member: null, stage: 'reset-password' });
      const sent = asResponse(
        await call(
          teamPage.action,
          browserRequest('/teamdashboard', new Map(), {
            form: { intent: 'reset-password', email: 'forgetful@example.org' },
          }),
        ),
      );
      expect(await sent.json()).toMatchObject({ intent: 'reset-password', sent: true });
      await until(async () => (await mails()).length === 1, 'the reset mail');
      const [mail] = await mails();
      expect(mail!.text).toMatch(/\/passwort-neu\?token=[^&\s]+&team\b/);
      expect(mail!.text).toContain('Team-Konto');
      const link = new URL(/https?:\/\/\S+/.exec(mail!.text!)![0]);
      expect(await call(resetPage.loader, get(`${link.pathname}${link.search}`))).toMatchObject({ team: true });
      // An empty address is refused in words; an unknown one answers the same as a known one.
      const empty = asResponse(
        await call(
          teamPage.action,
          browserRequest('/teamdashboard', new Map(), { form: { intent: 'reset-password' } }),
        ),
      );
      expect(empty.status).toBe(400);
      expect((await empty.json()).error).toBe(TEAM_PASSWORD_RESET_COPY.invalid);
      const unknown = asResponse(
        await call(
          teamPage.action,
          browserRequest('/teamdashboard', new Map(), {
            form: { intent: 'reset-password', email: 'nobody@example.org' },
          }),
        ),
      );
      expect(await unknown.json()).toMatchObject({ sent: true });
    });

    describe('with Better Auth’s limiter on', () => {
      beforeAll(() => {
        useTestConfig({ AUTH_RATE_LIMIT: '2' });
      });
      afterAll(() => {
        useTestConfig({ AUTH_RATE_LIMIT: '0' });
      });
      test('too many sign-ins say how long to wait', async () => {
        let last: Response | undefined;
        for (let i = 0; i < 3; i++)
          last = await call(
            teamPage.action,
            browserRequest('/teamdashboard', new Map(), {
              form: { intent: 'sign-in', email: 'cleo@example.org', password: 'wrong-password-1' },
            }),
            '198.51.100.99',
          ).then(asResponse);
        expect(last!.status).toBe(429);
        expect((await last!.json()).error).toMatch(
          /^Too many attempts from here\. Please wait (\d+ seconds|1 minute), then try again\.$/,
        );
      });
    });
  });
});
