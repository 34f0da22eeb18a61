// Texts of the account pages: the /auth form (English, like its fixed messages), /konto and /passwort-neu (German).
import { MIN_PASSWORD_LENGTH } from './limits';

/** The auth form's fixed texts, required word for word (tests compare them exactly). */
export const AUTH_MESSAGES = {
  emailFirst: 'Please enter your email address first',
  unexpected: 'An unexpected error occurred',
  signedUp: 'Account created successfully!',
  signedIn: 'Signed in successfully!',
  resetSent: 'Password reset email sent!',
} as const;

/** The hint under a new password, and the message when one is too short. */
export const PASSWORD_HINT = `Mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`;

/**
 * /auth. The form's labels are English like its fixed messages ('Forgot Password?' is a required
 * text, word for word); the signed-in view around it is German.
 */
export const AUTH_COPY = {
  email: 'Email',
  password: 'Password',
  forgot: 'Forgot Password?',
  'sign-in': {
    title: 'Sign In',
    submit: 'Sign In',
    switchPrompt: 'Don’t have an account?',
    switchLink: 'Sign Up',
  },
  'sign-up': {
    title: 'Sign Up',
    submit: 'Sign Up',
    switchPrompt: 'Already have an account?',
    switchLink: 'Sign In',
  },
  /** Under "Account created successfully!": true for a new account and for an address that has one. */
  signedUpDetail: 'Schau in dein Postfach: Wir haben dir eine E-Mail geschickt, die sagt, wie es weitergeht.',
  signedInAs: 'Du bist angemeldet als',
  toAccount: 'Zu deinem Konto',
  signOut: 'Abmelden',
  deleted: 'Dein Konto und alles, was dazu gehörte, ist gelöscht. Wir haben dir eine Bestätigung geschickt.',
  home: 'Zur Startseite',
  /** The page's title, and the heading once signed in. */
  pageTitle: 'Anmelden',
  signedInTitle: 'Angemeldet',
} as const;

/** German texts of /konto. */
export const KONTO_COPY = {
  title: 'Mein Konto',
  signedInAs: 'Angemeldet als',
  verified: 'Deine E-Mail-Adresse ist bestätigt.',
  unverified:
    'Deine E-Mail-Adresse ist noch nicht bestätigt. Erst nach der Bestätigung zeigen wir dir hier deine Bewerbungen und Anmeldungen.',
  resend: 'Bestätigungslink erneut senden',
  resent: 'Wir haben dir den Bestätigungslink noch einmal geschickt.',
  justVerified: 'Deine E-Mail-Adresse ist bestätigt. Auf allen anderen Geräten bist du abgemeldet.',
  applications: 'Deine Bewerbungen',
  noApplications: 'Unter deiner E-Mail-Adresse gibt es keine Bewerbung.',
  signups: 'Deine Anmeldungen zur WhatsApp-Gruppe',
  noSignups: 'Unter deiner E-Mail-Adresse gibt es keine Anmeldung.',
  appliedOn: 'Eingegangen am',
  history: 'Verlauf',
  status: { pending: 'in Prüfung', approved: 'angenommen', rejected: 'abgelehnt' },
  received: 'Bewerbung eingegangen',
  mailedOn: (decision: string) => `Die Entscheidung („${decision}“) haben wir dir per E-Mail geschickt am`,
  historyMailed: (decision: string) => `Entscheidung „${decision}“ per E-Mail geschickt`,
  userType: { reiter: 'Reiterin / Reiter', trainer: 'Trainerin / Trainer' },
  signedUpOn: 'Angemeldet am',
  newsletter: 'Newsletter',
  newsletterState: {
    subscribed: (since: string) => `abonniert seit ${since}`,
    pending: 'noch nicht bestätigt: Bitte klicke auf den Link in der E-Mail, die wir dir geschickt haben.',
    unsubscribed: (since: string) => `abgemeldet am ${since}`,
    undeliverable: (since: string) =>
      `nicht zustellbar seit ${since}: Der Mailserver deiner Adresse hat den Newsletter abgelehnt.`,
    off: 'nicht abonniert',
  },
  newsletterUnsubscribe: 'Newsletter abbestellen',
  newsletterResubscribe: 'Newsletter wieder abonnieren',
  newsletterSubscribe: 'Newsletter abonnieren',
  newsletterUnsubscribed:
    'Du bist vom Newsletter abgemeldet: Wir schicken dir keinen Newsletter mehr, auch nicht aus einem Versand, der gerade läuft.',
  newsletterResubscribed:
    'Fast geschafft: Wir haben dir eine E-Mail geschickt. Erst wenn du den Link darin bestätigst, bekommst du den Newsletter wieder.',
  newsletterAlready: 'Diese Anmeldung bekommt den Newsletter schon oder wartet auf deine Bestätigung.',
  newsletterNotFound: 'Diese Anmeldung gibt es unter deiner E-Mail-Adresse nicht (mehr).',
  newsletterTooMany: 'Du hast den Newsletter gerade oft neu bestellt. Bitte versuche es in einer Stunde noch einmal.',
  foreignOrigin: 'Diese Anfrage kam nicht von unserer Seite. Bitte lade die Seite neu und versuche es noch einmal.',
  signOut: 'Abmelden',
  signOutEverywhere: 'Auf allen Geräten abmelden',
  data: 'Deine Daten',
  dataText: 'Lade alles herunter, was wir zu deinem Konto speichern (als JSON-Datei).',
  download: 'Alle Daten herunterladen',
  deleteTitle: 'Konto löschen',
  deleteText:
    'Löscht dein Konto, deine Anmeldungen auf allen Geräten und die Bewerbungen und Anmeldungen unter deiner bestätigten E-Mail-Adresse. Das lässt sich nicht rückgängig machen.',
  deletePassword: 'Dein Passwort zur Bestätigung',
  deleteSubmit: 'Konto endgültig löschen',
  wrongPassword: 'Das Passwort stimmt nicht.',
  teamMember:
    'Dein Konto gehört zum Team-Bereich. Erst wenn dich eine Inhaberin oder ein Inhaber aus dem Team entfernt hat, kannst du es löschen. Bist du die letzte Inhaberin oder der letzte Inhaber, mach zuerst jemand anderen dazu.',
} as const;

