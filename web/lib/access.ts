// The mentee/mentor code as the server compares it and the shape of POST /api/access's answer,
// shared by the page (with and without JavaScript) and the server. Its messages are in web/copy/access.ts.
import { CODE_LENGTH } from '~/copy/limits';

/** POST /api/access's answer (200 and 429). */
export type AccessAnswer = { valid: true } | { valid: false; error: string };

/** A code as the server compares it: trimmed, upper-case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
/** Whether `code` (normalised) can be a code at all: five letters or digits. */
export const wellFormedCode = (code: string) => new RegExp(`^[A-Z0-9]{${CODE_LENGTH}}$`).test(code);
