// The signup form's interface words (German, in one place). The fixed validation and error
// messages live in ~/lib/messages; the group links come from the site settings.
import type { UserType } from '~/lib/content-types';

export const SIGNUP_COPY = {
  title: 'Komm in die kostenlose WhatsApp-Gruppe',
  intro: 'Trag dich ein und du bekommst sofort den Link zu deiner Gruppe. Die Community ist kostenlos (0\u00a0€).',
  userTypeLegend: 'Ich bin …',
  userTypes: { reiter: 'Reiterin', trainer: 'Trainerin' } satisfies Record<UserType, string>,
  name: 'Dein Name',
  email: 'Deine E-Mail-Adresse',
  newsletter:
    'Ja, schick mir den kostenlosen Newsletter mit Tipps zu Pferd und Reiter per E-Mail. Ich bestätige das über einen Link in einer E-Mail und kann mich jederzeit wieder abmelden.',
  honeypot: 'Dieses Feld bitte leer lassen',
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
    } satisfies Record<UserType, string>,
    button: {
      reiter: 'Zur Reiter-Club-Gruppe',
      trainer: 'Zur Trainer-Gruppe',
    } satisfies Record<UserType, string>,
    newTab: '(öffnet WhatsApp in einem neuen Tab)',
    newsletter: 'Außerdem haben wir dir eine E-Mail geschickt: Bitte bestätige darin deine Newsletter-Anmeldung.',
  },
  page: {
    title: 'WhatsApp-Gruppe: mitmachen',
    description: 'Trag dich ein und komm kostenlos in die WhatsApp-Gruppe für Reiterinnen und Trainerinnen.',
    back: 'Zur Startseite',
  },
} as const;
