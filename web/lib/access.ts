// The mentee/mentor code page's texts and the shape of POST /api/access's answer, shared by the
// page (with and without JavaScript) and the server.
import { CODE_LENGTH } from './code-box';

export const ACCESS_MESSAGES = {
  incomplete: `Bitte gib alle ${CODE_LENGTH} Zeichen deines Codes ein.`,
  wrong: 'Dieser Code ist leider nicht gültig. Bitte prüfe ihn und versuche es erneut.',
  tooMany: 'Zu viele falsche Versuche. Bitte versuche es in 15 Minuten erneut.',
  failed: 'Der Code konnte gerade nicht geprüft werden. Bitte versuche es erneut.',
  expired: 'Dein Zugang ist abgelaufen. Bitte gib deinen Code noch einmal ein.',
} as const;

/** POST /api/access's answer (200 and 429). */
export type AccessAnswer = { valid: true } | { valid: false; error: string };

/** A code as the server compares it: trimmed, upper-case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
/** Whether `code` (normalised) can be a code at all: five letters or digits. */
export const wellFormedCode = (code: string) => new RegExp(`^[A-Z0-9]{${CODE_LENGTH}}$`).test(code);
