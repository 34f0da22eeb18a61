// Texts of the team area: the invitation page (German, like every page an invited person opens
// from a mail) and the dashboard's sign-in, Team and Activity views (English, like the rest of the
// dashboard).
import { waitText } from './dashboard';
import { MIN_PASSWORD_LENGTH } from './limits';

/** The roles of web/lib/team.ts, as ROLE_NAMES names them. */
type TeamRole = keyof typeof ROLE_NAMES;

/** /team/einladung */
export const INVITATION_COPY = {
  pageTitle: 'Einladung in den Team-Bereich',
  title: 'Willkommen im Team',
  invalid: {
    used: 'Diese Einladung wurde schon benutzt oder zurückgezogen. Bitte eine Inhaberin oder einen Inhaber des Teams um eine neue.',
    expired:
      'Diese Einladung ist abgelaufen (sie gilt 7 Tage). Bitte eine Inhaberin oder einen Inhaber des Teams um eine neue.',
    unknown:
      'Diesen Einladungslink kennen wir nicht. Prüfe, ob du ihn vollständig kopiert hast, oder bitte um eine neue Einladung.',
  },
  invalidTitle: 'Einladung nicht gültig',
  steps: ['Konto', 'Zweiter Faktor', 'Backup-Codes'] as const,
  stepLabel: (n: number, of: number) => `Schritt ${n} von ${of}`,
  accountIntro: (email: string, role: TeamRole) =>
    `Du bist als ${ROLE_NAMES_DE[role]} eingeladen (im englischsprachigen Team-Dashboard heißt die Rolle „${ROLE_NAMES[role]}“). Dein Konto: ${email}.`,
  existingAccount:
    'Unter dieser Adresse gibt es schon ein Konto. Gib sein Passwort ein; es bleibt dein Passwort für den Team-Bereich.',
  name: 'Dein Name (so sieht das Team, wer was entschieden hat)',
  password: 'Passwort',
  newPassword: 'Neues Passwort',
  passwordHint: `Mindestens ${MIN_PASSWORD_LENGTH} Zeichen. Nutze ein Passwort, das du nirgends sonst verwendest.`,
  accountSubmit: 'Weiter zum zweiten Faktor',
  factorTitle: 'Authenticator-App einrichten',
  factorIntro:
    'Der Team-Bereich enthält persönliche Daten von Bewerberinnen und Bewerbern. Deshalb fragen wir bei jeder Anmeldung zusätzlich einen Code aus einer Authenticator-App ab (zum Beispiel Google Authenticator, Microsoft Authenticator oder 2FAS).',
  factorScan: 'Scanne diesen QR-Code mit der App:',
  factorQrLabel: 'QR-Code für die Authenticator-App',
  factorKey: 'Oder gib diesen Schlüssel in der App von Hand ein:',
  factorLink: 'Auf diesem Gerät: Link in der Authenticator-App öffnen',
  code: '6-stelliger Code aus der App',
  codeSubmit: 'Code bestätigen',
  doneTitle: 'Fast fertig: deine Backup-Codes',
  doneIntro:
    'Wenn du dein Handy verlierst, meldest du dich mit einem dieser Codes statt mit der App an. Jeder Code gilt einmal. Wir zeigen sie nur jetzt: Drucke sie aus oder speichere sie in deinem Passwort-Manager.',
  codesLabel: 'Deine 10 Backup-Codes',
  codesHint: 'Groß- oder Kleinschreibung ist beim Eingeben egal.',
  printCodes: 'Codes drucken',
  copyCodes: 'Codes kopieren',
  copiedCodes: 'Die 10 Codes sind in der Zwischenablage.',
  copyFailed: 'Kopieren ging nicht: Markiere die Codes und kopiere sie von Hand.',
  downloadCodes: 'Als Textdatei speichern',
  codesFileName: 'backup-codes-bewegungscoaching.txt',
  codesFile: (name: string, codes: readonly string[]) =>
    [
      `Bewegungscoaching · Team: Backup-Codes von ${name}`,
      'Jeder Code gilt einmal, statt des Codes aus der Authenticator-App. Groß- oder Kleinschreibung ist egal.',
      '',
      ...codes.map((code, index) => `${String(index + 1).padStart(2, ' ')}. ${code}`),
      '',
    ].join('\n'),
  toDashboard: 'Zum Team-Dashboard',
  /** Said when a step opens (the live region; the step's heading takes the focus). */
  stepOpened: (n: number, of: number, step: string) => `Schritt ${n} von ${of}: ${step}`,
  /** Under a used, expired or unknown link: the way in for someone who is in the team already. */
  alreadyMember: 'Schon im Team?',
  toSignIn: 'Zur Anmeldung im Team-Dashboard',
} as const;

