// The team: members with personal accounts and a second factor (sessions, invitations, enrolment,
// members), the dashboard's token and its guard, the live streams' session watch, and the activity
// log of who did what.
export { authorizeOwner, authorizeTeam } from './guard.server';
export { openTeamToken, teamSessionOf } from './sessions.server';
export { watchSession } from './session-watch.server';
export { createInvitation, inviteFromCommandLine, openInvitations, revokeInvitation } from './invitations.server';
export {
  changeRole,
  countMembers,
  listMembers,
  recordAccountDeletion,
  removeMember,
  renameMember,
  resetSecondFactor,
} from './members.server';
export {
  confirmEnrolment,
  enrolAccount,
  enrolmentView,
  invitationPageForm,
  type EnrolmentView,
} from './enrolment.server';
export { deleteOldActivity, listActivity, recordActivity, recordDecisionMailSent } from './activity.server';
export { awaitsSecondFactor, observeSignIn } from './sign-in-events.server';
export {
  authPageForm,
  requestTeamPasswordReset,
  signInWithPassword,
  signOutOfTeam,
  teamDashboardForm,
  verifySecondFactor,
} from './page-sign-in.server';
export { deleteOldSessionEnds, sessionEndOf, type SessionEnd } from './session-ends.server';
