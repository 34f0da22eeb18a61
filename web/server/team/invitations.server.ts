// Invitations to the team: single use, 7 days, only a hash of the token stored. Made by an owner
// in the dashboard or, for the first owner, by `npm run team:invite`. The link is answered once
// (and mailed when SMTP is set up); a newer invitation for the same address replaces an open one.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { TEAM_API_MESSAGES } from '~/copy/dashboard';
import { ROLE_NAMES, ROLE_NAMES_DE } from '~/copy/team';
import { INVITATION_TTL_MS, invitationInput, type PendingInvitation, type TeamRole } from '~/lib/team';
import { getConfig } from '../config.server';
import { getDatabase, schema, type Db } from '../db/db.server';
import { fail, ok, type Result } from '../result.server';
import { enqueueMail, kickOutbox, MAIL_SIGNATURE, type OutboxMail } from '../mail/mail.server';
import { recordActivity } from './activity.server';
import { hashToken } from './sessions.server';

/** Where an invitation link leads. */
export const INVITATION_PATH = '/team/einladung';

const t = schema.teamInvitations;
const u = schema.authUsers;

export interface Invitation {
  id: string;
  email: string;
  name: string | null;
  role: TeamRole;
  expiresAt: Date;
}

export type InvitationLookup =
  { kind: 'valid'; invitation: Invitation } | { kind: 'used' } | { kind: 'expired' } | { kind: 'unknown' };

