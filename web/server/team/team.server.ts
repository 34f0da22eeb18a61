// The team: members with personal accounts and a second factor (sessions, invitations, enrolment,
// members), the dashboard's token and its guard, the live streams' session watch, and the activity
// log of who did what.
export { bearerToken, fromOwnOrigin, requireOwner, requireTeam } from './guard.server';
export {
  endSessions,
  openTeamToken,
  teamSessionOf,
  teamSessionOfToken,
  TEAM_CODE_MAX_WRONG,
  TEAM_CODE_WINDOW_MS,
  type TeamMember,
  type TeamSession,
} from './sessions.server';
export { watchSession, WATCH_INTERVAL_MS } from './session-watch.server';
export {
  createInvitation,
  invitationByToken,
  openInvitations,
  revokeInvitation,
  inviteFromCommandLine,
  INVITATION_PATH,
} from './invitations.server';
export { changeRole, countMembers, listMembers, removeMember, resetSecondFactor } from './members.server';
export { confirmEnrolment, enrolAccount, enrolmentView, type EnrolmentView } from './enrolment.server';
export { deleteOldActivity, listActivity, recordActivity, recordDecisionMailSent } from './activity.server';
export { awaitsSecondFactor, observeSignIn, SIGN_IN_PATH, TOTP_PATH, BACKUP_CODE_PATH } from './sign-in-events.server';
export { signInWithPassword, signOutOfTeam, verifySecondFactor } from './page-sign-in.server';
