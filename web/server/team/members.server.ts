// The team's members: accounts with a role (owner or reviewer). Owners change roles, remove
// members and reset a lost second factor; each of these ends the member's sessions at once (their
// dashboard token answers 401, their live stream closes). There is always at least one owner:
// the last one can be neither removed nor demoted (the check and the change run in one
// transaction that locks the owners' rows).
import { eq, sql } from 'drizzle-orm';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import type { TeamMemberListEntry, TeamRole } from '~/lib/team';
import { getDatabase, schema, selectRows, type Db } from '../db/db.server';
import { fail, ok, type Result } from '../result.server';
import { recordActivity } from './activity.server';
import { createInvitation, revokeInvitationsOf } from './invitations.server';

const u = schema.authUsers;

type Actor = { id: string; name: string };

/** Every member, by name, with their latest request or sign-in. */
export async function listMembers(): Promise<TeamMemberListEntry[]> {
  const { db } = getDatabase();
  const rows = await selectRows<{
    id: string;
    name: string;
    email: string;
    role: TeamRole;
    last_seen: Date | string | null;
  }>(
    db,
    sql`select u.id, u.name, u.email, u.team_role as role,
          greatest(
            (select max(coalesce(s.last_seen_at, s.created_at)) from auth_sessions s where s.user_id = u.id),
            (select max(a.at) from team_activity a where a.member_id = u.id and a.action = 'sign-in')
          ) as last_seen
        from auth_users u where u.team_role is not null order by lower(u.name), u.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    lastSeenAt: row.last_seen === null ? null : new Date(row.last_seen).toISOString(),
  }));
}

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

/** Locks the owners' rows and answers the member (if any) with the number of owners. */
async function lockForChange(tx: Db, id: string): Promise<{ member?: Member; owners: number }> {
  const owners = await tx.select({ id: u.id }).from(u).where(eq(u.teamRole, 'owner')).for('update');
  const [row] = await tx
    .select({ id: u.id, name: u.name, email: u.email, role: u.teamRole })
    .from(u)
    .where(eq(u.id, id))
    .for('update');
  const member = row?.role ? { ...row, role: row.role } : undefined;
  return { member, owners: owners.length };
}

/** Takes away the role and the second factor, and ends every session (the tokens go with them). */
async function dropMembership(tx: Db, id: string) {
  await tx.update(u).set({ teamRole: null, twoFactorEnabled: false }).where(eq(u.id, id));
  await tx.delete(schema.authTwoFactors).where(eq(schema.authTwoFactors.userId, id));
  await tx.delete(schema.authSessions).where(eq(schema.authSessions.userId, id));
}

/**
 * The member with their role (`changed` false when they had it already), or refused: 'not-found',
 * or 'conflict' (the last owner cannot be demoted).
 */
export type RoleChange = Result<{ member: Member; changed: boolean }>;

const notFound = () => fail('not-found', TEAM_API_MESSAGES.memberNotFound);
const lastOwner = () => fail('conflict', TEAM_API_MESSAGES.lastOwner);

/** Gives a member another role; their sessions end (they sign in again with the new role). */
export async function changeRole(id: string, role: TeamRole, by: Actor, now = new Date()): Promise<RoleChange> {
  const { db } = getDatabase();
  return db.transaction(async (tx): Promise<RoleChange> => {
    const { member, owners } = await lockForChange(tx, id);
    if (!member) return notFound();
    if (member.role === role) return ok({ member, changed: false });
    if (member.role === 'owner' && owners <= 1) return lastOwner();
    await tx.update(u).set({ teamRole: role }).where(eq(u.id, id));
    await tx.delete(schema.authSessions).where(eq(schema.authSessions.userId, id));
    await recordActivity(
      { action: 'role-changed', member: by, target: id, detail: { name: member.name, from: member.role, to: role } },
      tx,
      now,
    );
    return ok({ member: { ...member, role }, changed: true });
  });
}

/** Removed, or refused: 'not-found', or 'conflict' (the last owner cannot be removed). */
export type Removal = Result<void>;

/**
 * Removes a member from the team: no role, no second factor, no session, no open invitation. The
 * account itself stays (it may be an applicant's too); a new invitation brings them back.
 */
export async function removeMember(id: string, by: Actor, now = new Date()): Promise<Removal> {
  const { db } = getDatabase();
  return db.transaction(async (tx): Promise<Removal> => {
    const { member, owners } = await lockForChange(tx, id);
    if (!member) return notFound();
    if (member.role === 'owner' && owners <= 1) return lastOwner();
    await dropMembership(tx, id);
    await revokeInvitationsOf(tx, member.email, now);
    await recordActivity(
      { action: 'removed', member: by, target: id, detail: { name: member.name, role: member.role } },
      tx,
      now,
    );
    return ok(undefined);
  });
}

/** The new invitation link, or refused 'not-found'. */
export type SecondFactorReset = Result<{ url: string }>;

/**
 * For a member who lost their authenticator (and their backup codes): ends their sessions, removes
 * the second factor and answers a new invitation link with their role, which sets up a new one
 * (their password stays). Until they use it they are not a member. Works for the last owner too:
 * they are the one who receives the link.
 */
export async function resetSecondFactor(id: string, by: Actor, now = new Date()): Promise<SecondFactorReset> {
  const { db } = getDatabase();
  return db.transaction(async (tx): Promise<SecondFactorReset> => {
    const { member } = await lockForChange(tx, id);
    if (!member) return notFound();
    await dropMembership(tx, id);
    await recordActivity(
      { action: 'second-factor-reset', member: by, target: id, detail: { name: member.name } },
      tx,
      now,
    );
    const invited = await createInvitation({ email: member.email, role: member.role, name: member.name }, by, {
      tx,
      now,
      allowMember: true,
    });
    return invited.ok ? ok({ url: invited.value.url }) : notFound();
  });
}
