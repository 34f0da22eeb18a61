// Texts of the team area: the invitation page (German, like every page an invited person opens
// from a mail) and the dashboard's sign-in, Team and Activity views (English, like the rest of the
// dashboard).
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
    `Du bist als ${role === 'owner' ? 'Inhaberin oder Inhaber' : 'Prüferin oder Prüfer'} eingeladen. Dein Konto: ${email}.`,
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
  toDashboard: 'Zum Team-Dashboard',
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
  verify: 'Verify',
  cancel: 'Start over',
  notMember: 'This account has no access to the team dashboard.',
  secondFactorExpired: 'The sign-in took too long. Please enter your email and password again.',
  signedInAs: (name: string, role: TeamRole) => `Signed in as ${name} (${ROLE_NAMES[role]})`,
  signOut: 'Sign out',
  forgot: 'Forgot your password? Use “Forgot Password?” on the sign-in page.',
  lostPhone: 'Lost your phone? Sign in with one of your backup codes, or ask an owner to reset your second factor.',
  unexpected: 'The sign-in could not be completed. Please try again.',
} as const;

export const ROLE_NAMES = { owner: 'owner', reviewer: 'reviewer' };

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
  remove: 'Remove',
  removeConfirm: (name: string) =>
    `Remove ${name} from the team? Their sessions end at once; their account stays, without access.`,
  resetFactor: 'Reset second factor',
  resetConfirm: (name: string) =>
    `Reset the second factor of ${name}? Their sessions end at once, and they set up a new authenticator with a new invitation link.`,
  resetDone: (name: string) => `The second factor of ${name} is reset. Send them this link (valid 7 days, once):`,
  invite: 'Invite someone',
  inviteEmail: 'Email',
  inviteRole: 'Role',
  inviteSubmit: 'Create invitation',
  invited: (email: string) => `Invitation for ${email} created. Send them this link (valid 7 days, once):`,
  invitedMailed: 'It was also mailed to them.',
  copy: 'Copy link',
  copied: 'Copied',
  pending: 'Open invitations',
  noPending: 'No open invitations.',
  expires: 'Expires',
  revoke: 'Withdraw',
  lastOwner: 'The team needs at least one owner: make someone else an owner first.',
  failed: 'That did not work: ',
} as const;

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
  actions: {
    'sign-in': 'Signed in',
    'sign-in-failed': 'Failed sign-in',
    'second-factor-failed': 'Wrong second factor',
    'sign-out': 'Signed out',
    invited: 'Invited',
    'invitation-revoked': 'Withdrew an invitation',
    joined: 'Joined the team',
    removed: 'Removed a member',
    'role-changed': 'Changed a role',
    'second-factor-reset': 'Reset a second factor',
    'status-changed': 'Changed an application',
    export: 'Exported',
    'decision-mail-sent': 'Decision mail sent',
  },
} as const;