/** The invitation page's error messages. */
export const INVITATION_MESSAGES = {
  nameMissing: 'Bitte gib deinen Namen ein.',
  passwordTooShort: `Das Passwort braucht mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`,
  passwordTooLong: 'Das Passwort darf höchstens 128 Zeichen lang sein.',
  wrongPassword: 'Das Passwort stimmt nicht. Es ist das Passwort deines bestehenden Kontos.',
  tooMany: 'Zu viele Versuche. Bitte warte eine Minute und versuche es dann noch einmal.',
  hasSecondFactor:
    'Dieses Konto hat schon einen zweiten Faktor. Bitte eine Inhaberin oder einen Inhaber des Teams, ihn zurückzusetzen.',
  wrongCode: 'Der Code stimmt nicht. Gib den Code ein, den die App gerade zeigt (er wechselt alle 30 Sekunden).',
  codeFormat: 'Bitte gib die 6 Ziffern aus der App ein.',
  startOver: 'Bitte gib zuerst dein Passwort ein.',
  unexpected: 'Das hat nicht geklappt. Bitte versuche es noch einmal.',
} as const;

/** The dashboard's sign-in (English, like the dashboard). */
export const TEAM_SIGN_IN_COPY = {
  title: 'Team sign-in',
  intro: 'Sign in with your team account. You will need the code from your authenticator app.',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  checking: 'Signing in…',
  secondFactorTitle: 'Second factor',
  secondFactorIntro: 'Enter the 6-digit code your authenticator app shows for Bewegungscoaching.',
  totp: 'Code from the authenticator app',
  backupCode: 'Backup code',
  useBackupCode: 'Use a backup code instead',
  useTotp: 'Use the authenticator app instead',
  /** The two forms' buttons (each names what it checks). */
  verifyTotp: 'Verify app code',
  verifyBackup: 'Verify backup code',
  backupHint:
    'Like ABCDE-FGHJK, from the list you printed or saved. Capitals, small letters and spaces do not matter. Each code works once.',
  cancel: 'Start over',
  notMember: 'This account has no access to the team dashboard.',
  secondFactorExpired: 'The sign-in took too long. Please enter your email and password again.',
  wrongCode: 'That code is not right. Enter the code your app shows right now (it changes every 30 seconds).',
  wrongBackupCode:
    'That backup code is not right, or it was used already (each works once). Check it against your list and try again.',
  tooManyCodes: 'Too many wrong codes for this sign-in. Please start over with your email and password.',
  factorLocked:
    'Too many wrong codes: your second factor is locked for 15 minutes. Try again then, or ask an owner for help.',
  tooMany: (seconds: number) => `Too many attempts from here. Please wait ${waitText(seconds)}, then try again.`,
  signedInAs: (name: string, role: TeamRole) => `Signed in as ${name} (${ROLE_NAMES[role]})`,
  signOut: 'Sign out',
  forgot: 'Forgot your password?',
  lostPhone: 'Lost your phone? Sign in with one of your backup codes, or ask an owner to reset your second factor.',
  unexpected: 'The sign-in could not be completed. Please try again.',
  /** Why the dashboard closed, when an owner ended this browser's session (or it ended by itself). */
  ended: {
    'role-changed': (role: TeamRole | null) =>
      `Your role was changed by an owner${role ? ` (you are now ${article(role)})` : ''}; please sign in again.`,
    removed:
      'An owner removed you from the team, so your dashboard closed. If that is a mistake, ask an owner to invite you again.',
    'second-factor-reset':
      'An owner reset your second factor, so your dashboard closed. Set up your authenticator app again with the link the owner sends you.',
    other: 'Your session has ended. Please sign in again.',
  },
} as const;

/** The team's own "forgot password" (the link in the mail leads back to the team sign-in). */
export const TEAM_PASSWORD_RESET_COPY = {
  title: 'Reset your password',
  intro:
    'Enter the email address of your team account. We mail you a link to set a new password (it works once, for an hour). Your authenticator app and backup codes stay as they are; setting a new password signs you out everywhere.',
  email: 'Email',
  submit: 'Mail me the link',
  sending: 'Sending…',
  sent: 'If this address belongs to a team account, the link is on its way. Check your inbox (and the spam folder).',
  back: 'Back to the sign-in',
  invalid: 'Please enter the complete email address of your team account.',
} as const;

/** The roles as the (English) dashboard names them everywhere. */
export const ROLE_NAMES = { owner: 'owner', reviewer: 'reviewer' };

/** The roles as every German text names them (the invitation page and mail). */
export const ROLE_NAMES_DE = { owner: 'Inhaberin oder Inhaber', reviewer: 'Prüferin oder Prüfer' };

/** What the owners' calls answer for bad input, per field (the dashboard's form shows the same). */
export const TEAM_INPUT_MESSAGES = {
  email: 'Enter a complete email address, such as name@example.org.',
  role: 'Choose a role: owner or reviewer.',
  name: 'A name has at most 100 characters.',
  nameMissing: 'Enter a name (1 to 100 characters).',
} as const;

