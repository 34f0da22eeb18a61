// The team's members: accounts with a role (owner or reviewer). Owners change roles, remove
// members and reset a lost second factor; each of these ends the member's sessions at once (their
// dashboard token answers 401, their live stream closes) and deletes Better Auth's "trust this
// device" rows of the account (never honoured here; gone all the same). Owners also rename a
// member (a name is set at the invitation; nobody renames themselves). There is always at least one owner:
// the last one can be neither removed nor demoted (the check and the change run in one
// transaction that locks the owners' rows).
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import type { TeamMemberListEntry, TeamRole } from '~/lib/team';
import { forgetTrustedDevices } from '../accounts/accounts.server';
import { getDatabase, schema, selectRows, type Db } from '../db/db.server';
import { fail, ok, type Result } from '../result.server';
import { recordActivity } from './activity.server';
import { createInvitation, revokeInvitationsOf } from './invitations.server';
import { noteSessionEnds, type SessionEndNote } from './session-ends.server';

const u = schema.authUsers;
const i = schema.teamInvitations;

type Actor = { id: string; name: string };

/**
 * Every member, by name, with their latest request or sign-in; and those whose second factor an
 * owner reset, while the link to set up a new one is open (marked with its end: `resetUntil`).
 */
export async function listMembers(now = new Date()): Promise<TeamMemberListEntry[]> {
  const { db } = getDatabase();
  const rows = await selectRows<{
    id: string;
    name: string;
    email: string;
    role: TeamRole;
    last_seen: Date | string | null;
    reset_until: Date | string | null;
  }>(
    db,
    sql`select u.id, u.name, u.email, coalesce(u.team_role, r.role) as role,
          greatest(
            (select max(coalesce(s.last_seen_at, s.created_at)) from auth_sessions s where s.user_id = u.id),
            (select max(a.at) from team_activity a where a.member_id = u.id and a.action = 'sign-in')
          ) as last_seen,
          case when u.team_role is null then r.expires_at end as reset_until
        from auth_users u
        left join lateral (
          select i.role, i.expires_at from team_invitations i
          where ${openReset(sql`i`, sql`u.id`, now)}
          order by i.created_at desc limit 1
        ) r on true
        where u.team_role is not null or r.role is not null
        order by lower(u.name), u.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    lastSeenAt: row.last_seen === null ? null : new Date(row.last_seen).toISOString(),
    resetUntil: row.reset_until === null ? null : new Date(row.reset_until).toISOString(),
  }));
}

/** The condition of an open invitation (alias `i`) that resets the second factor of `userId`. */
const openReset = (i: SQL, userId: SQL, now: Date) =>
  sql`${i}.reset_of_id = ${userId} and ${i}.used_at is null and ${i}.revoked_at is null
      and ${i}.expires_at > ${now.toISOString()}::timestamptz`;

/** How many members there are (the start-up's hint to invite the first owner). */
export async function countMembers(): Promise<number> {
  const { db } = getDatabase();
  const [row] = await selectRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from auth_users where team_role is not null`,
  );
  return Number(row?.n ?? 0);
}

type Member = { id: string; name: string; email: string; role: TeamRole };

/**
 * Locks the owners' rows and answers the member (if any) with the number of owners; `resetting`
 * (with the role they were invited back with) for someone whose second factor an owner reset, while
 * its link is open: not a member meanwhile, but listed, and removable.
 */
async function lockForChange(
  tx: Db,
  id: string,
  now: Date,
): Promise<{ member?: Member; resetting?: Member; owners: number }> {
  const owners = await tx.select({ id: u.id }).from(u).where(eq(u.teamRole, 'owner')).for('update');
  const [row] = await tx
    .select({ id: u.id, name: u.name, email: u.email, role: u.teamRole })
    .from(u)
    .where(eq(u.id, id))
    .for('update');
  if (!row) return { owners: owners.length };
  if (row.role) return { member: { ...row, role: row.role }, owners: owners.length };
  const [reset] = await tx
    .select({ role: i.role })
    .from(i)
    .where(openReset(sql`${i}`, sql`${id}`, now))
    .orderBy(desc(i.createdAt))
    .limit(1);
  return { resetting: reset ? { ...row, role: reset.role } : undefined, owners: owners.length };
}

/**
 * Ends every session of a member (the tokens go with them; the sign-in form those browsers show
 * next says why) and forgets their trusted browsers.
 */
async function signOutEverywhere(tx: Db, id: string, end: SessionEndNote, now: Date) {
  await noteSessionEnds(tx, id, end, now);
  await tx.delete(schema.authSessions).where(eq(schema.authSessions.userId, id));
  await forgetTrustedDevices(id, tx);
}

/** Takes away the role and the second factor, and signs the member out everywhere. */
async function dropMembership(tx: Db, id: string, reason: 'removed' | 'second-factor-reset', now: Date) {
  await tx.update(u).set({ teamRole: null, twoFactorEnabled: false }).where(eq(u.id, id));
  await tx.delete(schema.authTwoFactors).where(eq(schema.authTwoFactors.userId, id));
  await signOutEverywhere(tx, id, { reason }, now);
}

/**
 * The member with their role (`changed` false when they had it already), or refused: 'not-found',
 * or 'conflict' (the last owner cannot be demoted; someone setting up a new second factor has no
 * role to change yet).
 */
export type RoleChange = Result<{ member: Member; changed: boolean }>;

