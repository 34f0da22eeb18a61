// Texts of the signup: the popup and /mitmachen, the answers of POST /api/signups, the newsletter pages.
import { NAME_MAX } from './limits';

/** The signup popup's fixed texts, required word for word (tests compare them exactly). */
export const SIGNUP_MESSAGES = {
  empty: 'Bitte füllen Sie alle Felder aus.',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  saveFailed: 'Fehler beim Speichern der Daten. Bitte versuchen Sie es erneut.',
  unexpected: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
} as const;

/** Answers of POST /api/signups beyond the popup's fixed messages, in the same tone ("Sie"). */
export const SIGNUP_API_MESSAGES = {
  tooLong: `Bitte geben Sie höchstens ${NAME_MAX} Zeichen ein.`,
  invalid: 'Die Anfrage ist ungültig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  tooLarge: 'Die Anfrage ist zu groß.',
  rateLimited: 'Zu viele Anmeldungen in kurzer Zeit. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
  forbidden: 'Anmeldungen sind nur über diese Website möglich.',
  unsupported: 'Die Anfrage muss als JSON (application/json) gesendet werden.',
} as const;

/** The signup form's interface words (popup and /mitmachen); the group link is the stable /gruppe/… link (~/lib/community). */
export const SIGNUP_COPY = {
  title: 'Komm in die kostenlose WhatsApp-Gruppe',
  intro: 'Trag dich ein und du bekommst sofort den Link zu deiner Gruppe. Die Community ist kostenlos (0\u00a0€).',
  userTypeLegend: 'Ich bin …',
  userTypes: { reiter: 'Reiterin', trainer: 'Trainerin' },
  name: 'Dein Name',
  email: 'Deine E-Mail-Adresse',
  newsletter:
    'Ja, schick mir den kostenlosen Newsletter mit Tipps zu Pferd und Reiter per E-Mail. Ich bestätige das über einen Link in einer E-Mail und kann mich jederzeit wieder abmelden.',
  submit: 'Jetzt kostenlos beitreten',
  submitting: 'Wird gespeichert …',
  privacy: {
    before:
      'Wir speichern deinen Namen, deine E-Mail-Adresse und deine Auswahl, um dir den Gruppenlink zu geben und dich – wenn du es möchtest – mit dem Newsletter zu informieren (Art. 6 Abs. 1 lit. a und b DSGVO). Die Gruppe läuft über WhatsApp, einen Dienst von Meta (WhatsApp Ireland Ltd.): Mit dem Beitritt erhalten WhatsApp und Meta deine Telefonnummer und Nutzungsdaten, auch mit möglicher Übermittlung in die USA. Mehr dazu und zu deinen Rechten in der ',
    link: 'Datenschutzerklärung',
    after: '.',
  },
  close: 'Schließen',
  done: {
    title: 'Fast geschafft!',
    text: {
      reiter: 'Tritt jetzt unserer Club-Gruppe für Reiterinnen und Reiter auf WhatsApp bei:',
      trainer: 'Tritt jetzt unserer Gruppe für Trainerinnen und Trainer auf WhatsApp bei:',
    },
    button: {
      reiter: 'Zur Reiter-Club-Gruppe',
      trainer: 'Zur Trainer-Gruppe',
    },
    newTab: '(öffnet WhatsApp in einem neuen Tab)',
    newsletter: 'Außerdem haben wir dir eine E-Mail geschickt: Bitte bestätige darin deine Newsletter-Anmeldung.',
  },
  page: {
    title: 'WhatsApp-Gruppe: mitmachen',
    description: 'Trag dich ein und komm kostenlos in die WhatsApp-Gruppe für Reiterinnen und Trainerinnen.',
    back: 'Zur Startseite',
  },
} as const;

/** The newsletter's double opt-in page (/newsletter/bestaetigen) and its unsubscribe page (/newsletter/abmelden). */
export const NEWSLETTER_COPY = {
  confirm: {
    title: 'Newsletter bestätigen',
    question: 'Möchtest du unseren Newsletter per E-Mail bekommen? Dann bestätige das bitte mit einem Klick.',
    button: 'Ja, Newsletter bestätigen',
    /** Heading and sentence of each outcome of the confirmation link. */
    outcomes: {
      confirmed: [
        'Danke, du bist dabei!',
        'Deine Newsletter-Anmeldung ist bestätigt. Abmelden kannst du dich jederzeit über den Link in jeder E-Mail.',
      ],
      'already-confirmed': [
        'Schon bestätigt',
        'Deine Newsletter-Anmeldung war bereits bestätigt. Du musst nichts weiter tun.',
      ],
      unsubscribed: [
        'Du bist abgemeldet',
        'Du hast dich vom Newsletter abgemeldet. Wir schicken dir keine Newsletter-E-Mails mehr.',
      ],
      invalid: [
        'Link ungültig',
        'Dieser Bestätigungslink ist ungültig oder unvollständig. Bitte öffne den Link genau so, wie er in der E-Mail steht.',
      ],
    },
  },
  unsubscribe: {
    title: 'Newsletter abmelden',
    question: 'Möchtest du keine Newsletter-E-Mails mehr von uns bekommen?',
    button: 'Ja, abmelden',
    doneTitle: 'Du bist abgemeldet',
    doneText:
      'Wir schicken dir keine Newsletter-E-Mails mehr. Deine Anmeldung zur WhatsApp-Gruppe bleibt davon unberührt.',
    invalidTitle: 'Link ungültig',
    invalidText:
      'Dieser Abmeldelink ist ungültig oder unvollständig. Bitte öffne den Link genau so, wie er in der E-Mail steht.',
  },
} as const;