/** The Team view (owners only). */
export const TEAM_COPY = {
  title: 'Team',
  loading: 'Loading the team…',
  loadFailed: 'The team could not be loaded. Trying again…',
  members: 'Members',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  lastSeen: 'Last active',
  never: 'never',
  actions: 'Actions',
  you: '(you)',
  roleOf: (name: string) => `Role of ${name}`,
  changeRole: 'Change role',
  changeRoleOf: (name: string) => `Change role of ${name}`,
  roleConfirm: (name: string, role: TeamRole, self: boolean) =>
    self
      ? `Make yourself ${article(role)}? Your dashboard closes at once and you sign in again with the new role.`
      : `Make ${name} ${article(role)}? Their sessions end at once; they sign in again with the new role.`,
  roleChanged: (name: string, role: TeamRole) =>
    `${name} is now ${article(role)}. Their sessions ended; they sign in again with the new role.`,
  rename: 'Rename',
  renameOf: (name: string) => `Rename ${name}`,
  /** The rename form of a member's row: its field, its hint and its two buttons (named with whose name). */
  newName: (name: string) => `New name for ${name}`,
  newNameHint: '1 to 100 characters. The team sees it on every decision, export and decision mail.',
  save: 'Save',
  saveNameOf: (name: string) => `Save the new name of ${name}`,
  cancel: 'Cancel',
  cancelRenaming: (name: string) => `Cancel renaming ${name}`,
  renamed: (from: string, to: string) => `${from} is now named ${to}.`,
  renameFailed: (name: string, why: string) => `${name} could not be renamed: ${why}`,
  remove: 'Remove',
  removeOf: (name: string) => `Remove ${name}`,
  removeConfirm: (name: string) =>
    `Remove ${name} from the team? Their sessions end at once; their account stays, without access.`,
  removed: (name: string) => `${name} is removed from the team; their sessions ended.`,
  resetFactor: 'Reset second factor',
  resetFactorOf: (name: string) => `Reset second factor of ${name}`,
  resetConfirm: (name: string) =>
    `Reset the second factor of ${name}? Their sessions end at once, and they set up a new authenticator with a new invitation link.`,
  resetDone: (name: string) => `The second factor of ${name} is reset. Send them this link (valid 7 days, once):`,
  /** A member whose second factor was reset, until they set up a new one. */
  resetting: (until: string) => `Setting up a new second factor (link valid until ${until}); no access meanwhile`,
  newLink: 'New link',
  newLinkFor: (name: string) => `New link for ${name}`,
  newLinkConfirm: (name: string) =>
    `Make a new link for ${name} to set up their second factor? The link they have now stops working.`,
  invite: 'Invite someone',
  inviteEmail: 'Email',
  inviteRole: 'Role',
  inviteSubmit: 'Create invitation',
  invited: (email: string) => `Invitation for ${email} created. Send them this link (valid 7 days, once):`,
  invitedMailed: 'It was also mailed to them.',
  copy: 'Copy link',
  copyFor: (whom: string) => `Copy link for ${whom}`,
  copied: 'Copied',
  copiedFor: (whom: string) => `Copied: the link for ${whom}`,
  pending: 'Open invitations',
  noPending: 'No open invitations.',
  expires: 'Expires',
  revoke: 'Withdraw',
  revokeFor: (email: string) => `Withdraw the invitation for ${email}`,
  revokeConfirm: (email: string) => `Withdraw the invitation for ${email}? Its link stops working.`,
  revoked: (email: string) => `The invitation for ${email} is withdrawn; its link opens nothing now.`,
  lastOwner: 'The team needs at least one owner: make someone else an owner first.',
  failed: 'That did not work: ',
} as const;

/** "an owner", "a reviewer". */
const article = (role: TeamRole) => (role === 'owner' ? `an ${ROLE_NAMES.owner}` : `a ${ROLE_NAMES.reviewer}`);

/** The Activity view (owners only). */
export const ACTIVITY_COPY = {
  title: 'Activity',
  loading: 'Loading activity…',
  loadFailed: 'The activity could not be loaded. Trying again…',
  intro: 'Who did what in the team area, newest first. Kept for 12 months.',
  empty: 'No activity in this period.',
  when: 'When',
  who: 'Who',
  what: 'What',
  details: 'Details',
  nobody: '(command line)',
  removedMember: '(former member)',
  /** An application deleted since (its applicant's name is gone with it). */
  deletedApplication: 'A deleted application',
  /** A status change that took a decision back while its mail waited. */
  undo: 'Undid a decision',
  undoneNote: '(undone: no mail went out)',
  actions: {
    'sign-in': 'Signed in',
    'sign-in-failed': 'Failed sign-in',
    'second-factor-failed': 'Wrong second factor',
    'sign-in-without-second-factor': 'Signed in without second factor (no access)',
    'sign-out': 'Signed out',
    invited: 'Invited',
    'invitation-revoked': 'Withdrew an invitation',
    joined: 'Joined the team',
    removed: 'Removed a member',
    'role-changed': 'Changed a role',
    renamed: 'Renamed a member',
    'second-factor-reset': 'Reset a second factor',
    'account-deleted': 'Deleted their account',
    'status-changed': 'Changed an application',
    export: 'Exported',
    'decision-mail-sent': 'Decision mail sent',
    'newsletter-test': 'Sent a newsletter test',
    'newsletter-sent': 'Sent a newsletter',
    'newsletter-paused': 'Paused a newsletter',
    'newsletter-resumed': 'Resumed a newsletter',
  },
} as const;
