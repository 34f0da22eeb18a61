// Team members for integration tests: an account with a role and a second factor and a session of
// Better Auth (its signed cookie), written straight into the test database, and a dashboard token
// opened through the real code check. The accepting of invitations and signing in with a TOTP
// code have their own tests (team.test.ts, e2e/team.test.ts); this is for the tests of what a
// signed-in member does.
import { randomBytes, randomUUID } from 'node:crypto';
import { makeSignature } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { getConfig } from '~/server/config.server';
import { getDatabase, schema } from '~/server/db/db.server';
import { openTeamToken } from '~/server/team/team.server';
import { teamSessionOfToken, type TeamSession } from '~/server/team/sessions.server';
import type { TeamRole } from '~/lib/team';
import { TEST_TEAM_CODE } from './codes';

export interface SeededMember {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
  sessionId: string;
  /** The Cookie header of the member's Better Auth session. */
  cookie: string;
}

/** A member with a session (opened `sessionAgeMs` ago, last request `idleMs` ago). */
export async function seedMember(
  options: { role?: TeamRole; name?: string; email?: string; sessionAgeMs?: number; idleMs?: number } = {},
): Promise<SeededMember> {
  const { db } = getDatabase();
  const id = randomUUID();
  const role = options.role ?? 'owner';
  const name = options.name ?? (role === 'owner' ? 'Olivia Owner' : 'Rita Reviewer');
  const email = options.email ?? `${role}-${id.slice(0, 8)}@example.org`;
  await db
    .insert(schema.authUsers)
    .values({ id, name, email, emailVerified: true, teamRole: role, twoFactorEnabled: true });
  const session = await seedSession(id, options);
  return { id, name, email, role, ...session };
}

/** Another session of a user (a second browser). */
export async function seedSession(userId: string, options: { sessionAgeMs?: number; idleMs?: number } = {}) {
  const { db } = getDatabase();
  const now = Date.now();
  const sessionId = randomUUID();
  const token = randomBytes(24).toString('base64url');
  const createdAt = new Date(now - (options.sessionAgeMs ?? 0));
  await db.insert(schema.authSessions).values({
    id: sessionId,
    token,
    userId,
    createdAt,
    updatedAt: createdAt,
    expiresAt: new Date(createdAt.getTime() + 12 * 3600_000),
    lastSeenAt: options.idleMs === undefined ? null : new Date(now - options.idleMs),
    // Opened by the second factor, as a member's sign-in opens it.
    secondFactorVerified: true,
  });
  const signature = await makeSignature(token, getConfig().authSecret);
  return { sessionId, cookie: `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
}

/** A dashboard token of a member's session, through the real 4-digit code check. */
export async function tokenOf(member: { id: string; sessionId: string }): Promise<string> {
  const { db } = getDatabase();
  const [user] = await db.select().from(schema.authUsers).where(eq(schema.authUsers.id, member.id));
  const session: TeamSession = {
    member: { id: user!.id, name: user!.name, email: user!.email, role: user!.teamRole! },
    sessionId: member.sessionId,
    endsAt: new Date(Date.now() + 12 * 3600_000),
  };
  const result = await openTeamToken(session, TEST_TEAM_CODE);
  if (!result.ok) throw new Error(`the code opened nothing: ${result.problem}`);
  return result.value.token;
}

/** Whether a token still opens the team API. */
export const tokenWorks = async (token: string) => (await teamSessionOfToken(token)) !== null;
