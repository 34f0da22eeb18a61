// A placeholder the published content still holds (GET /api/launch-readiness; the team dashboard's
// list before launch). Found by web/server/content/launch-readiness.server.ts.
export interface LaunchPlaceholder {
  /** Where in the Studio (English, as the dashboard is). */
  where: string;
  /** The value as published ('' for a missing one or one inside a text). */
  value: string;
  /** What marks it: "PLATZHALTER", "example.org", "dein.profil", "[…]", or "missing". */
  marker: string;
}
