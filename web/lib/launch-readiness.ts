// A placeholder the published content still holds (GET /api/launch-readiness; the team dashboard's
// list before launch). Found by web/server/content/launch-readiness.server.ts.
export interface LaunchPlaceholder {
  /** Where in the Studio, as the (German) Studio names it: "Website-Einstellungen › Betreiberin (Impressum) › PLZ". */
  where: string;
  /** The value as published ('' for a missing one or one inside a text). */
  value: string;
  /** What marks it: "PLATZHALTER", "example.org", "dein.profil", "[…]", "missing", or NOT_WHATSAPP. */
  marker: string;
}

/** The marker of a WhatsApp group whose link is not an invitation (https://chat.whatsapp.com/…): the group links skip it. */
export const NOT_WHATSAPP = 'not a WhatsApp invitation link';
