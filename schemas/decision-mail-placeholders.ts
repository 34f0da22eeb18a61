// The placeholders of the decision mails' texts (singleton `decisionMails`): what the Studio lets
// an editor write, and how the server fills them in when it sends a mail. Plain functions, no
// Sanity imports: the server's mail code uses them too.

/** The placeholders a decision mail's subject and text may hold, and what each becomes. */
export const DECISION_MAIL_PLACEHOLDERS = {
  vorname: 'der Vorname der Bewerberin oder des Bewerbers (das erste Wort des Namens im Formular)',
  teammitglied: 'der Name des Teammitglieds, das entschieden hat',
} as const;
export type DecisionMailPlaceholder = keyof typeof DECISION_MAIL_PLACEHOLDERS;

/** `{vorname}`, also written `{ Vorname }`. */
const TOKEN = /\{([^{}\n]*)\}/g;
const ALLOWED = Object.keys(DECISION_MAIL_PLACEHOLDERS)
  .map((name) => `{${name}}`)
  .join(' und ');

const nameOf = (raw: string) => raw.trim().toLowerCase();
const isPlaceholder = (name: string): name is DecisionMailPlaceholder => name in DECISION_MAIL_PLACEHOLDERS;

/** What is wrong with the placeholders of `text` (German, for the Studio), or undefined. */
export function placeholderProblem(text: string): string | undefined {
  for (const [, raw] of text.matchAll(TOKEN)) {
    if (!isPlaceholder(nameOf(raw!))) return `Unbekannter Platzhalter „{${raw}}“. Erlaubt sind ${ALLOWED}.`;
  }
  if (/[{}]/.test(text.replace(TOKEN, '')))
    return `Eine geschweifte Klammer ist nicht geschlossen. Platzhalter sehen so aus: ${ALLOWED}.`;
  return undefined;
}

/** `text` with every placeholder replaced by its value (check it with placeholderProblem first). */
export function fillPlaceholders(text: string, values: Record<DecisionMailPlaceholder, string>): string {
  return text.replace(TOKEN, (token, raw: string) => {
    const name = nameOf(raw);
    return isPlaceholder(name) ? values[name] : token;
  });
}
