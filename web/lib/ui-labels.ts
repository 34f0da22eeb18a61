// Structural German labels of the landing and legal pages (navigation, controls, aria labels).
// Editorial copy comes from the content module; these are the page's fixed interface words.
export const NAV = {
  products: { label: 'Produkte', href: '#produkte', id: 'produkte' },
  about: { label: 'Über Mich', href: '#ueber-mich', id: 'ueber-mich' },
  references: { label: 'Referenzen', href: '#referenzen', id: 'referenzen' },
} as const;

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

/** A price in German notation: "0 €" with a non-breaking space. */
export const formatPrice = (euros: number) =>
  `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(euros)}\u00a0€`;

/** An ISO date (2025-06-21) the German way (21.06.2025); anything else is returned as given. */
export function formatDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}
