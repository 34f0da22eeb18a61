// The team area's shapes, shared by the dashboard (browser) and the team API (server): roles, the
// inputs of the owners' calls (one zod schema each), and what the activity log records.
import { z } from 'zod';
import { checkInput, type InputCheck } from './input';
import { TEAM_INPUT_MESSAGES, type ACTIVITY_COPY, type ROLE_NAMES } from '~/copy/team';
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
  /**
   * An owner reset their second factor and they have not set up a new one yet: until when the
   * link for that is valid (null: an active member). Such a member has no access meanwhile.
   */
  resetUntil: string | null;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: TeamRole;
  expiresAt: string;
}

/** The team's sign-in (and the dashboard behind it). */
export const TEAM_SIGN_IN_PATH = '/teamdashboard';

/** The team sign-in's "forgot password" (`/teamdashboard?forgot-password`), also named by the team's mails. */
export const TEAM_PASSWORD_RESET_PARAM = 'forgot-password';
export const TEAM_PASSWORD_RESET_PATH = `/teamdashboard?${TEAM_PASSWORD_RESET_PARAM}`;

/** Invitations are single-use and end after this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A team member's session ends this long after signing in, whatever they do. */
export const TEAM_SESSION_MAX_MS = 12 * 60 * 60 * 1000;

const email = z
  .string(TEAM_INPUT_MESSAGES.email)
  .trim()
  .toLowerCase()
  .max(320, TEAM_INPUT_MESSAGES.email)
  .pipe(z.email(TEAM_INPUT_MESSAGES.email));
const role = z.enum(TEAM_ROLES, TEAM_INPUT_MESSAGES.role);

/** POST /api/team/invitations (the dashboard checks its form with it too) */
export const invitationInput = z.object({
  email,
  role,
  name: z.string(TEAM_INPUT_MESSAGES.name).trim().max(100, TEAM_INPUT_MESSAGES.name).optional(),
});

/** A member's display name: set at the invitation, changed by owners only. */
export const memberName = z
  .string(TEAM_INPUT_MESSAGES.nameMissing)
  .trim()
  .min(1, TEAM_INPUT_MESSAGES.nameMissing)
  .max(100, TEAM_INPUT_MESSAGES.name);

/** A new name for a member (the dashboard's rename form checks it as the server does). */
export const memberRenameInput = z.object({ name: memberName }).strict();

/** PATCH /api/team/members/:id: a new role, or a new name (one of them). */
export const memberChangeInput = z.union([z.object({ role }).strict(), memberRenameInput]);

/** A checked input, or the first problem and each field's (first) message: what a 400 answers and a form shows. */
export type TeamInputCheck<T> = InputCheck<T>;

export const checkTeamInput = <S extends z.ZodType>(schema: S, input: unknown) => checkInput(schema, input);

/**
 * The dashboard tells the team API with every request how long ago the member last clicked or
 * typed in it (whole seconds): only that counts as activity for the idle timeout, never the
 * dashboard's own background requests.
 */
export const IDLE_HEADER = 'X-Team-Idle';
/** A click or key press no request told of yet is reported this long after it at the latest. */
export const ACTIVITY_REPORT_MS = 15_000;

/** What the activity log records (GET /api/team/activity). */
export const ACTIVITY_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'second-factor-failed',
  'sign-in-without-second-factor',
  'sign-out',
  'invited',
  'invitation-revoked',
  'joined',
  'removed',
  'role-changed',
  'renamed',
  'second-factor-reset',
  'account-deleted',
  'status-changed',
  'export',
  'decision-mail-sent',
  'newsletter-test',
  'newsletter-sent',
  'newsletter-paused',
  'newsletter-resumed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
type _ActivityNames = Assert<ExactKeys<typeof ACTIVITY_COPY.actions, ActivityAction>>;

/** The actions done to an application (their `target` is its id). */
export const APPLICATION_ACTIVITY: readonly ActivityAction[] = ['status-changed', 'decision-mail-sent'];

export interface ActivityEvent {
  at: string;
  member: { id: string | null; name: string } | null;
  action: ActivityAction;
  target?: string;
  detail?: Record<string, unknown>;
  /**
   * On an action done to an application: its id and its applicant's name (null once the
   * application is deleted; the log keeps no name of its own).
   */
  application?: { id: string; name: string | null };
}

const TEAM_CODE_EXPECTED = 'Expected {"code": "<4 digits>"}';
/** POST /api/team/session: the team's code as typed (at most 64 characters; compared by the team domain). */
export const teamCodeInput = z.object({ code: z.string(TEAM_CODE_EXPECTED).max(64, TEAM_CODE_EXPECTED) });