/** German texts of /konto/bestaetigen, where the verification mail's link leads. */
export const VERIFY_COPY = {
  title: 'E-Mail-Adresse bestätigen',
  intro: (email: string) =>
    `Gib das Passwort ein, das du beim Anlegen des Kontos für ${email} gewählt hast. So wissen wir, dass das Konto wirklich dir gehört.`,
  password: 'Dein Passwort',
  submit: 'E-Mail-Adresse bestätigen',
  wrongPassword:
    'Das Passwort stimmt nicht. Wenn du es nicht mehr weißt, oder wenn du dieses Konto gar nicht selbst angelegt hast: Lege auf der Anmeldeseite mit „Forgot Password?“ ein neues Passwort fest. Danach bestätigst du deine Adresse hier mit dem neuen Passwort (der Link gilt 24 Stunden).',
  limited: 'Zu viele Versuche von deinem Anschluss. Bitte warte eine Minute und versuche es dann noch einmal.',
  invalid:
    'Dieser Link ist ungültig oder abgelaufen. Melde dich an und lass dir in deinem Konto einen neuen Bestätigungslink schicken.',
  alreadyVerified: 'Diese E-Mail-Adresse ist schon bestätigt. Du kannst dich einfach anmelden.',
  toAuth: 'Zur Anmeldeseite',
  forgot: 'Neues Passwort festlegen',
} as const;

/** German texts of /passwort-neu. */
export const RESET_COPY = {
  title: 'Neues Passwort',
  intro: 'Lege ein neues Passwort für dein Konto fest.',
  password: 'Dein neues Passwort',
  submit: 'Passwort speichern',
  done: 'Dein neues Passwort gilt. Auf allen Geräten bist du abgemeldet.',
  signIn: 'Jetzt anmelden',
  invalid:
    'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Fordere auf der Anmeldeseite mit „Forgot Password?“ einen neuen an.',
  toAuth: 'Zur Anmeldeseite',
  /** For a team member (the link of a team account's mail): back to the team's own sign-in. */
  teamIntro:
    'Lege ein neues Passwort für dein Team-Konto fest. Deine Authenticator-App und deine Backup-Codes bleiben, wie sie sind.',
  teamInvalid:
    'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Fordere im Team-Dashboard unter „Forgot your password?“ einen neuen an.',
  toTeam: 'Zur Anmeldung im Team-Dashboard',
} as const;