export const invitationUrl = (token: string) =>
  `${getConfig().publicUrl}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;

export function invitationMail(
  to: string,
  url: string,
  role: TeamRole,
  invitedBy: string | null,
  reset = false,
): OutboxMail {
  const who = invitedBy ?? 'Eine Inhaberin oder ein Inhaber des Teams';
  const as = `als ${ROLE_NAMES_DE[role]} (im englischsprachigen Team-Dashboard „${ROLE_NAMES[role]}“)`;
  if (reset)
    return {
      to,
      subject: 'Dein zweiter Faktor wurde zurückgesetzt',
      text:
        `Hallo,\n\n${who} hat den zweiten Faktor deines Team-Kontos bei Bewegungscoaching zurückgesetzt. ` +
        `Mit diesem Link richtest du deine Authenticator-App neu ein; dein Passwort bleibt (7 Tage gültig, nur einmal nutzbar):\n\n${url}\n\n` +
        `Wenn du das nicht erwartet hast, sprich bitte mit einer Inhaberin oder einem Inhaber des Teams.` +
        MAIL_SIGNATURE,
    };
  return {
    to,
    subject: 'Deine Einladung in den Team-Bereich',
    text:
      `Hallo,\n\n${invitedBy ? `${invitedBy} lädt dich` : 'Wir laden dich'} ${as} in den Team-Bereich von Bewegungscoaching ein.\n\n` +
      `Mit diesem Link legst du dein Konto an (7 Tage gültig, nur einmal nutzbar):\n\n${url}\n\n` +
      `Du brauchst dafür eine Authenticator-App auf deinem Handy (zum Beispiel Google Authenticator, ` +
      `Microsoft Authenticator oder 2FAS): Sie erzeugt bei jeder Anmeldung einen zweiten Code.\n\n` +
      `Wenn du mit dieser Einladung nichts anfangen kannst, lösche diese E-Mail einfach.` +
      MAIL_SIGNATURE,
  };
}

/** The invitation and its link, or refused 'conflict' (the address belongs to a member already). */
export type CreateInvitationResult = Result<{ url: string; invitation: Invitation }>;

/**
 * Creates an invitation (replacing an open one for the same address) and records it. The link is
 * mailed when SMTP is set up; it is answered either way, for the one who invites to pass on.
 */
export async function createInvitation(
  input: { email: string; role: TeamRole; name?: string | null },
  invitedBy: { id: string; name: string } | null,
  /** `resetOf`: the member whose second factor this invitation sets up again. */
  options: { tx?: Db; now?: Date; allowMember?: boolean; resetOf?: string } = {},
): Promise<CreateInvitationResult> {
  const now = options.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const url = invitationUrl(token);
  const write = async (tx: Db): Promise<CreateInvitationResult> => {
    if (!options.allowMember) {
      const [member] = await tx
        .select({ role: u.teamRole })
        .from(u)
        .where(sql`lower(${u.email}) = ${email} and ${u.teamRole} is not null`);
      if (member) return fail('conflict', TEAM_API_MESSAGES.alreadyMember);
    }
    await tx
      .update(t)
      .set({ revokedAt: now })
      .where(and(sql`lower(${t.email}) = ${email}`, isNull(t.usedAt), isNull(t.revokedAt)));
    const [row] = await tx
      .insert(t)
      .values({
        tokenHash: hashToken(token),
        email,
        name: input.name?.trim() || null,
        role: input.role,
        invitedById: invitedBy?.id ?? null,
        resetOfId: options.resetOf ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    await recordActivity(
      { action: 'invited', member: invitedBy, target: row!.id, detail: { email, role: input.role } },
      tx,
      now,
    );
    if (getConfig().mail.smtpUrl)
      await enqueueMail(
        tx,
        'team-invitation',
        invitationMail(email, url, input.role, invitedBy?.name ?? null, Boolean(options.resetOf)),
      );
    return ok({ url, invitation: toInvitation(row!) });
  };
  const result = options.tx ? await write(options.tx) : await getDatabase().db.transaction(write);
  if (result.ok && getConfig().mail.smtpUrl) kickOutbox();
  return result;
}

const toInvitation = (row: typeof t.$inferSelect): Invitation => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  expiresAt: row.expiresAt,
});

/** What a link's token opens: a valid invitation, or why not (used or withdrawn, expired, unknown). */
export async function invitationByToken(token: string | null | undefined, now = new Date()): Promise<InvitationLookup> {
  if (!token || token.length > 100) return { kind: 'unknown' };
  const { db } = getDatabase();
  const [row] = await db
    .select()
    .from(t)
    .where(eq(t.tokenHash, hashToken(token)));
  if (!row) return { kind: 'unknown' };
  if (row.usedAt || row.revokedAt) return { kind: 'used' };
  if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
  return { kind: 'valid', invitation: toInvitation(row) };
}

/** Marks an invitation used, in the transaction that makes its person a member; false if it was used meanwhile. */
export async function useInvitation(tx: Db, id: string, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.id, id), isNull(t.usedAt), isNull(t.revokedAt), gt(t.expiresAt, now)))
    .returning({ id: t.id });
  return rows.length === 1;
}

/**
 * Invitations not used, withdrawn or expired, oldest first; not those that set up a reset second
 * factor again (the member list shows their person).
 */
export async function openInvitations(now = new Date()): Promise<PendingInvitation[]> {
  const { db } = getDatabase();
  const rows = await db
    .select()
    .from(t)
    .where(and(isNull(t.usedAt), isNull(t.revokedAt), gt(t.expiresAt, now), isNull(t.resetOfId)))
    .orderBy(asc(t.createdAt));
  return rows.map((row) => ({ id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() }));
}

/**
 * Withdraws an open invitation, and with it every other open link of that address (such as one
 * that sets up a reset second factor again): none of them opens anything then. False when the
 * invitation was not open.
 */
export async function revokeInvitation(id: string, by: { id: string; name: string }, now = new Date()) {
  const { db } = getDatabase();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(t)
      .set({ revokedAt: now })
      .where(and(eq(t.id, id), isNull(t.usedAt), isNull(t.revokedAt)))
      .returning({ id: t.id, email: t.email });
    if (!rows.length) return false;
    await revokeInvitationsOf(tx, rows[0]!.email, now);
    await recordActivity(
      { action: 'invitation-revoked', member: by, target: id, detail: { email: rows[0]!.email } },
      tx,
      now,
    );
    return true;
  });
}

/** Withdraws every open invitation of an address (a member removed keeps no way back in). */
export async function revokeInvitationsOf(tx: Db, email: string, now = new Date()) {
  await tx
    .update(t)
    .set({ revokedAt: now })
    .where(and(sql`lower(${t.email}) = ${email.toLowerCase()}`, isNull(t.usedAt), isNull(t.revokedAt)));
}

/**
 * `npm run team:invite -- EMAIL [--owner] [--name NAME]`, asked of the running server over its
 * control socket: the invitation made by the same code as an owner's, recorded with no member.
 */
export async function inviteFromCommandLine(argument: unknown): Promise<{ url: string; mailed: boolean }> {
  const input = invitationInput.safeParse(argument);
  if (!input.success) throw new Error(`Not an invitation: ${input.error.issues.map((i) => i.message).join('; ')}`);
  const result = await createInvitation(input.data, null);
  if (!result.ok) throw new Error(`${input.data.email} is a team member already.`);
  return { url: result.value.url, mailed: Boolean(getConfig().mail.smtpUrl) };
}