const notFound = () => fail('not-found', TEAM_API_MESSAGES.memberNotFound);
const lastOwner = () => fail('conflict', TEAM_API_MESSAGES.lastOwner);

/** Gives a member another role; their sessions end (they sign in again with the new role). */
export async function changeRole(id: string, role: TeamRole, by: Actor, now = new Date()): Promise<RoleChange> {
  const { db } = getDatabase();
  return db.transaction(async (tx): Promise<RoleChange> => {
    const { member, resetting, owners } = await lockForChange(tx, id, now);
    if (resetting) return fail('conflict', TEAM_API_MESSAGES.resetPending);
    if (!member) return notFound();
    if (member.role === role) return ok({ member, changed: false });
    if (member.role === 'owner' && owners <= 1) return lastOwner();
    await tx.update(u).set({ teamRole: role }).where(eq(u.id, id));
    await signOutEverywhere(tx, id, { reason: 'role-changed', role }, now);
    await recordActivity(
      { action: 'role-changed', member: by, target: id, detail: { name: member.name, from: member.role, to: role } },
      tx,
      now,
    );
    return ok({ member: { ...member, role }, changed: true });
  });
}

/** The member with their new name (`changed` false when it was theirs already), or refused 'not-found'. */
export type Renaming = Result<{ member: Member; changed: boolean }>;

/**
 * An owner gives a member another display name (recorded, with the old and the new one). Their
 * sessions stay: every later decision and export carries the new name.
 */
export async function renameMember(id: string, name: string, by: Actor, now = new Date()): Promise<Renaming> {
  const { db } = getDatabase();
  return db.transaction(async (tx): Promise<Renaming> => {
    const { member, resetting } = await lockForChange(tx, id, now);
    if (resetting) return fail('conflict', TEAM_API_MESSAGES.resetPending);
    if (!member) return notFound();
    if (member.name === name) return ok({ member, changed: false });
    await tx.update(u).set({ name, updatedAt: now }).where(eq(u.id, id));
    await recordActivity(
      { action: 'renamed', member: by, target: id, detail: { from: member.name, to: name } },
      tx,
      now,
    );
    return ok({ member: { ...member, name }, changed: true });
  });
}

/** Removed, or refused: 'not-found', or 'conflict' (the last owner cannot be removed). */
export type Removal = Result<void>;

/**
 * Removes a member from the team: no role, no second factor, no session, no open invitation (also
 * someone whose second factor was reset: their link stops working). The account itself stays (it
 * may be an applicant's too); a new invitation brings them back.
 */
export async function removeMember(id: string, by: Actor, now = new Date()): Promise<Removal> {
  const { db } = getDatabase();
  return db.transaction(async (tx): Promise<Removal> => {
    const { member, resetting, owners } = await lockForChange(tx, id, now);
    const person = member ?? resetting;
    if (!person) return notFound();
    if (member?.role === 'owner' && owners <= 1) return lastOwner();
    if (member) await dropMembership(tx, id, 'removed', now);
    await revokeInvitationsOf(tx, person.email, now);
    await recordActivity(
      { action: 'removed', member: by, target: id, detail: { name: person.name, role: person.role } },
      tx,
      now,
    );
    return ok(undefined);
  });
}

/** The new invitation link, or refused: 'not-found', or 'forbidden' (one's own second factor). */
export type SecondFactorReset = Result<{ url: string }>;

/**
 * For a member who lost their authenticator (and their backup codes): ends their sessions, removes
 * the second factor and answers a new invitation link with their role, which sets up a new one
 * (their password stays). Until they use it they are not a member, but listed as one waiting for
 * it; asked again meanwhile, it answers a new link (the old one stops working). Works for the last
 * owner too (another owner's call, or the last owner's own invitation by `team:invite`). Never for
 * one's own second factor: the session would end before the link could be passed on, and the only
 * owner would be locked out; another owner resets it.
 */
export async function resetSecondFactor(id: string, by: Actor, now = new Date()): Promise<SecondFactorReset> {
  if (id === by.id) return fail('forbidden', TEAM_API_MESSAGES.ownSecondFactor);
  const { db } = getDatabase();
  return db.transaction(async (tx): Promise<SecondFactorReset> => {
    const { member, resetting } = await lockForChange(tx, id, now);
    const person = member ?? resetting;
    if (!person) return notFound();
    if (member) await dropMembership(tx, id, 'second-factor-reset', now);
    await recordActivity(
      { action: 'second-factor-reset', member: by, target: id, detail: { name: person.name } },
      tx,
      now,
    );
    const invited = await createInvitation({ email: person.email, role: person.role, name: person.name }, by, {
      tx,
      now,
      allowMember: true,
      resetOf: id,
    });
    return invited.ok ? ok({ url: invited.value.url }) : notFound();
  });
}

/**
 * An account was deleted (never a member's: an owner removes them from the team first). When it
 * belonged to a former member (an invitation of its address was used), the activity log records
 * it under their name (the account, and so its id, is gone).
 */
export async function recordAccountDeletion(user: { id: string; name: string; email: string }, now = new Date()) {
  const { db } = getDatabase();
  const [used] = await db
    .select({ id: i.id })
    .from(i)
    .where(and(sql`lower(${i.email}) = ${user.email.toLowerCase()}`, isNotNull(i.usedAt)))
    .limit(1);
  if (used)
    await recordActivity(
      { action: 'account-deleted', member: { id: null, name: user.name }, target: user.id },
      undefined,
      now,
    );
}
