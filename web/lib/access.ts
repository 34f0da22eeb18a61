// The mentee/mentor code as the server compares it and the shape of POST /api/access's answer,
// shared by the page (with and without JavaScript) and the server. Its messages are in web/copy/access.ts.
import { CODE_LENGTH } from '~/copy/limits';
import { z } from 'zod';

/** POST /api/access's answer (200 and 429). */
export type AccessAnswer = { valid: true } | { valid: false; error: string };

/** A code as the server compares it: trimmed, upper-case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
/** Whether `code` (normalised) can be a code at all: five letters or digits. */
export const wellFormedCode = (code: string) => new RegExp(`^[A-Z0-9]{${CODE_LENGTH}}$`).test(code);

const CODE_EXPECTED = 'Expected {"code": "<5 characters>"}';
/** POST /api/access: the code as typed (at most 64 characters; checked by the access domain). */
export const accessCodeInput = z.object({ code: z.string(CODE_EXPECTED).max(64, CODE_EXPECTED) });

/** A post of /access's form (without JavaScript): the code as typed, at most 64 characters read. */
export const accessPageForm = z.object({
  code: z
    .string()
    .catch('')
    .transform((code) => code.slice(0, 64)),
});
