// The team area's shapes, shared by the dashboard (browser) and the team API (server): roles, the
// inputs of the owners' calls (one zod schema each), and what the activity log records.
import { z } from 'zod';
import type { ACTIVITY_COPY, ROLE_NAMES } from '~/copy/team';
import type { Assert, ExactKeys } from './exact-keys';

export const TEAM_ROLES = ['owner', 'reviewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
type _RoleNames = Assert<ExactKeys<typeof ROLE_NAMES, TeamRole>>;

/** A team member as the dashboard knows them (never their sessions or second factor). */
export interface TeamMemberSummary {
  id: string;
  name: string;
  role: TeamRole;
}

export interface TeamMemberListEntry extends TeamMemberSummary {
  email: string;
  /** Their latest request in any session (null: none since they joined). */
  lastSeenAt: string | null;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: TeamRole;
  expiresAt: string;
}

/** Invitations are single-use and end after this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A team member's session ends this long after signing in, whatever they do. */
export const TEAM_SESSION_MAX_MS = 12 * 60 * 60 * 1000;

const email = z.string().trim().toLowerCase().max(320).pipe(z.email());

/** POST /api/team/invitations */
export const invitationInput = z.object({
  email,
  role: z.enum(TEAM_ROLES),
  name: z.string().trim().max(100).optional(),
});

/** PATCH /api/team/members/:id */
export const roleChangeInput = z.object({ role: z.enum(TEAM_ROLES) });

/** What the activity log records (GET /api/team/activity). */
export const ACTIVITY_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'second-factor-failed',
  'sign-out',
  'invited',
  'invitation-revoked',
  'joined',
  'removed',
  'role-changed',
  'second-factor-reset',
  'status-changed',
  'export',
  'decision-mail-sent',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
type _ActivityNames = Assert<ExactKeys<typeof ACTIVITY_COPY.actions, ActivityAction>>;

export interface ActivityEvent {
  at: string;
  member: { id: string | null; name: string } | null;
  action: ActivityAction;
  target?: string;
  detail?: Record<string, unknown>;
}
