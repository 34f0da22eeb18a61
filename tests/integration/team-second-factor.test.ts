// The team's second factor as an attacker tries it over HTTP, on PGlite and PostgreSQL: Better
// Auth's "trust this device" is neither offered nor honoured (an old cookie included); a session
// opened with the password alone (before the factor is set up, during a factor reset) never
// becomes a team session; a code from the app counts once; a member cannot delete their account
// or rename themselves (owners rename, recorded); refused (429) sign-in attempts are recorded once
// per member, not one by one.
import { createHmac, randomBytes } from 'node:crypto';
import { makeSignature } from 'better-auth/crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { KONTO_COPY } from '~/copy/account';
import * as authRoute from '~/routes/api.auth.$';
import * as invitationPage from '~/routes/team.einladung';
import * as sessionRoute from '~/routes/api.team.session';
import * as factorRoute from '~/routes/api.team.members.$id.second-factor';
import * as applicationsRoute from '~/routes/api.applications';
import { getConfig } from '~/server/config.server';
import { schema } from '~/server/db/db.server';
import { describeEachDatabase } from '../support/database';
import { PUBLIC_URL, TEAM_CODE, bearer, call, useTestConfig } from '../support/routes';
import { accept, browse, invite, memberChange, pathOf, postInvite, viewOf, type Jar } from '../support/team-browser';
import { seedMember, tokenOf } from '../support/team';
import { totp, unusedTotp } from '../support/totp';

const u = schema.authUsers;
const v = schema.authVerifications;
const activity = schema.teamActivity;

