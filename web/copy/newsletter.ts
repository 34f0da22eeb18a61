// The newsletter's German words: the problems a newsletter document can have (the Studio and the
// server say them alike), the names of its audiences, and the fixed parts of every newsletter mail
// (footer, test note). The founder writes everything else in the Studio.

/** The audiences as the Studio and the dashboard name them. */
export const NEWSLETTER_AUDIENCE_TITLES = {
  alle: 'Alle (Reiterinnen und Trainerinnen)',
  reiter: 'Reiterinnen (Reiterclub)',
  trainer: 'Trainerinnen',
} as const;

/** Where a problem sits, named for the founder. */
export const NEWSLETTER_PLACES = {
  subject: 'Betreff',
  preheader: 'Vorschautext',
  audience: 'Zielgruppe',
  body: 'Text',
  section: (n: number, kind?: string) => `Text, Abschnitt ${n}${kind ? ` (${kind})` : ''}`,
  kinds: { block: 'Absatz', image: 'Bild', button: 'Button' } as Record<string, string>,
} as const;

export const NEWSLETTER_MESSAGES = {
  subjectMissing: 'Der Betreff fehlt.',
  subjectTooLong: (max: number, length: number) =>
    `Der Betreff ist ${length} Zeichen lang; höchstens ${max} passen in die Betreffzeile.`,
  preheaderTooLong: (max: number, length: number) =>
    `Der Vorschautext ist ${length} Zeichen lang; erlaubt sind höchstens ${max}.`,
  audience: 'Bitte wähle, wer den Newsletter bekommt: alle, Reiterinnen oder Trainerinnen.',
  bodyMissing: 'Der Text fehlt.',
  unknownPart:
    'Dieser Teil kann nicht in einer E-Mail stehen (nur Absätze, Überschriften, Listen, Bilder und ein Button).',
  style: 'Nur Absätze, Überschriften und Zwischenüberschriften sind möglich.',
  list: 'Nur Aufzählungen und Nummerierungen sind möglich.',
  mark: 'Nur fett, kursiv und Links sind möglich.',
  linkMissing: 'Bitte gib die Adresse des Links ein.',
  link: (href: string) =>
    `Der Link „${href}“ ist nicht erlaubt: nur https://…, http://…, mailto:… oder eine Seite dieser Website wie /gruppe/reiter.`,
  whatsapp:
    'Bitte verlinke die WhatsApp-Gruppe über /gruppe/reiter oder /gruppe/trainer, nie direkt: der Einladungslink kann sich ändern oder die Gruppe voll sein.',
  imageMissing: 'Bitte lade das Bild hoch (aus der Mediathek dieses Projekts).',
  imageForeign: (host: string) =>
    `Das Bild liegt auf einem fremden Server (${host}). Bitte lade es im Studio hoch: Bilder kommen nur aus der Mediathek dieses Projekts.`,
  altMissing: (min: number) =>
    `Bitte beschreibe das Bild in mindestens ${min} Zeichen (Alternativtext für Menschen, die es nicht sehen).`,
  buttonLabel: (max: number) => `Bitte beschrifte den Button (höchstens ${max} Zeichen).`,
  buttonUrl: 'Bitte gib die Adresse ein, zu der der Button führt.',
  imageUnavailable:
    'Das Bild konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal oder lade es neu hoch.',
  oneButton: 'Ein Newsletter hat höchstens einen Button.',
  oneLine: 'Bitte schreibe das in eine Zeile, ohne Zeilenumbruch.',
} as const;

/** The fixed parts of a newsletter mail (the founder writes the rest). */
export const NEWSLETTER_MAIL_COPY = {
  testSubjectPrefix: '[Test]',
  testNote:
    'Das ist eine Testmail an das Team. So sieht der Newsletter bei den Empfängerinnen aus; ihr Abmeldelink steht an Stelle des Links unten.',
  whyReceived: (signedUp: string, confirmed: string) =>
    `Du bekommst diesen Newsletter, weil du dich am ${signedUp} auf unserer Website angemeldet und das am ${confirmed} per E-Mail bestätigt hast.`,
  whyReceivedTest: 'Hier steht bei den Empfängerinnen, wann sie sich angemeldet und das bestätigt haben.',
  unsubscribe: 'Vom Newsletter abmelden',
  unsubscribeText: 'Abmelden mit einem Klick',
  imprint: 'Impressum',
  privacy: 'Datenschutz',
} as const;

/** The editor's preview of a newsletter as the mail will look (the Studio's Presentation tool). */
export const NEWSLETTER_PREVIEW_COPY = {
  title: 'Vorschau des Newsletters',
  subject: 'Betreff',
  preheader: 'Vorschautext',
  noPreheader: '(keiner: das Postfach zeigt den Anfang des Textes)',
  audience: 'An',
  problemsTitle: 'So kann der Newsletter noch nicht verschickt werden',
  problemsHint: 'Die Vorschau zeigt die E-Mail, sobald das im Studio geändert ist.',
  frameTitle: 'Der Newsletter als E-Mail',
  text: 'Die E-Mail als reiner Text (für Postfächer ohne HTML)',
  notFound: 'Diesen Newsletter gibt es nicht (mehr). Bitte wähle im Studio einen anderen.',
  /** The sample reader of the preview's footer. */
  sampleName: 'Vorschau',
} as const;
