// Texts of the mentee/mentor area (German, "du"): the code page (/access), the application form, its thank-you page.
import { CODE_LENGTH, MESSAGE_MAX, NAME_MAX } from './limits';

/** The code page. `title` is the box's required text (English, kept word for word); no other text here is fixed. */
export const ACCESS_COPY = { title: 'Mentees/Mentors Only', close: 'Schließen und zur Startseite' } as const;

/** The five code boxes. */
export const CODE_COPY = {
  legend: 'Dein Zugangscode',
  hint: 'Gib den fünfstelligen Code ein, den du von uns bekommen hast.',
  box: (i: number) => `Zeichen ${i + 1} von ${CODE_LENGTH}`,
  submit: 'Code bestätigen',
  checking: 'Wird geprüft …',
} as const;

/** The code page's messages, shown by the page and answered by POST /api/access. */
export const ACCESS_MESSAGES = {
  incomplete: `Bitte gib alle ${CODE_LENGTH} Zeichen deines Codes ein.`,
  wrong: 'Dieser Code ist leider nicht gültig. Bitte prüfe ihn und versuche es erneut.',
  tooMany: 'Zu viele falsche Versuche. Bitte versuche es in 15 Minuten erneut.',
  failed: 'Der Code konnte gerade nicht geprüft werden. Bitte versuche es erneut.',
  expired: 'Dein Zugang ist abgelaufen. Bitte gib deinen Code noch einmal ein.',
} as const;

/** The page around the application form. */
export const BEWERBUNG_COPY = {
  title: 'Deine Bewerbung',
  intro:
    'Schön, dass du dabei sein möchtest! Erzähl uns, wer du bist. Wir lesen jede Bewerbung persönlich und melden uns per E-Mail bei dir.',
  back: 'Zur Startseite',
} as const;

/** The application form's labels, hints and buttons. */
export const APPLICATION_FORM_COPY = {
  type: 'Ich bewerbe mich als',
  name: 'Name',
  email: 'E-Mail-Adresse',
  website: 'Website',
  websiteHint: 'Optional, zum Beispiel www.deine-seite.de',
  message: 'Nachricht',
  messageHint: 'Optional: Erzähl uns kurz von dir und deinem Pferd.',
  optional: '(optional)',
  consentBefore: 'Ich habe die ',
  consentLink: 'Datenschutzerklärung',
  consentAfter:
    ' gelesen und bin einverstanden, dass meine Angaben gespeichert werden, um meine Bewerbung zu bearbeiten.',
  submit: 'Bewerbung absenden',
  sending: 'Wird gesendet …',
} as const;

/** The application's messages: one per rule of the schema, the same in the browser and on the server. */
export const APPLICATION_MESSAGES = {
  type: 'Bitte wähle aus, als was du dich bewirbst.',
  name: 'Bitte gib deinen Namen ein.',
  nameTooLong: `Bitte gib höchstens ${NAME_MAX} Zeichen ein.`,
  emailEmpty: 'Bitte gib deine E-Mail-Adresse ein.',
  email: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  website: 'Bitte gib die Adresse deiner Website ein, zum Beispiel www.deine-seite.de.',
  messageTooLong: `Deine Nachricht darf höchstens ${MESSAGE_MAX.toLocaleString('de-DE')} Zeichen lang sein.`,
  consent: 'Bitte stimme der Verarbeitung deiner Angaben zu, damit wir deine Bewerbung bearbeiten können.',
  invalid: 'Die Anfrage ist ungültig. Bitte lade die Seite neu und versuche es erneut.',
  summary: 'Bitte prüfe die markierten Felder.',
  noGrant: 'Dein Zugang ist abgelaufen oder fehlt. Bitte gib deinen Code auf /access ein.',
  failed: 'Deine Bewerbung konnte gerade nicht gespeichert werden. Bitte versuche es erneut.',
  tooMany:
    'Du hast in der letzten Stunde schon mehrere Bewerbungen geschickt. Bitte warte etwas und versuche es dann noch einmal.',
  tooLarge: 'Deine Angaben sind zu lang. Bitte kürze deine Nachricht.',
} as const;

/** The thank-you page after an application (/bewerbung/danke). */
export const DANKE_COPY = {
  title: 'Danke für deine Bewerbung',
  received: 'Deine Bewerbung ist bei uns angekommen.',
  nextTitle: 'So geht es weiter',
  steps: [
    'Du bekommst gleich eine Bestätigung per E-Mail. Falls sie nicht ankommt, schau bitte im Spam-Ordner nach.',
    'Unser Team liest jede Bewerbung persönlich und meldet sich per E-Mail bei dir, sobald wir entschieden haben.',
    'Mit einem Konto unter derselben E-Mail-Adresse siehst du jederzeit den Stand deiner Bewerbung.',
  ],
  account: 'Konto anlegen',
  home: 'Zur Startseite',
} as const;