describeEachDatabase('the second factor holds', (current) => {
  beforeEach(async () => {
    useTestConfig({ AUTH_RATE_LIMIT: '0' });
    await current().db.delete(schema.authRateLimits);
  });

  const signIn = (jar: Jar, email: string, password: string) =>
    browse(authRoute.action, '/api/auth/sign-in/email', jar, { json: { email, password } });
  const verify = (jar: Jar, body: Record<string, unknown>) =>
    browse(authRoute.action, '/api/auth/two-factor/verify-totp', jar, { json: body });
  /** What the dashboard's code answers for this browser: 200 only for a team member's session. */
  const teamCode = async (jar: Jar) =>
    (await browse(sessionRoute.action, '/api/team/session', jar, { json: { code: TEAM_CODE } })).status;
  const userOf = async (email: string) => (await current().db.select().from(u).where(eq(u.email, email)))[0]!;
  const eventsOf = (memberId: string, action: string) =>
    current()
      .db.select()
      .from(activity)
      .where(and(eq(activity.target, memberId), eq(activity.action, action)));
  const trustRows = (userId: string) =>
    current()
      .db.select()
      .from(v)
      .where(and(eq(v.value, userId), like(v.identifier, 'trust-device-%')));

  /** A member enrolled through the invitation page (a real password and authenticator). */
  async function enrolled(email: string, role: 'owner' | 'reviewer' = 'reviewer', name = 'Tina Trust') {
    const password = `${email.split('@')[0]}-password-1`;
    const { jar, secret, view } = await accept(await invite(email, role), { name, password });
    return { email, password, secret, jar, backupCodes: view.backupCodes, id: (await userOf(email)).id };
  }

  /** "Trust this device" as Better Auth 1.7 makes it: a row and a signed cookie naming it. */
  async function trustCookieOf(userId: string) {
    const identifier = `trust-device-${randomBytes(16).toString('hex')}`;
    const secret = getConfig().authSecret;
    const token = createHmac('sha256', secret).update(`${userId}!${identifier}`).digest('base64url');
    await current()
      .db.insert(v)
      .values({
        id: randomBytes(8).toString('hex'),
        identifier,
        value: userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    const value = `${token}!${identifier}`;
    return encodeURIComponent(`${value}.${await makeSignature(value, secret)}`);
  }

  /** An owner's reset of a member's second factor over the API; answers the new invitation link. */
  async function resetFactor(memberId: string) {
    const owner = bearer(await tokenOf(await seedMember()));
    const res = await call(
      factorRoute.action,
      new Request(`${PUBLIC_URL}/api/team/members/${memberId}/second-factor`, { method: 'DELETE', headers: owner }),
      undefined,
      { id: memberId },
    );
    expect(res.status).toBe(200);
    return new URL(((await res.json()) as { url: string }).url);
  }

  describe('“trust this device”', () => {
    test('asking for it with a code is refused: no trust cookie, no session', async () => {
      const tina = await enrolled('tina@example.org');
      const jar: Jar = new Map();
      expect(await (await signIn(jar, tina.email, tina.password)).json()).toMatchObject({ twoFactorRedirect: true });
      const asked = await verify(jar, { code: await unusedTotp(tina.secret), trustDevice: true });
      expect(asked.status).toBe(400);
      expect(await asked.json()).toMatchObject({ code: 'TRUST_DEVICE_NOT_OFFERED' });
      expect([...jar.keys()].filter((name) => /trust_device|session_token/.test(name))).toEqual([]);
      expect(await trustRows(tina.id)).toEqual([]);
      // Without it, the same challenge still finishes the sign-in.
      expect((await verify(jar, { code: await unusedTotp(tina.secret) })).status).toBe(200);
      expect(await teamCode(jar)).toBe(200);
    });

    test('a trust cookie from before is not honoured: the password alone opens nothing, and the cookie is expired', async () => {
      const tina = await enrolled('tanja@example.org');
      const jar: Jar = new Map([['better-auth.trust_device', await trustCookieOf(tina.id)]]);
      const res = await signIn(jar, tina.email, tina.password);
      expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
      expect(res.headers.getSetCookie().some((c) => /^better-auth\.trust_device=;.*Max-Age=0/i.test(c))).toBe(true);
      expect(jar.has('better-auth.session_token')).toBe(false);
      expect(await teamCode(jar)).toBe(401);
      const list = await browse(applicationsRoute.loader, '/api/applications', jar);
      expect(list.status).toBe(401);
    });

    test('the trust rows go with a reset, a removal, a role change and signing out everywhere', async () => {
      const tina = await enrolled('tilda@example.org');
      await trustCookieOf(tina.id);
      await resetFactor(tina.id);
      expect(await trustRows(tina.id)).toEqual([]);

      const owner = bearer(await tokenOf(await seedMember()));
      const rita = await seedMember({ role: 'reviewer' });
      await trustCookieOf(rita.id);
      expect((await memberChange('PATCH', rita.id, owner, { role: 'owner' })).status).toBe(200);
      expect(await trustRows(rita.id)).toEqual([]);
      await trustCookieOf(rita.id);
      expect((await memberChange('DELETE', rita.id, owner)).status).toBe(204);
      expect(await trustRows(rita.id)).toEqual([]);

      const theo = await enrolled('theo-trust@example.org');
      await trustCookieOf(theo.id);
      const everywhere = await browse(authRoute.action, '/api/auth/revoke-sessions', theo.jar, { json: {} });
      expect(everywhere.status).toBe(200);
      expect(await trustRows(theo.id)).toEqual([]);
    });
  });

  describe('a session the password alone opened', () => {
    test('one opened between the invitation’s two steps stays no team session after the factor is confirmed', async () => {
      const link = await invite('ines@example.org');
      const person = { name: 'Ines Invited', password: 'ines-password-1' };
      const own: Jar = new Map();
      const account = await postInvite(link, { intent: 'account', ...person }, own);
      const { uri } = (await viewOf(account)) as { uri: string };
      // Someone with the password signs in elsewhere while no factor exists yet: Better Auth opens a session.
      const attacker: Jar = new Map();
      const opened = await signIn(attacker, 'ines@example.org', person.password);
      expect(await opened.json()).not.toHaveProperty('twoFactorRedirect');
      expect(attacker.has('better-auth.session_token')).toBe(true);
      // The invited person confirms the factor: a member now.
      const secret = new URL(uri).searchParams.get('secret')!;
      const done = await postInvite(link, { intent: 'confirm', code: await unusedTotp(secret) }, own);
      expect(await viewOf(done)).toMatchObject({ stage: 'done' });
      expect(await teamCode(own)).toBe(200);
      expect(await teamCode(attacker)).toBe(401);
    });

    test('one opened during a factor reset stays no team session after re-enrolment; the sign-in is recorded and mailed', async () => {
      const lena = await enrolled('lena-reset@example.org', 'reviewer', 'Lena Lost');
      const link = await resetFactor(lena.id);
      const attacker: Jar = new Map();
      const opened = await signIn(attacker, lena.email, lena.password);
      expect(opened.status).toBe(200);
      expect(await opened.json()).not.toHaveProperty('twoFactorRedirect');
      const [event] = await eventsOf(lena.id, 'sign-in-without-second-factor');
      expect(event).toMatchObject({ memberName: 'Lena Lost' });
      const mails = await current()
        .db.select()
        .from(schema.mailOutbox)
        .where(eq(schema.mailOutbox.kind, 'team-without-second-factor'));
      expect(mails).toEqual([
        expect.objectContaining({
          toAddress: lena.email,
          subject: 'Anmeldung ohne zweiten Faktor in deinem Team-Konto',
        }),
      ]);
      const again = await accept(link, { name: 'Lena Lost', password: lena.password });
      expect(again.view.stage).toBe('done');
      expect(await teamCode(again.jar)).toBe(200);
      expect(await teamCode(attacker)).toBe(401);
    });

    test('a member’s session that passed the second factor is marked so; the password step’s is not', async () => {
      const tom = await enrolled('tom-marked@example.org');
      const jar: Jar = new Map();
      await signIn(jar, tom.email, tom.password);
      await verify(jar, { code: await unusedTotp(tom.secret) });
      // A backup code opens a team session too.
      const backup: Jar = new Map();
      await signIn(backup, tom.email, tom.password);
      const code = tom.backupCodes[0]!;
      await browse(authRoute.action, '/api/auth/two-factor/verify-backup-code', backup, { json: { code } });
      expect(await teamCode(backup)).toBe(200);
      const sessions = await current()
        .db.select()
        .from(schema.authSessions)
        .where(eq(schema.authSessions.userId, tom.id));
      expect(sessions.map((s) => s.secondFactorVerified)).toEqual([true, true, true]);
      const applicant: Jar = new Map();
      await browse(authRoute.action, '/api/auth/sign-up/email', applicant, {
        json: { email: 'ann-applicant@example.org', password: 'ann-password-1', name: 'Ann' },
      });
      await signIn(applicant, 'ann-applicant@example.org', 'ann-password-1');
      const [ann] = await current()
        .db.select()
        .from(schema.authSessions)
        .innerJoin(u, eq(u.id, schema.authSessions.userId))
        .where(eq(u.email, 'ann-applicant@example.org'));
      expect(ann!.auth_sessions.secondFactorVerified).toBe(false);
    });
  });

  describe('a code from the app', () => {
    test('finishes one sign-in: the same code in a second challenge is refused, also in parallel', async () => {
      const otto = await enrolled('otto-once@example.org');
      const code = await unusedTotp(otto.secret);
      const a: Jar = new Map();
      const b: Jar = new Map();
      await signIn(a, otto.email, otto.password);
      await signIn(b, otto.email, otto.password);
      expect((await verify(a, { code })).status).toBe(200);
      const replay = await verify(b, { code });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toMatchObject({ code: 'TOTP_CODE_USED' });
      expect(await teamCode(b)).toBe(401);

      const next = await unusedTotp(otto.secret);
      const racers = [new Map(), new Map(), new Map()] as Jar[];
      for (const jar of racers) await signIn(jar, otto.email, otto.password);
      const answers = await Promise.all(racers.map((jar) => verify(jar, { code: next })));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    });

    test('an earlier code is refused once a later one was used', async () => {
      const olga = await enrolled('olga-earlier@example.org');
      const jar: Jar = new Map();
      await signIn(jar, olga.email, olga.password);
      const used = await unusedTotp(olga.secret);
      expect((await verify(jar, { code: used })).status).toBe(200);
      // The step before the one just used: still within the step either side of now that the server accepts.
      const now = Math.floor(Date.now() / 30_000);
      const step = [now + 1, now, now - 1].find((s) => totp(olga.secret, s * 30_000) === used)!;
      const earlier = totp(olga.secret, (step - 1) * 30_000);
      const other: Jar = new Map();
      await signIn(other, olga.email, olga.password);
      const res = await verify(other, { code: earlier });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'TOTP_CODE_USED' });
    });
  });

  describe('a member’s own account', () => {
    test('the last owner (and any member) cannot delete their account; once removed they can, and it is recorded', async () => {
      await current().db.update(u).set({ teamRole: null }).where(eq(u.teamRole, 'owner'));
      const olga = await enrolled('olga-last@example.org', 'owner', 'Olga Owner');
      const del = (jar: Jar, password: string) =>
        browse(authRoute.action, '/api/auth/delete-user', jar, { json: { password } });
      const refused = await del(olga.jar, olga.password);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'TEAM_MEMBER', message: KONTO_COPY.teamMember });
      expect(await userOf(olga.email)).toMatchObject({ teamRole: 'owner' });
      const rita = await enrolled('rita-del@example.org', 'reviewer', 'Rita Reviewer');
      expect((await del(rita.jar, rita.password)).status).toBe(409);
      expect(await userOf(rita.email)).toMatchObject({ teamRole: 'reviewer' });

      // Removed from the team by the owner, Rita may go; the activity log keeps who it was.
      const token = (await (
        await browse(sessionRoute.action, '/api/team/session', olga.jar, {
          json: { code: TEAM_CODE },
        })
      ).json()) as { token: string };
      const removal = await memberChange('DELETE', rita.id, bearer(token.token));
      expect(removal.status).toBe(204);
      const jar: Jar = new Map();
      await signIn(jar, rita.email, rita.password);
      expect((await del(jar, rita.password)).status).toBe(200);
      expect(await current().db.select().from(u).where(eq(u.email, rita.email))).toEqual([]);
      const [deleted] = await current()
        .db.select()
        .from(activity)
        .where(and(eq(activity.action, 'account-deleted'), eq(activity.target, rita.id)));
      expect(deleted).toMatchObject({ memberName: 'Rita Reviewer' });
    });

    test('nobody renames themselves; an owner renames a member, recorded; a reset link keeps the name', async () => {
      const olga = await enrolled('olga-name@example.org', 'reviewer', 'Olga Reviewer');
      const renamed = await browse(authRoute.action, '/api/auth/update-user', olga.jar, {
        json: { name: 'Olivia Owner' },
      });
      expect(renamed.status).toBe(404);
      expect(await userOf(olga.email)).toMatchObject({ name: 'Olga Reviewer' });

      const owner = await seedMember({ name: 'Olivia Owner' });
      const patch = (body: unknown, token: string) => memberChange('PATCH', olga.id, bearer(token), body);
      const ownerToken = await tokenOf(owner);
      for (const bad of [{ name: '' }, { name: 'x'.repeat(101) }, { name: 'A', role: 'owner' }, { nom: 'A' }])
        expect((await patch(bad, ownerToken)).status, JSON.stringify(bad)).toBe(400);
      const reviewer = await seedMember({ role: 'reviewer' });
      expect((await patch({ name: 'Mallory' }, await tokenOf(reviewer))).status).toBe(403);
      const res = await patch({ name: ' Olga Okay ' }, ownerToken);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ member: { id: olga.id, name: 'Olga Okay', role: 'reviewer' } });
      const [event] = await eventsOf(olga.id, 'renamed');
      expect(event).toMatchObject({ memberName: 'Olivia Owner', detail: { from: 'Olga Reviewer', to: 'Olga Okay' } });
      // The member's own session goes on, under the new name.
      const session = await browse(sessionRoute.action, '/api/team/session', olga.jar, { json: { code: TEAM_CODE } });
      expect(((await session.json()) as { member: { name: string } }).member.name).toBe('Olga Okay');

      // Re-enrolling after a reset does not change the name either.
      const link = await resetFactor(olga.id);
      const shown = (await viewOf(await browse(invitationPage.loader, pathOf(link), new Map()))) as object;
      expect(shown).toMatchObject({ name: 'Olga Okay', nameFixed: true });
      await accept(link, { name: 'Olivia Owner', password: olga.password });
      expect(await userOf(olga.email)).toMatchObject({ name: 'Olga Okay', teamRole: 'reviewer' });
    });
  });

  test('a flood of refused sign-ins is recorded once per member, not one by one', async () => {
    useTestConfig({ AUTH_RATE_LIMIT: '3' });
    const fred = await seedMember({ role: 'reviewer', name: 'Fred Flood' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn(new Map(), fred.email, 'not-the-password')).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(16);
    const rows = await eventsOf(fred.id, 'sign-in-failed');
    const reasons = rows.map((row) => (row.detail as { reason: string }).reason);
    expect(reasons.filter((r) => r === 'too many attempts')).toHaveLength(1);
    expect(reasons.filter((r) => r === 'wrong email or password').length).toBeLessThanOrEqual(3);
    // Another member's refused attempt is still recorded.
    const gina = await seedMember({ role: 'reviewer', name: 'Gina' });
    await signIn(new Map(), gina.email, 'not-the-password');
    expect(await eventsOf(gina.id, 'sign-in-failed')).toHaveLength(1);
  });
});
