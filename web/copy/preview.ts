// Interface words of the editor's draft preview (German).

export const PREVIEW_COPY = {
  /** The bar shown on a previewed page outside the Studio: "Vorschau – Entwurf · beenden". */
  bar: 'Vorschau – Entwurf',
  end: 'beenden',
  barLabel: 'Entwurfsvorschau',
  problemTitle: 'Dieser Entwurf ist noch nicht vollständig',
  problemHint:
    'Die Vorschau zeigt die Seite, sobald das im Studio ergänzt ist. Veröffentlichen lässt sich der Entwurf erst dann.',
} as const;

/** Where the preview ends (clears its cookie and goes to the start page). */
export const PREVIEW_DISABLE_PATH = '/api/preview/disable';
