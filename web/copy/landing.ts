// Interface words of the landing, legal and error pages (German); editorial copy comes from the content module.

/** The header's section links: label, anchor and the id of the section they scroll to. Labels required word for word. */
export const NAV = {
  products: { label: 'Produkte', href: '#produkte', id: 'produkte' },
  about: { label: 'Über Mich', href: '#ueber-mich', id: 'ueber-mich' },
  references: { label: 'Referenzen', href: '#referenzen', id: 'referenzen' },
} as const;

/** Navigation, controls and aria labels; `whatsappGroup` (the header's button) is required word for word, the rest is free. */
export const LABELS = {
  mainNav: 'Hauptnavigation',
  mobileNav: 'Menü',
  openMenu: 'Menü öffnen',
  closeMenu: 'Menü schließen',
  whatsappGroup: 'WhatsApp Gruppe',
  home: 'Zur Startseite',
  backToTop: 'Nach oben',
  skipToContent: 'Zum Inhalt springen',
  playVideo: 'Video abspielen',
  videoPrivacy:
    'Das Video wird erst nach deinem Klick von YouTube geladen. Dabei erhält YouTube Daten wie deine IP-Adresse.',
  previousSlide: 'Vorheriger Eintrag',
  nextSlide: 'Nächster Eintrag',
  slide: 'Eintrag',
  slideOf: 'von',
  scrollRow: 'Einträge zum Durchblättern',
  chooseHorse: 'Pferd auswählen',
  chooseAudience: 'Ich bin …',
  before: 'Vorher',
  after: 'Nachher',
  divider: 'Vorher-Nachher-Regler',
  price: 'Preis',
  readMore: 'Zum Artikel',
  legal: 'Rechtliches',
  imprint: 'Impressum',
  privacy: 'Datenschutz',
  terms: 'AGB',
  backHome: 'Zurück zur Startseite',
} as const;

/** The 404 page (/404 and every unknown path) and the error page of an exception. */
export const ERROR_PAGE_COPY = {
  notFoundTitle: 'Seite nicht gefunden',
  notFoundText: 'Diese Seite gibt es nicht (mehr). Vielleicht hilft dir der Weg zurück zur Startseite.',
  /** The shorter sentence of the app's error boundary, for a 404 thrown by a route. */
  notFoundShort: 'Diese Seite gibt es nicht (mehr).',
  failedTitle: 'Etwas ist schiefgelaufen',
  failedText: 'Bitte lade die Seite neu oder versuche es später noch einmal.',
} as const;
